import JSON

/// Builds a `Schedule` from JSON in one pass over a `JSONReader`.
///
/// The reader checks the JSON (strict RFC 8259, UTF-8, duplicate keys,
/// nesting); the parser checks the shape, turns the values it knows into the
/// model, and skips unknown fields after the reader has checked them.
///
/// Loading stops at the first error. Checking (`collectsErrors`) records a
/// shape error, skips the value it is about, and reads on, so one pass finds
/// every problem; only a JSON error, after which nothing can be trusted,
/// stops it. Warnings are recorded either way.
struct ScheduleParser {
  var reader: JSONReader
  /// Keep reading after a shape error (for `--check`) instead of stopping.
  let collectsErrors: Bool
  /// Shape errors (when collecting) and warnings, in reading order, at most
  /// `ScheduleLoader.maxDiagnostics` (see `problemsInFileOrder`).
  var problems: [Diagnostic] = []
  /// Problems found past the listing limit.
  var unlistedErrors = 0
  var unlistedWarnings = 0
  var warningCount = 0

  /// The last unknown field name, which fields it was among, and the
  /// suggestion for it (see `unknownField`).
  var lastUnknown: (fields: Fields, name: [UInt8], near: String?)?

  /// The fields an object of each kind knows.
  enum Fields: Equatable {
    case top, section, entry

    var names: [String] {
      switch self {
      case .top: ["title", "kind", "timezone", "days", "sections"]
      case .section: ["title", "kind", "timezone", "days"]
      case .entry:
        ["title", "author", "note", "time", "start", "end", "skip", "url", "id", "every"]
      }
    }
  }

  init(_ buf: UnsafeBufferPointer<UInt8>, collectsErrors: Bool = false) {
    reader = JSONReader(buf)
    self.collectsErrors = collectsErrors
  }

  // MARK: - Top level

  mutating func parseSchedule() throws(Diagnostic) -> Schedule {
    try begin()
    guard reader.peek != nil else {
      throw diagnostic(
        at: reader.offset, "no JSON value, only whitespace; expected an object with \"days\"")
    }
    var title: String?
    var kind: SectionKind?
    var sections: [Schedule.Section] = []
    var zone: (name: String, line: Int)?
    if reader.nextKind == .object {
      let objectStart = reader.offset
      try beginObject()
      var days: JSONKey?
      var sectionsKey: JSONKey?
      while let key = try nextKey(path: nil) {
        if reader.matches(key.name, "title") {
          title = try optionalString(path: "title")
        } else if reader.matches(key.name, "kind") {
          kind = try sectionKind(path: "kind")
        } else if reader.matches(key.name, "timezone") {
          zone = try timezone(path: "timezone")
        } else if reader.matches(key.name, "days") {
          if let other = sectionsKey { try bothDaysAndSections(key, other) }
          days = key
          sections = [Schedule.Section(days: try parseDays(path: "days"))]
        } else if reader.matches(key.name, "sections") {
          if let other = days { try bothDaysAndSections(key, other) }
          sectionsKey = key
          sections = try parseSections()
        } else {
          try unknownField(key, path: nil, known: .top)
        }
      }
      if days == nil && sectionsKey == nil {
        try problem(
          at: objectStart,
          "the top-level object has no \"days\" (an object of weekday → entries) or \"sections\"")
      }
    } else {
      try mismatch(path: nil, "expected a JSON object at the top level, found \(reader.found)")
    }
    if !reader.isAtEndAfterWhitespace() {
      throw diagnostic(at: reader.offset, "unexpected \(reader.found) after the top-level object")
    }
    if sections.isEmpty { sections = [Schedule.Section()] }  // only when checking, never returned
    if let kind {
      for i in sections.indices where sections[i].kind == nil { sections[i].kind = kind }
    }
    if let zone {
      for i in sections.indices where sections[i].timezone == nil {
        sections[i].timezone = zone.name
        sections[i].timezoneLine = zone.line
      }
    }
    return Schedule(
      title: title, sections: sections, warnings: problemsInFileOrder, warningCount: warningCount)
  }

  /// `"anime"`, `"manga"` or `"other"` (or `null`); anything else is reported.
  mutating func sectionKind(path: String) throws(Diagnostic) -> SectionKind? {
    var valid = true
    guard
      let (text, at) = try optionalText(
        path: path, expected: "\"anime\", \"manga\" or \"other\"", valid: &valid)
    else { return nil }
    guard let kind = SectionKind(rawValue: text) else {
      try problem(
        at: at, path: path,
        "expected \"anime\", \"manga\" or \"other\", found \(Excerpt.quoted(text))")
      return nil
    }
    return kind
  }

