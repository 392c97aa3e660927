import Schedule

/// Where the pager's schedules are placed on the local calendar: each offset change
/// within a horizon of `weeks` around a date cuts every slot it moves into one piece
/// more (`LocalCalendar.horizonWeeks`), so the pager keeps the horizon short and places
/// again around the date it goes near the edge of: the calendar's, or today's once days
/// go by. What the weeks near that date list is what a two-year horizon lists; the
/// memory is per offset change near it, not per change in two years (issue 32, item 15).
public struct Placement: Equatable, Sendable {
  /// Weeks either side of the date placed around; nil: placed once, for the whole run
  /// (tests, benches).
  public var weeks: Int?
  /// The date the start placed around (today then).
  public var start: CivilDate?
  /// The date the sections are now placed around, when not `start`.
  public internal(set) var around: CivilDate? = nil

  public init(weeks: Int? = nil, start: CivilDate? = nil) {
    self.weeks = weeks
    self.start = start
  }

  /// The horizon the pager places within: two months each way, and the backlog's weeks
  /// back with room to spare.
  public static func weeks(backlogWeeks: Int) -> Int { max(8, backlogWeeks + margin + 1) }

  /// How near the horizon's edge, in weeks, a date may come before it is placed around
  /// instead: the calendar shows a week, and a slide moves one more.
  static let margin = 3

  /// Whether a placement around `center` still lists `date` and the weeks either side of
  /// it as a two-year one would.
  func covers(_ date: CivilDate, from center: CivilDate) -> Bool {
    guard let weeks else { return true }
    return abs(center.days(to: date)) <= 7 * (weeks - Self.margin)
  }

  /// The placement `date` needs: the one at hand while it covers `date`, the start's when
  /// that does, else one around `date`.
  mutating func follow(_ date: CivilDate) {
    guard let start, !covers(date, from: around ?? start) else { return }
    around = covers(date, from: start) ? nil : date
  }
}
