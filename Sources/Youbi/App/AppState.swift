import PagerCore
import TerminalUI

/// Everything the weekday pager shows, as one value.
///
/// `update(_:at:)` changes it in response to events and `render(at:)` draws it;
/// neither reads a clock: time is passed in.
public struct AppState: Equatable, Sendable {
  /// The looping pager over the seven weekdays (page 0 is Monday).
  public var pager: Pager
  /// The week being shown, made safe to draw; nil while it loads.
  public internal(set) var schedule: SafeSchedule?
  /// Cursor and scroll offset per weekday, keyed by logical page so a dummy
  /// page shows exactly what its real page shows.
  public var lists: PageMemory<ListState>
  public var labels: Labels
  /// The wall clock at the last update: what "today" is decided from.
  public var wall: WallTime
  public var size: Size
  public var showHelp = false
  /// A mouse press in the page area, and whether it has become a swipe.
  public var pointer: Pointer?
  /// Read marks and stars, as this process knows them (merged with the state
  /// file's whenever a load or save comes back).
  public var marks = Marks()
  /// One line for the footer about the last action or a state file problem.
  public var notice: Notice?

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

  /// A state showing `day` (today when nil) of `schedule` (nil: loading).
  public init(
    schedule: Schedule?, day: Weekday? = nil, labels: Labels, size: Size, wall: WallTime,
    slideDuration: Duration = .milliseconds(250)
  ) {
    self.schedule = schedule.map(SafeSchedule.init)
    self.pager = Pager(
      mode: .looping(count: 7), page: (day ?? wall.weekday).rawValue, duration: slideDuration)
    self.lists = PageMemory(default: ListState())
    self.labels = labels
    self.wall = wall
    self.size = size
  }

  /// The weekday of the wall clock: what `t` goes to and the tab bar marks.
  public var today: Weekday { wall.weekday }

  /// The selected day: the one the pager rests on, or the one it is heading to.
  ///
  /// The one notion of "selected" everywhere: the tab bar highlights it, the
  /// hints name its neighbours and keys act on its list, from the moment a
  /// slide starts. Only the indicator follows the continuous position.
  public var selectedDay: Weekday { Weekday(rawValue: pager.targetPage) ?? .monday }

  /// The serials of `day` (none while loading).
  public func serials(_ day: Weekday) -> [Serial] { schedule?[day] ?? [] }

  /// The weekday for any pager page (dummies included).
  public func weekday(ofPage page: Int) -> Weekday {
    Weekday(rawValue: pager.logicalPage(page)) ?? .monday
  }
}
