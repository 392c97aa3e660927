/// What the sections show: the looping week, or the calendar of dates.
///
/// One choice for every section (`c` flips it), so a section slide never puts a week
/// beside a calendar; each section keeps its own day in the week and its own date in the
/// calendar.
public enum ViewMode: Equatable, Sendable {
  /// The seven weekdays of this week, looping.
  case week
  /// Every date, paged for ever.
  case calendar
}
