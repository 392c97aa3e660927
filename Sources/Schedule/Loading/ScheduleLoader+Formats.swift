import JSON

/// Which reader reads an input: decided by its content, never by its name.
extension ScheduleLoader {
  /// The reader for `bytes`:
  /// - iCalendar for anything that begins `BEGIN:` (after a byte order mark and blank
  ///   lines), so a broken calendar gets an iCalendar message, not a JSON one;
  /// - bangumi-data for a JSON array of objects (items), or an object with `siteMeta` or
  ///   `items`;
  /// - an API response (Jikan, MyAnimeList, AniList: the tree tells which) for an object
  ///   with `data`;
  /// - Youbi's own format for anything else, whose reader explains what is wrong.
  ///
  /// - Complexity: O(1) for all but an object whose first keys decide nothing, whose
  ///   top-level keys are scanned (their values skipped) until one does.
  static func format(of bytes: UnsafeBufferPointer<UInt8>) -> ScheduleFormat {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[i]) { i += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: "[") {
      // An array of objects is bangumi-data's items; any other array gets Youbi's message.
      var j = i + 1
      while j < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[j]) { j += 1 }
      return j < bytes.count && bytes[j] == UInt8(ascii: "{") ? .bangumiData : .youbi
    }
    let begin = Array("BEGIN:".utf8)
    if bytes.count - i >= begin.count,
      zip(begin, bytes[i..<i + begin.count]).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
    {
      return .iCalendar
    }
    var reader = JSONReader(bytes)
    do {
      // Not validated here: the reader chosen reads every byte again, strictly.
      try reader.begin(validatingUTF8: false)
      guard reader.nextKind == .object else { return .youbi }
      try reader.beginObject()
      while let key = try reader.nextKey() {
        if reader.matches(key.name, "siteMeta") || reader.matches(key.name, "items") {
          return .bangumiData
        }
        if reader.matches(key.name, "data") { return .jikan }
        if reader.matches(key.name, "days") || reader.matches(key.name, "sections") {
          return .youbi
        }
        try reader.skipValue()
      }
    } catch {
      return .youbi
    }
    return .youbi
  }

  /// Reads `bytes` with the reader its content calls for; see `format(of:)`.
  static func readAny(_ bytes: [UInt8], calendar: LocalCalendar) throws(Diagnostic) -> Schedule {
    let format = bytes.withUnsafeBufferPointer { Self.format(of: $0) }
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
      let tree: JSONValue
      do {
        tree = try JSONValue(parsing: bytes)
      } catch {
        throw Diagnostic(
          .error, line: error.position.line, column: error.position.column, error.message)
      }
      guard let found = APIReader.format(of: tree) else {
        throw Diagnostic(
          .error, line: tree["data"]?.position?.line, column: tree["data"]?.position?.column,
          path: "data",
          "expected a list of anime (Jikan, MyAnimeList) or an AniList Page or MediaListCollection"
        )
      }
      return try APIReader.schedule(tree, format: found, calendar: calendar)
    case .youbi:
      return try bytes.withUnsafeBufferPointer { (buf) throws(Diagnostic) -> Schedule in
        var parser = ScheduleParser(buf)
        return try parser.parseSchedule()
      }.placingZones(on: calendar)
    }
  }
}
