/// Content lines and components: the syntax of RFC 5545 §3.1 and §3.4–3.6.
extension ICalendar {
  /// One unfolded content line: `NAME;PARAM=VALUE:value`.
  struct ContentLine: Equatable {
    /// The property name, in upper case.
    var name: String
    /// Parameters in order, names in upper case, values unquoted.
    var parameters: [(name: String, value: String)]
    /// The value as written (still escaped, for text).
    var value: String
    /// The first physical line of the content line, from 1.
    var line: Int

    /// The value of parameter `name`, if given.
    func parameter(_ name: String) -> String? {
      parameters.first { $0.name == name }?.value
    }

    static func == (a: ContentLine, b: ContentLine) -> Bool {
      a.name == b.name && a.value == b.value && a.line == b.line
        && a.parameters.map(\.name) == b.parameters.map(\.name)
        && a.parameters.map(\.value) == b.parameters.map(\.value)
    }
  }

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

  /// The unfolded content lines of `bytes`.
  ///
  /// Lines end in CRLF or LF; a line that starts with a space or a tab continues the one
  /// before (RFC 5545 §3.1). Unfolding works on bytes, so a UTF-8 character that a
  /// 75-octet fold cut in two is whole again before the text is decoded. Blank lines are
  /// skipped.
  static func contentLines(_ bytes: [UInt8]) throws(Diagnostic) -> [ContentLine] {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var lines: [ContentLine] = []
    var logical: [UInt8] = []
    var logicalLine = 0
    var number = 0
    func flush() throws(Diagnostic) {
      defer { logical.removeAll(keepingCapacity: true) }
      guard !logical.isEmpty else { return }
      lines.append(try contentLine(logical, line: logicalLine))
    }
    while start < bytes.count {
      number += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      var stop = end
      if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
      let physical = bytes[start..<stop]
      if let first = physical.first, first == 0x20 || first == 0x09 {
        if logical.isEmpty {
          if physical.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            start = end + 1
            continue
          }
          throw error(number, "a continuation line (starting with a space) with no line before it")
        }
        logical += physical.dropFirst()
      } else {
        try flush()
        logical += physical
        logicalLine = number
      }
      start = end + 1
    }
    try flush()
    return lines
  }

  /// Reads one unfolded line: name, parameters, value.
  static func contentLine(_ bytes: [UInt8], line: Int) throws(Diagnostic) -> ContentLine {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw error(line, "not UTF-8")
    }
    let scalars = Array(text.unicodeScalars)
    var i = 0
    func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
      ("A"..."Z").contains(s) || ("a"..."z").contains(s) || ("0"..."9").contains(s) || s == "-"
    }
    func name() throws(Diagnostic) -> String {
      let from = i
      while i < scalars.count, isNameCharacter(scalars[i]) { i += 1 }
      guard i > from else {
        let found = i < scalars.count ? "'\(scalars[i])'" : "the end of the line"
        throw error(line, "expected a property or parameter name, found \(found)")
      }
      return String(String.UnicodeScalarView(scalars[from..<i])).uppercased()
    }
    let property = try name()
    var parameters: [(name: String, value: String)] = []
    while i < scalars.count, scalars[i] == ";" {
      i += 1
      let parameter = try name()
      guard i < scalars.count, scalars[i] == "=" else {
        throw error(line, "parameter \(parameter) of \(property) has no '='")
      }
      i += 1
      var values: [String] = []
      repeat {
        if i < scalars.count, scalars[i] == "," { i += 1 }
        var value = String.UnicodeScalarView()
        if i < scalars.count, scalars[i] == "\"" {
          i += 1
          while i < scalars.count, scalars[i] != "\"" {
            value.append(scalars[i])
            i += 1
          }
          guard i < scalars.count else {
            throw error(line, "parameter \(parameter) of \(property): a quote is never closed")
          }
          i += 1
        } else {
          while i < scalars.count, !";:,".unicodeScalars.contains(scalars[i]) {
            value.append(scalars[i])
            i += 1
          }
        }
        values.append(String(value))
      } while i < scalars.count && scalars[i] == ","
      parameters.append((parameter, values.joined(separator: ",")))
    }
    guard i < scalars.count, scalars[i] == ":" else {
      throw error(line, "\(property) has no ':' before its value")
    }
    let value = String(String.UnicodeScalarView(scalars[(i + 1)...]))
    return ContentLine(name: property, parameters: parameters, value: value, line: line)
  }

  /// The calendars in `lines`: every `BEGIN` closed by the `END` of the same name,
  /// nothing outside a `VCALENDAR`.
  static func components(_ lines: [ContentLine]) throws(Diagnostic) -> [Component] {
    var stack: [Component] = []
    var calendars: [Component] = []
    for line in lines {
      switch line.name {
      case "BEGIN":
        let name = line.value.uppercased()
        guard !name.isEmpty else { throw error(line.line, "BEGIN names no component") }
        if stack.isEmpty && name != "VCALENDAR" {
          throw error(line.line, "BEGIN:\(name) outside BEGIN:VCALENDAR")
        }
        guard stack.count < maximumDepth else {
          throw error(line.line, "components nested more than \(maximumDepth) deep")
        }
        stack.append(Component(name: name, line: line.line))
      case "END":
        let name = line.value.uppercased()
        guard let open = stack.popLast() else {
          throw error(line.line, "END:\(name) with nothing open")
        }
        guard open.name == name else {
          throw error(
            line.line, "END:\(name) where BEGIN:\(open.name) (line \(open.line)) should end")
        }
        if stack.isEmpty {
          calendars.append(open)
        } else {
          stack[stack.count - 1].components.append(open)
        }
      default:
        guard !stack.isEmpty else {
          throw error(line.line, "\(line.name) outside BEGIN:VCALENDAR")
        }
        stack[stack.count - 1].properties.append(line)
      }
    }
    if let open = stack.last {
      throw error(open.line, "BEGIN:\(open.name) is never ended (END:\(open.name))")
    }
    guard !calendars.isEmpty else { throw error(1, "no BEGIN:VCALENDAR") }
    return calendars
  }
}
