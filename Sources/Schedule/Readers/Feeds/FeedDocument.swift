/// What every feed format says, before it becomes a schedule: the feed's own title, link
/// and author, and its items, each a dated release. The readers of RSS, Atom, JSON Feed
/// and MangaDex each make one; `FeedSchedule` makes the serials of it.
struct FeedDocument: Sendable {
  var format: ScheduleFormat
  var title: String?
  var link: String?
  var author: String?
  /// The source's own id for the serial (`mangadex:<id>`), when it has one.
  var id: String?
  var items: [FeedItem] = []
  /// Items that could not be used, counted in one warning: how many, why, the first's line.
  var leftOut = 0
  /// Why, each reason once in the order met: "no date", "no id", …
  var leftOutReasons: [String] = []
  var leftOutLine: Int?

  /// The reasons items were left out, in one phrase.
  var leftOutReason: String { leftOutReasons.joined(separator: ", or ") }

  init(format: ScheduleFormat) { self.format = format }

  /// Counts an item left out for `reason` at `line`.
  mutating func leave(out reason: String, line: Int?) {
    if leftOut == 0 { leftOutLine = line }
    if !leftOutReasons.contains(reason) { leftOutReasons.append(reason) }
    leftOut += 1
  }

  /// Adds the item made of what a reader found, or counts it left out: an item needs a
  /// date it can read and an id (its guid or id, else its link).
  mutating func add(
    id: String?, title: String?, link: String?, date: String?, chapter: String? = nil,
    line: Int?, parse: (String) -> Int64?
  ) {
    guard let date else { return leave(out: "no date", line: line) }
    guard let published = parse(date) else {
      return leave(out: "a date it cannot read", line: line)
    }
    guard let raw = id ?? link else { return leave(out: "no id", line: line) }
    let id = FeedItem.releaseID(raw)
    let number =
      // A chapter number means a chapter: 0 to a million, never one that overflows.
      chapter.flatMap { Int($0.trimmingXMLSpace()) }.flatMap {
        (0...1_000_000).contains($0) ? $0 : nil
      }
      ?? title.flatMap {
        FeedChapter.number(in: $0, after: self.title)
      }
    items.append(
      FeedItem(id: id, title: title, link: link, published: published, chapter: number, line: line))
  }
}
