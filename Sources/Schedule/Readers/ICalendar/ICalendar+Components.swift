import JSON

/// Components (RFC 5545 §3.4–3.6): the structure, which alone can refuse a file.
extension ICalendar {
  /// A component between `BEGIN:NAME` and `END:NAME`, with its properties and the
  /// components inside it.
  struct Component: Equatable {
    var name: String
    /// The line of its `BEGIN`.
    var line: Int
    var properties: [ContentLine] = []
    var components: [Component] = []

    /// The first property named `name`.
    func property(_ name: String) -> ContentLine? { properties.first { $0.name == name } }

    /// Every property named `name`, in order.
    func properties(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
  }

  /// The most components nested inside one another; deeper is an error, not a stack overflow.
  static let maximumDepth = 16

  /// What the reader left out of a file whose structure holds: lines it could not read,
  /// and whether the events came without a `VCALENDAR` around them. Said in one warning,
  /// with what the events leave out.
  struct Leftovers {
    /// Lines not read, with their number and why.
    var unreadLines: [(line: Int, reason: String)] = []
    /// The line of the first component met outside a `VCALENDAR`; nil when there is none.
    var bareLine: Int?
  }

  /// The components a calendar holds, which a file of bare events may hold without one.
  static let calendarComponents: Set<String> = [
    "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE",
  ]

  /// The calendars in `lines`, dropping what `components(_:leftovers:)` counts.
  static func components(_ lines: [ContentLine]) throws(Diagnostic) -> [Component] {
    var leftovers = Leftovers()
    return try components(lines, leftovers: &leftovers)
  }

  /// The calendars in `lines`: every `BEGIN` closed by the `END` of the same name.
  ///
  /// Only a broken structure is an error: a `BEGIN` never ended, an `END` that ends
  /// nothing or another component. Components a calendar holds, found outside one (a
  /// file of bare `VEVENT`s), make one more calendar, noted in `leftovers`; a property
  /// outside every component is left out and counted there.
  static func components(_ lines: [ContentLine], leftovers: inout Leftovers) throws(Diagnostic)
    -> [Component]
  {
    var nesting = Nesting()
    for line in lines {
      switch line.name {
      case "BEGIN": try nesting.begin(line, leftovers: &leftovers)
      case "END": try nesting.end(line)
      default:
        guard !nesting.stack.isEmpty else {
          leftovers.unreadLines.append(
            (line.line, "\(Excerpt.cut(line.name)) outside BEGIN:VCALENDAR"))
          continue
        }
        nesting.stack[nesting.stack.count - 1].properties.append(line)
      }
    }
    if let open = nesting.stack.last {
      throw error(
        open.line, "BEGIN:\(Excerpt.cut(open.name)) is never ended (END:\(Excerpt.cut(open.name)))")
    }
    var calendars = nesting.calendars
    if let bare = nesting.bare { calendars.append(bare) }
    guard !calendars.isEmpty else { throw error(1, "no BEGIN:VCALENDAR") }
    return calendars
  }

  /// The components open while reading, and the calendars closed.
  struct Nesting {
    var stack: [Component] = []
    var calendars: [Component] = []
    /// The calendar made for components found outside one.
    var bare: Component? = nil

    /// Opens the component a `BEGIN` line names.
    mutating func begin(_ line: ContentLine, leftovers: inout Leftovers) throws(Diagnostic) {
      let name = line.value.uppercased()
      guard !name.isEmpty else { throw error(line.line, "BEGIN names no component") }
      if stack.isEmpty && name != "VCALENDAR" {
        guard calendarComponents.contains(name) else {
          throw error(
            line.line,
            "BEGIN:\(Excerpt.cut(name)) is not part of a calendar (an iCalendar file starts with BEGIN:VCALENDAR)"
          )
        }
        if bare == nil {
          bare = Component(name: "VCALENDAR", line: line.line)
          leftovers.bareLine = line.line
        }
      }
      guard stack.count < maximumDepth else {
        throw error(line.line, "components nested more than \(maximumDepth) deep")
      }
      stack.append(Component(name: name, line: line.line))
    }

    /// Closes the component an `END` line names, which must be the one open.
    mutating func end(_ line: ContentLine) throws(Diagnostic) {
      let name = line.value.uppercased()
      guard let open = stack.popLast() else {
        throw error(line.line, "END:\(Excerpt.cut(name)) with nothing open")
      }
      guard open.name == name else {
        throw error(
          line.line,
          "END:\(Excerpt.cut(name)) where BEGIN:\(Excerpt.cut(open.name)) (line \(open.line)) should end"
        )
      }
      if !stack.isEmpty {
        stack[stack.count - 1].components.append(open)
      } else if open.name == "VCALENDAR" {
        calendars.append(open)
      } else {
        bare?.components.append(open)
      }
    }
  }
}
