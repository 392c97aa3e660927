import JSON

/// Reads bangumi-data (https://github.com/bangumi-data/bangumi-data): the whole
/// `dist/data.json` (`{"siteMeta": …, "items": […]}`) or a bare array of items as in
/// `data/items/YYYY/MM.json`.
///
/// Streamed: at 7.7 MB and 8,800 items the file is read once, each item placed on the
/// local calendar as it is read, and no tree of it is ever built.
///
/// - `broadcast` `R/<instant>/P7D` is a weekly slot, `P1D` daily, `P0D` one airing; an
///   item without one but with a `begin` airs once then. Other periods are left out.
/// - `begin` and `end` bound the airings; an empty `end` leaves it running.
/// - `title` is the original title, `titleTranslate` the others; `officialSite` the
///   link; `sites` with `siteMeta`'s `urlTemplate` the places to watch.
/// - No episode numbers: the data has none.
///
/// A wrong value leaves its item out with a warning naming its path; only a file whose
/// shape is not bangumi-data's (items not an array) is refused.
struct BangumiDataReader {
  var reader: JSONReader
  var placer: LocalCalendar.Placer
  var days: [[Serial]] = Array(repeating: [], count: 7)
  /// The index in `templates` of each place to watch (`onair`) and tracker (`info`).
  var sites: [String: Int32] = [:]
  /// Their URL templates, cut at `{{id}}`, shared by every item's links.
  var templates = SiteLinks.Templates([])
  var problems = SourceProblems()
  /// When reading a `reference`: each item by its AniList and MyAnimeList ids, nothing
  /// placed; nil when reading a schedule.
  var catalogue: [String: ReferenceCatalogue.Entry]?
  /// When reading a `reference`: the items it keeps (those with an id), and their
  /// platforms' slots, which `--check` counts.
  var catalogueCounts = (shows: 0, slots: 0)
  /// Hands back the bytes below an offset, which the reader is done with (the pages of
  /// a large file: `PageBuffer.release(below:)`); nil keeps them.
  var handBack: ((Int) -> Void)?
  /// Where the bytes were last handed back.
  var handedBack = 0
  /// For each weekday, its dates in `calendar.listing`, when the calendar lists only
  /// those: a serial listed on none of them is left out as it is read.
  let listing: [[CivilDate]]?

  init(_ buf: UnsafeBufferPointer<UInt8>, calendar: LocalCalendar) {
    reader = JSONReader(buf)
    placer = LocalCalendar.Placer(calendar)
    listing = calendar.listedDates
  }

  mutating func schedule() throws(Diagnostic) -> Schedule {
    try step { (r: inout JSONReader) throws(JSONError) in try r.begin() }
    if reader.nextKind == .array {
      try items(path: "")
    } else {
      try step { (r: inout JSONReader) throws(JSONError) in try r.beginObject() }
      var sawItems = false
      while let key = try step({ (r: inout JSONReader) throws(JSONError) in try r.nextKey() }) {
        if reader.matches(key.name, "siteMeta") {
          try siteMeta()
        } else if reader.matches(key.name, "items") {
          sawItems = true
          try items(path: "items")
        } else {
          try skip()
        }
      }
      if !sawItems { throw problems.error(&reader, at: 0, path: nil, "no \"items\"") }
    }
    if !reader.isAtEndAfterWhitespace() {
      throw problems.error(
        &reader, at: reader.offset, path: nil, "unexpected \(reader.found) after the top level")
    }
    let days = self.days
    self.days = []
    return problems.schedule(
      title: "bangumi-data", days: days, format: .bangumiData,
      unknownZones: placer.unknownZones)
  }

  /// Runs one reader step, its JSON error made a diagnostic.
  mutating func step<T>(_ body: (inout JSONReader) throws(JSONError) -> T) throws(Diagnostic) -> T {
    do { return try body(&reader) } catch {
      throw Diagnostic(
        .error, line: error.position.line, column: error.position.column, error.message)
    }
  }

  mutating func skip() throws(Diagnostic) {
    try step { (r: inout JSONReader) throws(JSONError) in try r.skipValue() }
  }

  /// A string value; nil (after a warning naming `path`) for anything else.
  mutating func string(path: @autoclosure () -> String) throws(Diagnostic) -> String? {
    guard reader.nextKind == .string else {
      problems.warn(
        &reader, at: reader.offset, path: path(), "expected a string, found \(reader.found)")
      try skip()
      return nil
    }
    return try step { (r: inout JSONReader) throws(JSONError) in r.string(try r.readString()) }
  }

  // MARK: - Sites

  mutating func siteMeta() throws(Diagnostic) {
    guard reader.nextKind == .object else {
      problems.warn(
        &reader, at: reader.offset, path: "siteMeta", "expected an object, found \(reader.found)")
      return try skip()
    }
    try step { (r: inout JSONReader) throws(JSONError) in try r.beginObject() }
    var found: [SiteLinks.Templates.Site] = []
    defer { templates = SiteLinks.Templates(found) }
    while let key = try step({ (r: inout JSONReader) throws(JSONError) in try r.nextKey() }) {
      let name = reader.string(key.name)
      let named = "siteMeta." + Excerpt.cut(name)
      guard reader.nextKind == .object else {
        try skip()
        continue
      }
      try step { (r: inout JSONReader) throws(JSONError) in try r.beginObject() }
      var template: String?
      var title: String?
      var type: String?
      while let field = try step({ (r: inout JSONReader) throws(JSONError) in try r.nextKey() }) {
        if reader.matches(field.name, "title") {
          title = try string(path: named + ".title")
        } else if reader.matches(field.name, "urlTemplate") {
          template = try string(path: named + ".urlTemplate")
        } else if reader.matches(field.name, "type") {
          type = try string(path: named + ".type")
        } else {
          try skip()
        }
      }
      if let template, type == "onair" || type == "info" {
        // What comes before and after the first {{id}} (bytes: the standard library
        // alone has no substring search).
        let bytes = Array(template.utf8)
        let marker = Array("{{id}}".utf8)
        let at = bytes.indices.first { bytes[$0...].starts(with: marker) }
        let before = at.map { String(decoding: bytes[..<$0], as: UTF8.self) } ?? template
        let after = at.map { String(decoding: bytes[($0 + marker.count)...], as: UTF8.self) } ?? ""
        sites[name] = Int32(found.count)
        // Shown by its title (`Crunchyroll`), else by its key.
        let shown = title.flatMap { $0.isEmpty ? nil : $0 } ?? name
        found.append((shown, before, after, type == "info"))
      }
    }
  }

  // MARK: - Items

  mutating func items(path: String) throws(Diagnostic) {
    guard reader.nextKind == .array else {
      throw problems.error(
        &reader, at: reader.offset, path: path.isEmpty ? nil : path,
        "expected an array of items, found \(reader.found)")
    }
    try step { (r: inout JSONReader) throws(JSONError) in try r.beginArray() }
    var index = 0
    while try step({ (r: inout JSONReader) throws(JSONError) in try r.nextElement() }) {
      try item(path: path.isEmpty ? "[\(index)]" : "\(path)[\(index)]")
      index += 1
      // Between items nothing before this one is read again: every 256 KiB, hand it back.
      if let handBack, reader.offset - handedBack >= 1 << 18 {
        reader.forget(below: reader.offset)
        handBack(reader.offset)
        handedBack = reader.offset
      }
    }
  }
}
