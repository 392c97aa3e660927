/// Feeds read as schedules: RSS 2.0, Atom 1.0, JSON Feed 1.1 and MangaDex's chapter feed,
/// each into a `FeedDocument`, and that into serials (`FeedSchedule`).
enum FeedReader {
  /// Reads a feed of `format` (`.rss` for any XML: its root element tells RSS from Atom);
  /// `source` names the input, whose file name titles a feed that has no title.
  static func schedule(
    _ bytes: [UInt8], format: ScheduleFormat, source: String, calendar: LocalCalendar
  ) throws(Diagnostic) -> Schedule {
    let document = try self.document(bytes, format: format, fallback: fileTitle(source))
    return FeedSchedule.schedule(document, fallback: fileTitle(source), calendar: calendar)
  }

  /// What the feed in `bytes` says.
  static func document(_ bytes: [UInt8], format: ScheduleFormat, fallback: String)
    throws(Diagnostic) -> FeedDocument
  {
    switch format {
    case .rss, .atom: return try xmlDocument(bytes)
    case .jsonFeed: return try jsonFeed(try ScheduleLoader.tree(bytes))
    case .mangaDex: return try mangaDex(try ScheduleLoader.tree(bytes), fallback: fallback)
    case .youbi, .iCalendar, .bangumiData, .jikan, .myAnimeList, .aniList:
      throw Diagnostic(.error, "not a feed")
    }
  }

  /// The name of the file at `source` without its directory and extension:
  /// `feeds/one-piece.json` is "one-piece".
  static func fileTitle(_ source: String) -> String {
    let name = source.split(separator: "/").last.map(String.init) ?? source
    guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name }
    return String(name[..<dot])
  }
}
