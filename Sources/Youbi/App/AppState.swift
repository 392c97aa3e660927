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
  /// The weekday `t` jumps to; decided at start-up, never re-read from the clock.
  public var today: Weekday
  public var size: Size
  public var showHelp = false
  /// A mouse press in the page area, and whether it has become a swipe.
  public var pointer: Pointer?

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

  public init(
    schedule: Schedule?, day: Weekday, today: Weekday, labels: Labels, size: Size,
    slideDuration: Duration = .milliseconds(250)
  ) {
    self.schedule = schedule.map(SafeSchedule.init)
    self.pager = Pager(mode: .looping(count: 7), page: day.rawValue, duration: slideDuration)
    self.lists = PageMemory(default: ListState())
    self.labels = labels
    self.today = today
    self.size = size
  }

  /// The day the pager rests on or is heading to.
  public var selectedDay: Weekday { Weekday(rawValue: pager.targetPage) ?? .monday }

  /// The serials of `day` (none while loading).
  public func serials(_ day: Weekday) -> [Serial] { schedule?[day] ?? [] }

  /// The weekday for any pager page (dummies included).
  public func weekday(ofPage page: Int) -> Weekday {
    Weekday(rawValue: pager.logicalPage(page)) ?? .monday
  }
}
