/// Feeds read as schedules: RSS 2.0, Atom 1.0, JSON Feed 1.1 and MangaDex's chapter feed.
enum FeedReader {
  /// Reads a feed of `format` (`.rss` for any XML: its root element tells RSS from Atom).
  static func schedule(
    _ bytes: [UInt8], format: ScheduleFormat, source: String, calendar: LocalCalendar
  ) throws(Diagnostic) -> Schedule {
    throw Diagnostic(.error, "\(format.name) feeds are not read yet")
  }
}
