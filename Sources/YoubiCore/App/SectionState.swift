import PagerCore
import Schedule
import TerminalUI

/// The app's state of one loaded section: its schedule (one week of a file, not
/// to be confused with the model's `Schedule.Section` it is made from), shown as
/// a week, with its own selected day, cursors and scroll.
///
/// Several sections sit side by side in a bounded pager (the outer tabs);
/// each keeps all of its state, so leaving a section and coming back shows
/// exactly what was left.
public struct SectionState: Equatable, Sendable {
  /// What the section bar calls it: the schedule's title, else its file name.
  public var name: String
  /// Where the week comes from: a file is watched and read again when it
  /// changes; the demo says so in the footer. Nil when the caller does not
  /// say (tests, benches): nothing is watched and nothing is said.
  public var source: ScheduleSource?
  /// The other pages of the same source shown in this section, after `source`'s
  /// (`youbi p1.json p2.json` of Jikan or AniList responses): each is watched, and a
  /// change to any reads them all again, merged (`Schedule.merging(pages:)`).
  public var pages: [ScheduleSource] = []
  /// Reading the file again: when, whether it is under way, what went wrong.
  public var reload = Reload()
  /// The horizon its schedule is placed within (`Placement.horizon`).
  public internal(set) var placed = Horizon()
  /// The week, made safe to draw; nil while it loads (or when it failed to).
  public var schedule: SafeSchedule? { didSet { kept.value.revision &+= 1 } }
  /// The rows a tracker's list stands for (`Joins`), hidden here: worked out when the
  /// sections load (`AppState.refreshJoins()`).
  public internal(set) var joined = JoinedRows() { didSet { kept.value.revision &+= 1 } }
  /// What the backlog gives this section (worked out from marks, schedule and clock).
  var kept = Derived(Kept())

  /// What a section keeps of the backlog, and when its schedule last changed.
  struct Kept: Equatable, Sendable {
    /// Counts the changes to `schedule`, so the backlog knows when to work itself out again.
    var revision = 0
    /// Serials of other days that are behind, listed after today's own on today's page.
    var carried = Carried()
    /// How many releases are behind, per serial and per date; the section counts
    /// (something of it is marked) when `floor` is set, from that date.
    var behind: [SerialID: Int] = [:]
    var behindPerDate: [CivilDate: Int] = [:]
    /// Which serials are behind on each date (what a filtered page counts).
    var behindIDs: [CivilDate: Set<SerialID>] = [:]
    /// How many releases have come out per date, seen or not.
    var outPerDate: [CivilDate: Int] = [:]
    var behindFloor: CivilDate?
  }

  var revision: Int { kept.value.revision }
  var carried: Carried {
    get { kept.value.carried }
    set { kept.value.carried = newValue }
  }
  var behind: [SerialID: Int] {
    get { kept.value.behind }
    set { kept.value.behind = newValue }
  }
  var behindPerDate: [CivilDate: Int] {
    get { kept.value.behindPerDate }
    set { kept.value.behindPerDate = newValue }
  }
  var behindIDs: [CivilDate: Set<SerialID>] {
    get { kept.value.behindIDs }
    set { kept.value.behindIDs = newValue }
  }
  var outPerDate: [CivilDate: Int] {
    get { kept.value.outPerDate }
    set { kept.value.outPerDate = newValue }
  }
  var behindFloor: CivilDate? {
    get { kept.value.behindFloor }
    set { kept.value.behindFloor = newValue }
  }
  /// Why the schedule could not be loaded in the background (one line naming
  /// its file), shown in place of its lists; nil otherwise.
  public var loadError: String?
  /// Until when the footer says the week's warnings: nil until they are first said,
  /// then a few seconds after (or the key that came first). Said again when a reload
  /// brings another count of them.
  public var warningsUntil: Duration?
  /// The pager over the seven weekdays (page 0 is Monday).
  public var week: Pager
  /// Cursor and scroll offset per weekday, keyed by logical page so a dummy
  /// page shows exactly what its real page shows.
  public var lists: PageMemory<ListState>
  /// With `*`: only these serials (the starred ones) are listed; nil lists all.
  public var starFilter: Set<SerialID>?
  /// The Monday of the week the weekday pages show (this week; the app moves it at
  /// the day-start rollover).
  public var thisWeek = CivilDate(daysSince1970: 4)
  /// The calendar: every date, its own cursors.
  public var calendar: DatePager

  /// A section resting on `day`; its week loops (Sunday → Monday) unless `looping` is false,
  /// when it stops at Monday and Sunday.
  public init(
    name: String, source: ScheduleSource? = nil, schedule: SafeSchedule?, day: Weekday,
    looping: Bool = true, slideDuration: Duration = .milliseconds(250)
  ) {
    self.name = name
    self.source = source
    self.schedule = schedule
    self.week = Pager(
      mode: looping ? .looping(count: 7) : .bounded(count: 7), page: day.rawValue,
      duration: slideDuration)
    self.lists = PageMemory(default: ListState())
    self.calendar = DatePager(date: thisWeek, slideDuration: slideDuration)
  }

  /// Whether the week loops, rather than stopping at Monday and Sunday.
  public var loops: Bool {
    if case .looping = week.mode { return true }
    return false
  }

  /// The day the week rests on or is heading to.
  public var selectedDay: Weekday { Weekday(rawValue: week.targetPage) ?? .monday }

  /// True while the schedule is still being read.
  public var isLoading: Bool { schedule == nil && loadError == nil }

  /// The serials `day`'s page lists: those of this week's date of that day
  /// (only the starred ones with `*`; none while loading).
  public func serials(_ day: Weekday) -> PageList<[Serial]> { entries(on: date(of: day)) }

  /// The weekday for any page of the week (dummies included; past a bounded
  /// end, the day the loop would show).
  public func weekday(ofPage page: Int) -> Weekday {
    Weekday(rawValue: week.logicalPage(page).wrapped(7)) ?? .monday
  }

  /// Brings every day's cursor and scroll inside its list for `rows` rows.
  mutating func clampLists(rows: Int) {
    for day in Weekday.allCases {
      lists[day.rawValue].clamp(count: serials(day).count, rows: rows)
    }
    clampCalendarLists(rows: rows)
  }
}
