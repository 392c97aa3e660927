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
    var entry = try entryFields(path: path())
    try checkDates(&entry, path: path())
    guard let title = entry.title else {
      try problem(at: objectStart, path: path(), "entry has no \"title\"")
      return
    }
    guard entry.valid else { return }
    serials.append(
      Serial(
        title: title, author: entry.author, note: entry.note, time: entry.time,
        start: entry.start, end: entry.end, skip: entry.skip, url: entry.url, id: entry.id,
        every: entry.every))
  }

  /// An entry object's fields as read, and where the ones that are checked together were.
  struct EntryFields {
    var title, author, note, id: String?
    var time: ReleaseTime?
    var start, end: CivilDate?
    var skip: [CivilDate] = []
    var url: WebURL?
    var every = 1
    var everyAt: Int?
    var startAt = 0
    var endAt = 0
    /// False once a field was reported: the entry is left out.
    var valid = true
  }

  /// Reads the fields of the entry object that begins here, up to its end.
  mutating func entryFields(path: @autoclosure () -> String) throws(Diagnostic) -> EntryFields {
    try beginObject()
    var entry = EntryFields()
    while let key = try nextKey(path: path()) {
      guard let field = field(key.name) else {
        try unknownField(key, path: path(), known: .entry)
        continue
      }
      try read(field, into: &entry, path: path())
    }
    return entry
  }

  /// Reads the value of `field` into `entry`.
  mutating func read(
    _ field: EntryField, into entry: inout EntryFields, path: @autoclosure () -> String
  ) throws(Diagnostic) {
    switch field {
    case .title:
      guard reader.nextKind == .string else {
        try mismatch(path: path() + ".title", "expected a string, found \(reader.found)")
        entry.valid = false
        return
      }
      entry.title = try readString()
    case .author: entry.author = try optionalString(path: path() + ".author", valid: &entry.valid)
    case .note: entry.note = try optionalString(path: path() + ".note", valid: &entry.valid)
    case .time: entry.time = try releaseTime(path: path() + ".time", valid: &entry.valid)
    case .start:
      entry.startAt = reader.offset
      entry.start = try date(path: path() + ".start", valid: &entry.valid)
    case .end:
      entry.endAt = reader.offset
      entry.end = try date(path: path() + ".end", valid: &entry.valid)
    case .skip: entry.skip = try dates(path: path() + ".skip", valid: &entry.valid)
    case .url: entry.url = try webURL(path: path() + ".url", valid: &entry.valid)
    case .id: entry.id = try entryID(path: path() + ".id", valid: &entry.valid)
    case .every:
      entry.everyAt = reader.offset
      entry.every = try weeks(path: path() + ".every", valid: &entry.valid) ?? 1
    }
  }

  /// An `id`: a string, or a number kept as written.
  mutating func entryID(path: @autoclosure () -> String, valid: inout Bool) throws(Diagnostic)
    -> String?
  {
    guard reader.nextKind == .number else {
      return try optionalText(path: path(), expected: "a string or a number", valid: &valid)?.text
    }
    let range: Range<Int>
    do { range = try reader.readNumber() } catch { throw diagnostic(error, path: nil) }
    return String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)
  }

  /// Reports an `end` before `start`, and `every` without a `start`.
  mutating func checkDates(_ entry: inout EntryFields, path: @autoclosure () -> String)
    throws(Diagnostic)
  {
    if let start = entry.start, let end = entry.end, end < start {
      let line = reader.position(of: entry.startAt).line
      try problem(
        at: entry.endAt, path: path() + ".end", "\(end) is before start \(start) (line \(line))")
      entry.valid = false
    }
    if let everyAt = entry.everyAt, entry.every > 1, entry.start == nil {
      try problem(
        at: everyAt, path: path() + ".every",
        "every \(entry.every) weeks needs a \"start\" to count the weeks from")
      entry.valid = false
    }
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
