/// The slot a serial keeps, inferred from its last releases on the reader's calendar (zone
/// and day start): the weekday most of them share, the median time on it, and how often
/// it comes: every week, every N weeks, or with no fixed rhythm.
///
/// Pure and in one place, so another inference can replace it whole.
struct FeedCadence: Equatable, Sendable {
  /// How many of the last releases it looks at.
  static let window = 10
  /// The longest rhythm read as one: beyond four weeks a serial is irregular.
  static let longestEvery = 4

  /// The weekday most of them share (the latest's among equals).
  var weekday: Weekday
  /// The median time on it, on the 30-hour clock of its day.
  var time: ReleaseTime
  /// How many of the releases looked at came out on `weekday`, of `count`.
  var share: Int
  var count: Int
  /// Every how many weeks it comes; nil when it keeps no rhythm.
  var every: Int?
  /// The local date of the latest release.
  var last: CivilDate

  /// The cadence of `instants` (seconds since 1970 UTC, any order) on `calendar`; nil when
  /// there are none.
  init?(_ instants: [Int64], calendar: LocalCalendar) {
    let recent = instants.sorted().suffix(Self.window)
    guard let latest = recent.last else { return nil }
    let releases = recent.map { calendar.release(at: $0) }
    var counts = [Int](repeating: 0, count: 7)
    for release in releases { counts[release.weekday.rawValue] += 1 }
    let most = counts.max()!
    // Among weekdays as common, the latest release's, else the latest of them.
    let day =
      releases.reversed().first { counts[$0.weekday.rawValue] == most }?.weekday
      ?? calendar.release(at: latest).weekday
    let times = releases.filter { $0.weekday == day }.map(\.time.minutes).sorted()
    weekday = day
    time = ReleaseTime(minutes: times[(times.count - 1) / 2]) ?? .midnight
    share = most
    count = releases.count
    last = releases.last!.date
    every = Self.rhythm(releases.map(\.date), share: most)
  }

  /// Every how many weeks the dates come, when most fall on one weekday and the gaps
  /// between them are mostly one length of whole weeks; nil otherwise.
  static func rhythm(_ dates: [CivilDate], share: Int) -> Int? {
    guard dates.count >= 3, share * 10 >= dates.count * 6 else { return nil }
    var gaps: [Int] = []
    for (a, b) in zip(dates, dates.dropFirst()) where a.days(to: b) > 0 {
      gaps.append((a.days(to: b) + 3) / 7)
    }
    guard !gaps.isEmpty else { return nil }
    let median = gaps.sorted()[gaps.count / 2]
    guard (1...longestEvery).contains(median) else { return nil }
    // Most gaps are the median, or a multiple of it (a week off).
    let fitting = gaps.filter { $0 > 0 && $0 % median == 0 }.count
    return fitting * 10 >= gaps.count * 6 ? median : nil
  }

  /// The first date it is due after its latest release: on its weekday, `every` weeks on.
  func nextDue() -> CivilDate? {
    guard let every else { return nil }
    let from = last.adding(days: 7 * (every - 1) + 1)
    return from.adding(days: CivilDate.floorMod(weekday.rawValue - from.weekday.rawValue, 7))
  }

  /// Where the slot comes from, for the details box: "usually Tuesday around 11:00 (8 of
  /// the last 10)", "every 2 weeks, usually …", or "no fixed day (last 2024-05-01)".
  var summary: String {
    guard let every else { return "no fixed day (last \(last))" }
    let rhythm = every == 1 ? "" : "every \(every) weeks, "
    return
      "\(rhythm)usually \(weekday.englishName) around \(time) (\(share) of the last \(count))"
  }
}