  mutating func bothDaysAndSections(_ key: JSONKey, _ other: JSONKey) throws(Diagnostic) {
    let line = reader.position(of: other.offset).line
    try problem(
      at: key.offset,
      "\"\(reader.string(key.name))\" and \"\(reader.string(other.name))\" (line \(line)) cannot both be given; use one"
    )
  }

  // MARK: - Sections

  mutating func parseSections() throws(Diagnostic) -> [Schedule.Section] {
    guard reader.nextKind == .array else {
      try mismatch(path: "sections", "expected an array of sections, found \(reader.found)")
      return []
    }
    let arrayStart = reader.offset
    try beginArray()
    var sections: [Schedule.Section] = []
    var index = 0
    while try nextElement() {
      if let section = try parseSection(index: index) { sections.append(section) }
      index += 1
    }
    if index == 0 {
      try problem(at: arrayStart, path: "sections", "expected at least one section")
    }
    return sections
  }

  mutating func parseSection(index: Int) throws(Diagnostic) -> Schedule.Section? {
    let path = "sections[\(index)]"
    guard reader.nextKind == .object else {
      try mismatch(
        path: path, "expected a section, an object with \"days\", found \(reader.found)")
      return nil
    }
    let objectStart = reader.offset
    try beginObject()
    var title: String?
    var kind: SectionKind?
    var days: [Weekday: [Serial]]?
    var zone: (name: String, line: Int)?
    while let key = try nextKey(path: path) {
      if reader.matches(key.name, "title") {
        title = try optionalString(path: path + ".title")
      } else if reader.matches(key.name, "kind") {
        kind = try sectionKind(path: path + ".kind")
      } else if reader.matches(key.name, "timezone") {
        zone = try timezone(path: path + ".timezone")
      } else if reader.matches(key.name, "days") {
        days = try parseDays(path: path + ".days")
      } else {
        try unknownField(key, path: path, known: .section)
      }
    }
    guard let days else {
      try problem(
        at: objectStart, path: path, "section has no \"days\" (an object of weekday → entries)")
      return nil
    }
    var section = Schedule.Section(title: title, kind: kind, days: days)
    section.timezone = zone?.name
    section.timezoneLine = zone?.line
    return section
  }

  // MARK: - Days

  mutating func parseDays(path: String) throws(Diagnostic) -> [Weekday: [Serial]] {
    guard reader.nextKind == .object else {
      try mismatch(path: path, "expected an object of weekdays, found \(reader.found)")
      return [:]
    }
    try beginObject()
    var days: [Weekday: [Serial]] = [:]
    var seen: [Weekday: (key: String, at: Int)] = [:]
    while let key = try nextKey(path: path) {
      guard let (day, name) = weekday(key) else {
        // Only a short key is read whole; a long one is no day and no typo.
        let message =
          reader.utf8Count(key.name) <= Suggestion.maxLength * 4
          ? DayKeySuggestion.unknownDayMessage(reader.string(key.name))
          : DayKeySuggestion.unknownDayMessage(quoted: reader.quoted(key.name))
        try problem(at: key.offset, path: path, message)
        try skipValue()
        continue
      }
      if let other = seen[day] {
        let line = reader.position(of: other.at).line
        try problem(
          at: key.offset, path: path,
          "\"\(name)\" and \"\(other.key)\" (line \(line)) are the same day, \(day.name)")
      } else {
        seen[day] = (name, key.offset)
      }
      let entries = try parseEntries(path: path + "." + name)
      if days[day] == nil { days[day] = entries }
    }
    return days
  }

  /// The weekday `key` names, and its text; nil when it names none.
  mutating func weekday(_ key: JSONKey) -> (Weekday, String)? {
    // The longest day key is 9 bytes: `wednesday`, `月曜日`.
    guard reader.utf8Count(key.name) <= 9 else { return nil }
    let name = reader.string(key.name)
    return Weekday(parsing: name).map { ($0, name) }
  }

  mutating func parseEntries(path: String) throws(Diagnostic) -> [Serial] {
    guard reader.nextKind == .array else {
      try mismatch(path: path, "expected an array of entries, found \(reader.found)")
      return []
    }
    try beginArray()
    var serials: [Serial] = []
    var index = 0
    while try nextElement() {
      try parseEntry(path: path, index: index, into: &serials)
      index += 1
    }
    return serials
  }
}
