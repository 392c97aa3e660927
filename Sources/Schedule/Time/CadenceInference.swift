/// A serial's weekly slot worked out from the instants it came out at, for sources that
/// publish releases but no slot (feeds: RSS, Atom, JSON Feed, MangaDex).
///
/// Pure: the releases are converted with the `LocalCalendar` passed in (the reader's
/// zone and its `day-starts`), so a Tuesday 23:30 UTC release is Wednesday in Tokyo and
/// a Sunday 01:00 one is Saturday's 25:00 when days start at 5.
public enum CadenceInference {
  /// How many of the latest releases are looked at: older ones say less about the slot
  /// a serial keeps now.
  public static let recent = 10

  /// The longest gap, in weeks, still called a cadence ("every 4 weeks"); longer is
  /// irregular.
  public static let longestCadence = 4

  /// The slot of releases at `instants` (seconds since 1970 UTC, in any order,
  /// duplicates counted once): the weekday most of the latest `recent` share (the
  /// latest's among equals), the median time on it, and the cadence its dates keep;
  /// nil without a release.
  ///
  /// - Complexity: O(n log n) for n instants.
  public static func infer(_ instants: [Int64], calendar: LocalCalendar) -> InferredSlot? {
    let latest = Array(Set(instants).sorted().suffix(recent))
    guard !latest.isEmpty else { return nil }
    let releases = latest.map { calendar.release(at: $0) }
    let weekday = commonWeekday(releases)
    let onIt = releases.filter { $0.weekday == weekday }
    let minutes = onIt.map(\.time.minutes).sorted()
    let time = ReleaseTime(minutes: minutes[(minutes.count - 1) / 2]) ?? .midnight
    let dates = onIt.map(\.date)
    let cadence = self.cadence(dates, of: releases.count)
    var first = dates[0]
    if case .everyWeeks(let n) = cadence {
      // The first date in step with the latest, so `every` counts from it.
      first = dates.first { $0.days(to: dates[dates.count - 1]) % (7 * n) == 0 } ?? first
    }
    return InferredSlot(
      weekday: weekday, time: time, cadence: cadence, matching: onIt.count,
      considered: releases.count, first: first, last: dates[dates.count - 1])
  }

  /// The weekday most releases share; among equals, the latest release's.
  static func commonWeekday(_ releases: [LocalRelease]) -> Weekday {
    var counts = [Int](repeating: 0, count: 7)
    for release in releases { counts[release.weekday.rawValue] += 1 }
    let most = counts.max()!
    return releases.last { counts[$0.weekday.rawValue] == most }!.weekday
  }

  /// The cadence of `dates` (ascending, all one weekday) among `total` releases: weekly
  /// or every N weeks when a majority of the releases fall on the weekday and at least
  /// half the gaps between them are N weeks (the shortest such N), else irregular.
  static func cadence(_ dates: [CivilDate], of total: Int) -> InferredSlot.Cadence {
    guard dates.count >= 2, dates.count * 2 > total else { return .irregular }
    let gaps = zip(dates, dates.dropFirst()).map { $0.days(to: $1) / 7 }
    var counts: [Int: Int] = [:]
    for gap in gaps { counts[gap, default: 0] += 1 }
    let most = counts.values.max()!
    let usual = counts.filter { $0.value == most }.keys.min()!
    guard most * 2 >= gaps.count, (1...longestCadence).contains(usual) else { return .irregular }
    return usual == 1 ? .weekly : .everyWeeks(usual)
  }
}
