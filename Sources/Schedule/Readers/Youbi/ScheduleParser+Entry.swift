import JSON

/// Entries: a title string, or an object of known fields.
extension ScheduleParser {
  /// Reads the entry at `index` of the day at `dayPath` and appends it to
  /// `serials`; an entry that is not valid is reported instead (and only
  /// when collecting errors does reading go on).
  ///
  /// Appending here, rather than returning an optional `Serial` (96 bytes),
  /// saves a copy per entry.
  mutating func parseEntry(path dayPath: String, index: Int, into serials: inout [Serial])
    throws(Diagnostic)
  {
    switch reader.nextKind {
    case .string:
      serials.append(Serial(title: try readString()))
      return
    case .object:
      break
    default:
      if reader.peek == nil {
        throw diagnostic(at: reader.offset, "expected a value, found end of input")
      }
      try mismatch(
        path: "\(dayPath)[\(index)]",
        "expected a title string or an object with \"title\", found \(reader.found)")
      return
    }
    let objectStart = reader.offset
    // Built only for a message: most entries never need their path.
    func path() -> String { "\(dayPath)[\(index)]" }
    try beginObject()
    var title: String?
    var author: String?
    var note: String?
    var time: ReleaseTime?
    var start: CivilDate?
    var end: CivilDate?
    var skip: [CivilDate] = []
    var url: WebURL?
    var id: String?
    var every = 1
    var everyAt: Int?
    var valid = true
    var startAt = 0
    var endAt = 0
    while let key = try nextKey(path: path()) {
      switch field(key.name) {
      case .title:
        guard reader.nextKind == .string else {
          try mismatch(path: path() + ".title", "expected a string, found \(reader.found)")
          valid = false
          continue
        }
        title = try readString()
      case .author: author = try optionalString(path: path() + ".author", valid: &valid)
      case .note: note = try optionalString(path: path() + ".note", valid: &valid)
      case .time: time = try releaseTime(path: path() + ".time", valid: &valid)
      case .start:
        startAt = reader.offset
        start = try date(path: path() + ".start", valid: &valid)
      case .end:
        endAt = reader.offset
        end = try date(path: path() + ".end", valid: &valid)
      case .skip: skip = try dates(path: path() + ".skip", valid: &valid)
      case .url: url = try webURL(path: path() + ".url", valid: &valid)
      case .id:
        if reader.nextKind == .number {
          let range: Range<Int>
          do { range = try reader.readNumber() } catch { throw diagnostic(error, path: nil) }
          id = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)
        } else {
          id = try optionalText(
            path: path() + ".id", expected: "a string or a number", valid: &valid)?
            .text
        }
      case .every:
        everyAt = reader.offset
        every = try weeks(path: path() + ".every", valid: &valid) ?? 1
      case nil: try unknownField(key, path: path(), known: .entry)
      }
    }
    if let start, let end, end < start {
      let line = reader.position(of: startAt).line
      try problem(
        at: endAt, path: path() + ".end", "\(end) is before start \(start) (line \(line))")
      valid = false
    }
    if let everyAt, every > 1, start == nil {
      try problem(
        at: everyAt, path: path() + ".every",
        "every \(every) weeks needs a \"start\" to count the weeks from")
      valid = false
    }
    guard let title else {
      try problem(at: objectStart, path: path(), "entry has no \"title\"")
      return
    }
    guard valid else { return }
    serials.append(
      Serial(
        title: title, author: author, note: note, time: time, start: start, end: end, skip: skip,
        url: url, id: id, every: every))
  }

  /// The entry fields, named as in the file.
  enum EntryField {
    case title, author, note, time, start, end, skip, url, id, every
  }

  /// Which entry field `name` is, nil for an unknown one: the length picks
  /// the candidates, so most keys take one comparison.
  func field(_ name: JSONString) -> EntryField? {
    switch reader.utf8Count(name) {
    case 2:
      if reader.matches(name, "id") { return .id }
    case 3:
      if reader.matches(name, "end") { return .end }
      if reader.matches(name, "url") { return .url }
    case 4:
      if reader.matches(name, "note") { return .note }
      if reader.matches(name, "time") { return .time }
      if reader.matches(name, "skip") { return .skip }
    case 5:
      if reader.matches(name, "title") { return .title }
      if reader.matches(name, "start") { return .start }
      if reader.matches(name, "every") { return .every }
    case 6:
      if reader.matches(name, "author") { return .author }
    default: break
    }
    return nil
  }

  // MARK: - Field values

  /// The text of a string value and where it starts; nil for `null`, and
  /// for anything else after reporting it (and clearing `valid`).
  mutating func optionalText(path: @autoclosure () -> String, expected: String, valid: inout Bool)
    throws(Diagnostic) -> (text: String, at: Int)?
  {
    switch reader.nextKind {
    case .string:
      let at = reader.offset
      return (try readString(), at)
    case .null:
      try readNull()
      return nil
    default:
      try mismatch(path: path(), "expected \(expected), found \(reader.found)")
      valid = false
      return nil
    }
  }

  /// A string, or nil for `null`; anything else is reported.
  mutating func optionalString(path: @autoclosure () -> String, valid: inout Bool)
    throws(Diagnostic) -> String?
  {
    try optionalText(path: path(), expected: "a string", valid: &valid)?.text
  }

  mutating func optionalString(path: @autoclosure () -> String) throws(Diagnostic) -> String? {
    var valid = true
    return try optionalString(path: path(), valid: &valid)
  }

  mutating func releaseTime(path: @autoclosure () -> String, valid: inout Bool) throws(Diagnostic)
    -> ReleaseTime?
  {
    let expected = "a time \"HH:MM\" from 00:00 to 29:59"
    guard let (text, at) = try optionalText(path: path(), expected: expected, valid: &valid) else {
      return nil
    }
    guard let time = ReleaseTime(parsing: text) else {
      try problem(at: at, path: path(), "expected \(expected), found \(Excerpt.quoted(text))")
      valid = false
      return nil
    }
    return time
  }

  // MARK: - Unknown fields

  /// Skips the value of a field the format does not know, warning when its
  /// name is a near miss of one it does: two edits at most, one for names of
  /// four letters or fewer (so `id` is not taken for `end`).
  ///
  /// Files repeat their extra fields in every entry (`id`, `tags`), so the
  /// answer for the last unknown name is remembered.
  mutating func unknownField(
    _ key: JSONKey, path: @autoclosure () -> String?, known: Fields
  ) throws(Diagnostic) {
    let near: String?
    if let memo = lastUnknown, memo.fields == known,
      reader.withUTF8(key.name, { $0.elementsEqual(memo.name) })
    {
      near = memo.near
    } else {
      near = reader.withUTF8(key.name) { utf8 in
        Suggestion.nearest(toUTF8: utf8, among: known.names, maxDistance: { $0 <= 4 ? 1 : 2 })
      }
      if reader.utf8Count(key.name) <= Suggestion.maxLength * 4 {
        lastUnknown = (known, reader.withUTF8(key.name) { Array($0) }, near)
      }
    }
    if let near {
      try problem(
        .warning, at: key.offset, path: path(),
        "unknown field \(reader.quoted(key.name)); did you mean \"\(near)\"?")
    }
    try skipValue()
  }
}
