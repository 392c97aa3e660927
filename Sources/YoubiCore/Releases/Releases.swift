import Schedule

/// The releases of some weeks in a span of time, worked out from each serial's
/// weekday, time and dates: what `--next`, `--upcoming` and notifications read.
///
/// Pure: the span is given in local seconds, the weeks are values.
public enum Releases {
  /// Every release from `from` through `through` (local seconds, both included), in
  /// time order, of the serials `include` accepts (`section`, `day`, position in the
  /// day's list).
  ///
  /// - Complexity: O(timed serials × weeks in the span + releases × log releases).
  public static func between(
    _ weeks: [any WeekOfSerials], from: Int64, through: Int64,
    include: (_ section: Int, _ day: Weekday, _ index: Int) -> Bool = { _, _, _ in true }
  ) -> [Release] {
    guard from <= through else { return [] }
    var found: [Release] = []
    for (section, week) in weeks.enumerated() {
      for day in Weekday.allCases {
        for (index, serial) in week[day].enumerated() {
          guard let time = serial.time, include(section, day, index) else { continue }
          let offset = Int64(time.minutes) * 60
          // The first date of `day` whose release is at or after `from`.
          var date = CivilDate(
            daysSince1970: Int((from - offset + 86_399).floorDivided(by: 86_400)))
          date = date.adding(days: floorMod(day.rawValue - date.weekday.rawValue, 7))
          if let start = serial.start, date < start {
            date = start.adding(days: floorMod(day.rawValue - start.weekday.rawValue, 7))
          }
          while true {
            let local = Int64(date.daysSince1970) * 86_400 + offset
            if local > through { break }
            if let end = serial.end, date > end { break }
            if !serial.skip.contains(date) {
              found.append(
                Release(section: section, index: index, serial: serial, date: date, local: local))
            }
            date = date.adding(days: 7)
          }
        }
      }
    }
    return found.sorted(by: Release.precedes)
  }

  /// The farthest `next` looks, in seconds after `from`: 4,096 days (the fifth of its
  /// spans, the first past ten years). What it finds in fewer than `count` releases is
  /// every release there is in that time.
  public static let farthest: Int64 = 4096 * 86_400

  /// The first `count` releases at or after `from`, in time order: looked for a day
  /// ahead first, then in spans eight times as long, up to `farthest`. (A day of a
  /// big catalogue is a few hundred releases to sort; its week, a few thousand.)
  public static func next(
    _ count: Int, in weeks: [any WeekOfSerials], from: Int64,
    include: (_ section: Int, _ day: Weekday, _ index: Int) -> Bool = { _, _, _ in true }
  ) -> [Release] {
    guard count > 0 else { return [] }
    var span: Int64 = 86_400
    while true {
      let found = between(weeks, from: from, through: from + span, include: include)
      if found.count >= count || span >= farthest { return Array(found.prefix(count)) }
      span *= 8
    }
  }

  private static func floorMod(_ a: Int, _ n: Int) -> Int {
    let r = a % n
    return r < 0 ? r + n : r
  }
}
