import PagerCore
import Schedule
import TerminalUI

/// Everything the weekday pager shows, as one value.
///
/// `update(_:at:)` changes it in response to events and `render(at:)` draws it;
/// neither reads a clock: time is passed in.
public struct AppState: Equatable, Sendable {
  /// The schedules shown, side by side; at least one.
  public internal(set) var sections: [SectionState]
  /// The bounded pager over the sections (the outer tabs).
  public internal(set) var sectionPager: Pager
  public internal(set) var labels: Labels
  /// The wall clock at the last update: what "today" is decided from.
  public internal(set) var wall: WallTime
  public internal(set) var size: Size
  /// What has the keyboard: the page, or the one part open over it.
  public internal(set) var focus = Focus.page
  /// How many lines the detail box is scrolled down (↑ ↓ j k while it is taller than the
  /// screen); 0 each time it opens.
  public internal(set) var detailsScroll = 0
  /// How the weekday tab bars draw their indicator: a line under them, or a block behind them.
  public internal(set) var indicator: TabBar.Indicator
  /// Why files are not being watched (`r` still reloads); the footer says so.
  public internal(set) var unwatched: String?
  /// A mouse press in the page area, and whether it has become a swipe.
  public internal(set) var pointer: Pointer?
  /// The hour (0–12) a day starts: before it, "today" is still the day before.
  public internal(set) var dayStartHour = 0
  /// The week or the calendar (`c`).
  public internal(set) var mode = ViewMode.week
  /// How many days show side by side (`columns`, and `w`): one until `choose(columns:)`
  /// (the config's default is `auto`), so a state made in a test shows the seed's page.
  public internal(set) var weekColumns = WeekColumns(setting: .fixed(1))
  /// The search being typed or kept (highlights and `n`/`N`); nil when none.
  public internal(set) var search: Search?
  /// Read marks and stars, as this process knows them (merged with the state
  /// file's whenever a load or save comes back).
  public internal(set) var marks = Marks() { didSet { marksRevision.value &+= 1 } }
  /// Counts the changes to `marks`, so the backlog knows when to work itself out again.
  var marksRevision = Derived(0)
  /// How many weeks back a release still counts as behind (`backlog = 4w`).
  public internal(set) var backlogWeeks = 4
  /// What the person is behind on, as last worked out (`refreshBacklog()`).
  var backlog: Backlog {
    get { backlogKept.value }
    set { backlogKept.value = newValue }
  }
  var backlogKept = Derived(Backlog())
  /// When the marks go to disk, and a quit waiting for the last save.
  public internal(set) var saving = Saving.idle
  /// One line for the footer about the last action (a search that wrapped) or
  /// a state file problem.
  public internal(set) var notice: Notice?
  /// Only starred serials are listed (`*`).
  public internal(set) var starredOnly = false
  /// Which schedule each file's marks belong to: its real absolute path,
  /// resolved where the file is opened (`main`). A source missing here is
  /// known by its path as given, or by its title (see `marksKey(of:)`).
  public internal(set) var markKeys: [ScheduleSource: ScheduleKey] = [:]
  /// What the config says each schedule holds (`kind=…`), over the file's own `"kind"`.
  public internal(set) var kinds: [ScheduleSource: SectionKind] = [:]
  /// The schedules the config says are followed whole (`follow=all`): see `Following`.
  public internal(set) var followedSources: Set<ScheduleSource> = []
  /// The subscriptions the sections with a URL source come from, one per URL.
  public internal(set) var feeds: [Feed] = []
  /// The `reference` catalogues: whether there are any, a read due or under way.
  public internal(set) var references = ReferenceReads()
  /// The files shown from a snapshot, still to be read whole (`AppState+Snapshots`).
  public internal(set) var partial = PartialReads()
  /// Where the schedules are placed on the local calendar, and how far (`Placement`).
  public var placement = Placement()
  /// The trackers' lists written back, and the progress known on each (`Trackers`).
  public internal(set) var trackers = Trackers()
  /// Which releases to announce and how (config `notify`, `notify-before`, `notify-via`).
  public internal(set) var notify = NotifySettings()
  /// What has been asked to be announced, and when to look next.
  public internal(set) var notifications = NotificationPlan()

