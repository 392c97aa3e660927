/// A feed's serials on the week: each release that came out on the day it came out
/// (`Airing.once`, so the week it is in shows it there), and the next one expected on the
/// slot its last releases keep (`FeedCadence`), or, when they keep none, in today's list
/// of serials with no fixed day, so none is ever left out.
struct FeedSchedule {
  var placer: LocalCalendar.Placer
  var days: [[Serial]] = Array(repeating: [], count: 7)

  /// A serial whose last release is more than this many of its rhythms ago is no longer
  /// expected on its slot: it is listed with no fixed day.
  static let missedToPause = 3

  init(calendar: LocalCalendar) { placer = LocalCalendar.Placer(calendar) }

  /// The schedule of `document`, `fallback` titling a feed without a title.
  static func schedule(_ document: FeedDocument, fallback: String, calendar: LocalCalendar)
    -> Schedule
  {
    var builder = FeedSchedule(calendar: calendar)
    let series = FeedSeries.of(document, fallback: fallback)
    for serial in series { builder.add(serial, author: document.author) }
    var problems = SourceProblems()
    if document.leftOut > 0 {
      let n = document.leftOut
      problems.warn(
        Diagnostic(
          .warning, line: document.leftOutLine, column: document.leftOutLine.map { _ in 1 },
          "\(n) \(n == 1 ? "item" : "items") left out: \(document.leftOutReason)"))
    }
    var schedule = problems.schedule(
      title: document.title ?? fallback, days: builder.days, format: document.format,
      unknownZones: [])
    if document.format == .mangaDex {
      for i in schedule.sections.indices { schedule.sections[i].kind = .manga }
    }
    return schedule
  }

  /// The items of `items` once each: by id, and by chapter number (the first to come out,
  /// as MangaDex lists a chapter once per group and language).
  static func distinct(_ items: [FeedItem]) -> [FeedItem] {
    var ids = Set<String>()
    var chapters = Set<Int>()
    var kept: [FeedItem] = []
    for item in items.sorted(by: { $0.published < $1.published }) {
      guard ids.insert(item.id).inserted else { continue }
      if let chapter = item.chapter, !chapters.insert(chapter).inserted { continue }
      kept.append(item)
    }
    return kept
  }

  /// Places every release of `series` and its next expected one.
  mutating func add(_ series: FeedSeries, author: String?) {
    let items = Self.distinct(series.items)
    let titles = [Title("original", series.title)]
    let feedLink = series.link.flatMap { try? WebURL(checking: $0) }
    for item in items {
      let link = item.link.flatMap { try? WebURL(checking: $0) } ?? feedLink
      let serial = Serial(title: series.title, author: author, note: item.title, url: link)
      let episode = item.chapter.map { (index: 0, number: $0) }
      guard
        let placed = placer.place(
          serial, .once(item.published), id: series.id, titles: titles, episode: episode)
      else { continue }
      for (day, var entry) in placed {
        // Its mark is kept by the item's id, not its date (`Origin.release`).
        entry.origin = entry.origin?.with(release: item.id)
        days[day.rawValue].append(entry)
      }
    }
    guard let cadence = FeedCadence(items.map(\.published), calendar: placer.calendar) else {
      return
    }
    let base = Serial(title: series.title, author: author, url: feedLink)
    let lastChapter = items.last?.chapter
    if let due = cadence.nextDue(), !paused(cadence, due: due) {
      expect(base, cadence, due: due, id: series.id, titles: titles, lastChapter: lastChapter)
    } else {
      unfixed(base, cadence, id: series.id, titles: titles, latest: items.last?.title)
    }
  }

  /// Whether a serial due on `due` has missed so many releases since that it is paused.
  func paused(_ cadence: FeedCadence, due: CivilDate) -> Bool {
    guard let today = placer.calendar.today, let every = cadence.every else { return false }
    return due.days(to: today) > 7 * every * Self.missedToPause
  }

  /// The next release expected on the slot, every `cadence.every` weeks from `due`.
  mutating func expect(
    _ base: Serial, _ cadence: FeedCadence, due: CivilDate, id: String, titles: [Title],
    lastChapter: Int?
  ) {
    var serial = base
    serial.note = "expected; " + cadence.summary
    serial.time = cadence.time
    serial.start = due
    serial.every = cadence.every ?? 1
    // Numbers go on week by week, so only a weekly serial's next ones are known.
    let anchor =
      cadence.every == 1 ? lastChapter.map { EpisodeAnchor(date: due, number: $0 + 1) } : nil
    serial.origin = Origin(id: id, titles: titles, episode: anchor, isExpected: true)
    days[cadence.weekday.rawValue].append(serial)
  }

  /// A serial with no fixed day, listed at the end of today's list (no time).
  mutating func unfixed(
    _ base: Serial, _ cadence: FeedCadence, id: String, titles: [Title], latest: String?
  ) {
    let today = placer.calendar.today ?? cadence.last
    var serial = base
    serial.note = cadence.summary + (latest.map { ": " + $0 } ?? "")
    serial.start = today
    serial.end = today
    serial.origin = Origin(id: id, titles: titles, isExpected: true)
    days[today.weekday.rawValue].append(serial)
  }
}
