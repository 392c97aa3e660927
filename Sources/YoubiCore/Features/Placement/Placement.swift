import Schedule

/// Where the pager's schedules are placed on the local calendar: each offset change
/// within the horizon cuts every slot it moves into one piece more
/// (`LocalCalendar.horizonWeeks`), so the pager keeps it short, `weeks` either side of
/// today, and places again once days go by, or to reach a date the calendar goes beyond
/// it to. Today's weeks stay exact whatever the calendar shows (notifications, the
/// backlog, the countdowns); what the weeks of the horizon list is what a two-year one
/// lists; the memory is per offset change within it, not per change in two years (issue
/// 32, item 15).
public struct Placement: Equatable, Sendable {
  /// Weeks either side of today; nil: placed once, for the whole run (tests, benches).
  public var weeks: Int?
  /// The date the start placed around (today then).
  public var start: CivilDate?
  /// What the sections are to be placed within now (`Horizon()`: the start's).
  public internal(set) var horizon = Horizon()

  public init(weeks: Int? = nil, start: CivilDate? = nil) {
    self.weeks = weeks
    self.start = start
  }

  /// The horizon the pager places within: two months each way, and the backlog's weeks
  /// back with room to spare.
  public static func weeks(backlogWeeks: Int) -> Int { max(8, backlogWeeks + margin + 1) }

  /// How near the horizon's edge, in weeks, a date may come before it is placed again:
  /// the calendar shows a week, and a slide moves one more.
  static let margin = 3

  /// Follows `today` and the date `shown` (today's, or the calendar's): the placement at
  /// hand while it takes them in with `margin` weeks to spare; else around today (the
  /// start's when that is near enough), reaching a horizon's weeks past `shown` when
  /// that is far from today, and not at all when it is near.
  mutating func follow(today: CivilDate, shown: CivilDate) {
    guard let weeks, let start else { return }
    let spare = 7 * (weeks - Self.margin)
    func near(_ date: CivilDate, _ center: CivilDate) -> Bool {
      abs(center.days(to: date)) <= spare
    }
    var next = horizon
    if !near(today, next.around ?? start) { next.around = near(today, start) ? nil : today }
    let center = next.around ?? start
    if near(shown, center) {
      next.reach = nil
    } else if let far = next.reach, center.days(to: shown) * center.days(to: far) > 0,
      abs(center.days(to: shown)) <= abs(center.days(to: far)) - 7 * Self.margin
    {
      // Reached already, on its side, with room to spare.
    } else {
      next.reach = shown.adding(days: center < shown ? 7 * weeks : -7 * weeks)
    }
    horizon = next
  }
}
