import JSON

/// Which reader reads an input: decided by its content, never by its name, and by what
/// only one format has, never by a key two formats share (`items`, `data`, `title`).
extension ScheduleLoader {
  /// The reader for `bytes`; nil for a document that is none of the formats Youbi reads
  /// (`unknownFormat` says which they are):
  /// - iCalendar for anything that begins `BEGIN:` (after a byte order mark and blank
  ///   lines), so a broken calendar gets an iCalendar message, not a JSON one;
  /// - `.rss` for anything that begins `<`: the XML feed reader tells RSS from Atom by
  ///   its root element, and refuses any other;
  /// - bangumi-data for a JSON array of objects (items), or an object with `siteMeta`;
  /// - JSON Feed for an object with `home_page_url` or `feed_url`, or a `version` that is a
  ///   `https://jsonfeed.org/version/` URL (a Youbi file may have a `version` of its own);
  /// - a MangaDex response for an object with `result` or `response`;
  /// - an API response (Jikan, MyAnimeList, AniList: the tree tells which) for an object
  ///   with `data`, `pagination` or `paging`;
  /// - for an object with `items` and none of those, the first item decides: bangumi-data's
  ///   have `begin`, `sites` or `broadcast`, a JSON Feed's `content_html`, `content_text`,
  ///   `date_published` or `url`;
  /// - Youbi's own format for an object with `days` or `sections`, or only `title`,
  ///   `kind` or `timezone`, or nothing, and for any JSON its reader must explain (a
  ///   syntax error, an array of other things).
  ///
  /// - Complexity: O(1) when a deciding key comes first (bangumi-data's `siteMeta`, a
  ///   Youbi file's `days`); else the top-level keys are scanned, their values skipped.
  static func format(of bytes: UnsafeBufferPointer<UInt8>) -> ScheduleFormat? {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[i]) { i += 1 }
    guard i < bytes.count else { return .youbi }
    if bytes[i] == UInt8(ascii: "[") {
      // An array of objects is bangumi-data's items; any other array gets Youbi's message.
      var j = i + 1
      while j < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[j]) { j += 1 }
      return j < bytes.count && bytes[j] == UInt8(ascii: "{") ? .bangumiData : .youbi
    }
    if bytes[i] == UInt8(ascii: "<") { return .rss }
    let begin = Array("BEGIN:".utf8)
    if bytes.count - i >= begin.count,
      zip(begin, bytes[i..<i + begin.count]).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
    {
      return .iCalendar
    }
    guard bytes[i] == UInt8(ascii: "{") else {
      // JSON that is not an object or an array, and JSON with a syntax error at its
      // start, are Youbi's reader's to explain; text that is no JSON at all is unknown.
      let json = Array("\"-0123456789tfn".utf8)
      return json.contains(bytes[i]) ? .youbi : nil
    }
    return objectFormat(bytes)
  }

  /// What a top-level key says about the format: decided at once, or noted.
  private enum Clue {
    case decides(ScheduleFormat)
    case api, items, youbi
    /// `version`, which is JSON Feed's when its value is a `https://jsonfeed.org/version/` URL.
    case version
  }

  /// The keys that tell formats apart, and what each says.
  private static func clue(_ reader: JSONReader, _ key: JSONString) -> Clue? {
    if reader.matches(key, "days") || reader.matches(key, "sections") { return .decides(.youbi) }
    if reader.matches(key, "siteMeta") { return .decides(.bangumiData) }
    if reader.matches(key, "home_page_url") || reader.matches(key, "feed_url") {
      return .decides(.jsonFeed)
    }
    if reader.matches(key, "version") { return .version }
    if reader.matches(key, "result") || reader.matches(key, "response") {
      return .decides(.mangaDex)
    }
    if reader.matches(key, "data") || reader.matches(key, "pagination")
      || reader.matches(key, "paging")
    {
      return .api
    }
    if reader.matches(key, "items") { return .items }
    if reader.matches(key, "title") || reader.matches(key, "kind")
      || reader.matches(key, "timezone")
    {
      return .youbi
    }
    return nil
  }

  /// The format of a JSON object, from its top-level keys (`format(of:)`).
  private static func objectFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> ScheduleFormat? {
    var reader = JSONReader(bytes)
    var api = false
    var youbi = false
    var items: Int?
    var empty = true
    do {
      // Not validated here: the reader chosen reads every byte again, strictly.
      try reader.begin(validatingUTF8: false)
      try reader.beginObject()
      while let key = try reader.nextKey() {
        empty = false
        switch clue(reader, key.name) {
        case .decides(let format)?: return format
        case .api?: api = true
        case .items?: items = reader.offset
        case .youbi?: youbi = true
        case .version? where reader.nextKind == .string:
          let value = try reader.readString()
          if reader.string(value).hasPrefix("https://jsonfeed.org/version/") { return .jsonFeed }
          continue
        case .version?, nil: break
        }
        try reader.skipValue()
      }
    } catch {
      // A broken document: what was seen decides, else Youbi's reader explains.
      return api ? .jikan : .youbi
    }
    if api { return .jikan }
    if let items, let found = itemsFormat(UnsafeBufferPointer(rebasing: bytes[items...])) {
      return found
    }
    if youbi || empty { return .youbi }
    // Text that is not UTF-8 gets the reader's message, which says where.
    var whole = JSONReader(bytes)
    do { try whole.begin(validatingUTF8: true) } catch { return .youbi }
    return nil
  }

  /// The format whose items the array at the start of `bytes` holds, from its first
  /// item's keys; nil when they tell nothing.
  private static func itemsFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> ScheduleFormat? {
    var reader = JSONReader(bytes)
    do {
      try reader.begin(validatingUTF8: false)
      guard reader.nextKind == .array else { return nil }
      try reader.beginArray()
      guard try reader.nextElement(), reader.nextKind == .object else { return .bangumiData }
      try reader.beginObject()
      while let key = try reader.nextKey() {
        let name = key.name
        if reader.matches(name, "begin") || reader.matches(name, "sites")
          || reader.matches(name, "broadcast")
        {
          return .bangumiData
        }
        if reader.matches(name, "content_html") || reader.matches(name, "content_text")
          || reader.matches(name, "date_published") || reader.matches(name, "url")
        {
          return .jsonFeed
        }
        try reader.skipValue()
      }
    } catch {
      return .bangumiData
    }
    return nil
  }

  /// Reads `bytes` with the reader its content calls for (`format(of:)`); `source` names
  /// the input, which titles a MangaDex feed that does not include its manga.
  static func readAny(_ bytes: [UInt8], source: String = "<input>", calendar: LocalCalendar)
    throws(Diagnostic) -> Schedule
  {
    guard let format = bytes.withUnsafeBufferPointer({ Self.format(of: $0) }) else {
      throw unknownFormat
    }
    switch format {
    case .iCalendar:
      var schedule = try ICalendar.parse(bytes, zones: calendar.zones).placingWeeks(on: calendar)
      schedule.format = .iCalendar
      return schedule
    case .bangumiData:
      return try bytes.withUnsafeBufferPointer { (buf) throws(Diagnostic) -> Schedule in
        var reader = BangumiDataReader(buf, calendar: calendar)
        return try reader.schedule()
      }
    case .jikan, .myAnimeList, .aniList:
      return try bytes.withUnsafeBufferPointer { (buf) throws(Diagnostic) -> Schedule in
        try APIReader.schedule(parsing: buf, calendar: calendar)
      }
    case .rss, .atom, .jsonFeed, .mangaDex:
      return try FeedReader.schedule(bytes, format: format, source: source, calendar: calendar)
    case .youbi:
      return try bytes.withUnsafeBufferPointer { (buf) throws(Diagnostic) -> Schedule in
        var parser = ScheduleParser(buf)
        return try parser.parseSchedule()
      }.placingZones(on: calendar)
    }
  }

  /// The JSON tree of `bytes`, or its first error as a diagnostic.
  static func tree(_ bytes: [UInt8]) throws(Diagnostic) -> JSONValue {
    try tree { () throws(JSONError) in try JSONValue(parsing: bytes) }
  }

  /// The tree `read` reads, or its first error as a diagnostic.
  static func tree(_ read: () throws(JSONError) -> JSONValue) throws(Diagnostic) -> JSONValue {
    do {
      return try read()
    } catch {
      throw Diagnostic(
        .error, line: error.position.line, column: error.position.column, error.message)
    }
  }

  /// The one line for a document none of the formats reads, naming them all.
  static var unknownFormat: Diagnostic {
    let names = ScheduleFormat.allCases.map { format in
      format == .youbi ? "Youbi (\"days\" or \"sections\")" : format.name
    }
    return Diagnostic(
      .error, line: 1, column: 1,
      "not a format Youbi reads; expected "
        + names.dropLast().joined(separator: ", ") + " or " + names.last!)
  }
}