  /// A mouse press being tracked, to tell a click from a swipe.
  public struct Pointer: Equatable, Sendable {
    public var startX: Int
    public var startY: Int
    public var lastX: Int
    public var lastTime: Duration
    /// Page widths per second, positive forward, from the last two samples.
    public var velocity: Double = 0
    public var swiping = false
  }

  /// A state showing `sections` side by side, the first one selected.
  ///
  /// `dayStartHour` is the hour a day starts, `markKeys` whose marks each
  /// file's are (resolved where the files are opened), `notify` which
  /// releases to announce, and `feeds` the subscriptions (one per URL source).
  public init(
    sections: [SectionState], labels: Labels, size: Size, wall: WallTime,
    slideDuration: Duration = .milliseconds(250), indicator: TabBar.Indicator = .underline,
    dayStartHour: Int = 0, markKeys: [ScheduleSource: ScheduleKey] = [:],
    notify: NotifySettings = NotifySettings(), feeds: [Feed] = [], backlogWeeks: Int = 4,
    kinds: [ScheduleSource: SectionKind] = [:], followedSources: Set<ScheduleSource> = []
  ) {
    precondition(!sections.isEmpty, "a state needs at least one section")
    self.sections = sections
    self.sectionPager = Pager(
      mode: .bounded(count: sections.count), page: 0, duration: slideDuration)
    self.labels = labels
    self.wall = wall
    self.size = size
    self.indicator = indicator
    self.dayStartHour = dayStartHour
    self.markKeys = markKeys
    self.notify = notify
    self.feeds = feeds
    self.backlogWeeks = backlogWeeks
    self.kinds = kinds
    self.followedSources = followedSources
    refreshJoins()  // a show a tracker's list and another source hold shows once
    followTheClock()
  }

  /// A state showing one schedule on `day` (today when nil), or loading it
  /// from `source` when `schedule` is nil.
  public init(
    schedule: Schedule?, day: Weekday? = nil, labels: Labels, size: Size, wall: WallTime,
    slideDuration: Duration = .milliseconds(250), indicator: TabBar.Indicator = .underline,
    source: ScheduleSource? = nil, looping: Bool = true
  ) {
    precondition(schedule != nil || source?.loadPath != nil, "a loading week needs a file to read")
    let section = SectionState(
      name: schedule?.title ?? "", source: source, schedule: schedule.map(SafeSchedule.init),
      day: day ?? wall.weekday, looping: looping, slideDuration: slideDuration)
    self.init(
      sections: [section], labels: labels, size: size, wall: wall, slideDuration: slideDuration,
      indicator: indicator)
  }

  /// The weekday of today's date (the wall clock's, moved back by the day-start hour):
  /// what `t` goes to and the tab bar marks.
  public var today: Weekday { todayDate.weekday }

  /// The selected section: the one shown, or the one a slide is heading to.
  public var current: Int { sectionPager.targetPage }

  /// The selected section's pager in the current mode: its week, or its calendar.
  public internal(set) var pager: Pager {
    get { mode == .calendar ? sections[current].calendar.pager : sections[current].week }
    set {
      if mode == .calendar {
        sections[current].calendar.pager = newValue
      } else {
        sections[current].week = newValue
      }
    }
  }

  /// The selected section's cursors and scroll offsets, per weekday.
  public internal(set) var lists: PageMemory<ListState> {
    get { sections[current].lists }
    set { sections[current].lists = newValue }
  }

  /// The selected section's week, nil while it loads.
  public var schedule: SafeSchedule? { sections[current].schedule }

  /// The selected day: the one the pager rests on, or the one it is heading to.
  ///
  /// The one notion of "selected" everywhere: the tab bar highlights it, the
  /// hints name its neighbours and keys act on its list, from the moment a
  /// slide starts. Only the indicator follows the continuous position.
  public var selectedDay: Weekday { sections[current].selectedDay }

  /// The serials of `day` in the selected section (none while loading).
  public func serials(_ day: Weekday) -> PageList<[Serial]> { sections[current].serials(day) }

  /// The weekday for any page of the selected section's week (dummies included).
  public func weekday(ofPage page: Int) -> Weekday { sections[current].weekday(ofPage: page) }
}
