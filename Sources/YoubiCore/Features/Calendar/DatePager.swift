import PagerCore
import Schedule
import TerminalUI

/// One section's calendar: an infinite pager over dates, with a cursor and scroll per date.
///
/// The pager's pages are days counted from `origin`. After every turn that lands, the
/// window re-centres: `origin` moves to the date shown and the pager back to page 0
/// (`Pager.recentre`), so the strip's positions stay small and exact however far one
/// pages, and the frame drawn before the move equals the one drawn after (both show the
/// same date at column 0). Cursors are keyed by the date itself, so re-centring never
/// touches them; dates more than `memoryDays` from the one shown are forgotten, which
/// keeps the memory bounded.
public struct DatePager: Equatable, Sendable {
  /// The date of page 0.
  public private(set) var origin: CivilDate
  /// The infinite pager; page `p` is `origin + p` days.
  public var pager: Pager
  /// Cursor and scroll per date, keyed by `CivilDate.daysSince1970`.
  public var lists: PageMemory<ListState>

  /// How many days either side of the date shown keep their cursor and scroll.
  public static let memoryDays = 28

  /// A calendar resting on `date`.
  public init(date: CivilDate, slideDuration: Duration = .milliseconds(250)) {
    origin = date
    pager = Pager(mode: .infinite, page: 0, duration: slideDuration)
    lists = PageMemory(default: ListState(), mode: .infinite)
  }

  /// The date on page `page`.
  public func date(ofPage page: Int) -> CivilDate { origin.adding(days: page) }

  /// The page showing `date`.
  public func page(of date: CivilDate) -> Int { origin.days(to: date) }

  /// The date the calendar rests on or is heading to: what the tab bar highlights and keys act on.
  public var selectedDate: CivilDate { date(ofPage: pager.targetPage) }

  /// The Monday of the week being shown (the selected date's).
  public var displayedWeek: CivilDate {
    selectedDate.adding(days: -selectedDate.weekday.rawValue)
  }

  /// The cursor and scroll of `date`.
  public subscript(list date: CivilDate) -> ListState {
    get { lists[date.daysSince1970] }
    set { lists[date.daysSince1970] = newValue }
  }

  /// Shows `date` at once, with no slide (opening the calendar); cursors are kept.
  public mutating func show(_ date: CivilDate) {
    origin = date
    pager = Pager(mode: .infinite, page: 0, duration: pager.duration, easing: pager.easing)
    prune()
  }

  /// Slides to `date`: one continuous slide from wherever the strip is, however far.
  public mutating func slide(to date: CivilDate, at now: Duration) {
    pager.jump(to: page(of: date), at: now)
  }

  /// Moves time on: lands a slide, then re-centres the window on the date it landed on
  /// and forgets the cursors of dates far from it.
  public mutating func tick(at now: Duration) {
    pager.tick(at: now)
    let shift = pager.recentre()
    if shift != 0 {
      origin = origin.adding(days: shift)
      prune()
    }
  }

  /// Forgets the cursors of dates more than `memoryDays` from the one shown.
  mutating func prune() {
    let day = origin.daysSince1970
    lists.prune(keeping: (day - Self.memoryDays)...(day + Self.memoryDays))
  }
}
