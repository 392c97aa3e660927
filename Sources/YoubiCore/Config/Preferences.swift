import Schedule
import TerminalUI

/// One layer of choices a person made, each optional: what the config file
/// says, or what the command line says.
///
/// `Settings` lays the layers over the defaults, the command line on top, so
/// a choice left out of one layer falls through to the one below.
public struct Preferences: Equatable, Sendable {
  /// Weekday labels and the app's words: 月 or Mon.
  public var labels: Labels?
  /// The slide's length in milliseconds; 0 is no animation.
  public var durationMilliseconds: Int?
  /// Whether the mouse is reported to youbi (or left to the terminal).
  public var mouse: Bool?
  /// The colour scheme, handed to the backend.
  public var theme: Theme?
  /// The hour (0–12) a day starts: before it, it is still the day before.
  public var dayStartHour: Int?
  /// Whether the week loops (Sunday → Monday) or stops at its ends.
  public var loop: Bool?
  /// How the tab bar's indicator is drawn.
  public var indicator: TabBar.Indicator?
  /// Whether the terminal's cursor is shown.
  public var cursor: CursorVisibility?
  /// How old a subscription's copy may get before it is fetched again, in seconds.
  public var refreshSeconds: Int64?
  /// The language of the titles shown, for shows whose source gives several.
  public var titles: TitleLanguage?
  /// Which releases are announced while Youbi runs.
  public var notify: NotifyScope?
  /// How long before a release it is announced, in seconds.
  public var notifyBefore: Int?
  /// How a notification is sent.
  public var notifyVia: NotifyVia?
  /// The program (and its first arguments) `notify-via = command` runs.
  public var notifyCommand: [String]?
  /// How many weeks back a release still counts as behind (`backlog = 4w`).
  public var backlogWeeks: Int?
  /// How many days the week shows side by side (`columns = auto | 1 … 7`).
  public var columns: Columns?
  /// The streaming sites shows are placed on, in order of preference (`watch-on`).
  public var watchOn: [String]?

  public init(
    labels: Labels? = nil, durationMilliseconds: Int? = nil, mouse: Bool? = nil,
    theme: Theme? = nil, dayStartHour: Int? = nil, loop: Bool? = nil,
    indicator: TabBar.Indicator? = nil, cursor: CursorVisibility? = nil,
    refreshSeconds: Int64? = nil, notify: NotifyScope? = nil, notifyBefore: Int? = nil,
    notifyVia: NotifyVia? = nil, notifyCommand: [String]? = nil, titles: TitleLanguage? = nil,
    backlogWeeks: Int? = nil, columns: Columns? = nil, watchOn: [String]? = nil
  ) {
    self.watchOn = watchOn
    self.columns = columns
    self.titles = titles
    self.backlogWeeks = backlogWeeks
    self.labels = labels
    self.durationMilliseconds = durationMilliseconds
    self.mouse = mouse
    self.theme = theme
    self.dayStartHour = dayStartHour
    self.loop = loop
    self.indicator = indicator
    self.cursor = cursor
    self.refreshSeconds = refreshSeconds
    self.notify = notify
    self.notifyBefore = notifyBefore
    self.notifyVia = notifyVia
    self.notifyCommand = notifyCommand
  }

  /// This layer with `top` laid over it: `top`'s choices where it makes them.
  public func overlaid(with top: Preferences) -> Preferences {
    Preferences(
      labels: top.labels ?? labels,
      durationMilliseconds: top.durationMilliseconds ?? durationMilliseconds,
      mouse: top.mouse ?? mouse, theme: top.theme ?? theme,
      dayStartHour: top.dayStartHour ?? dayStartHour, loop: top.loop ?? loop,
      indicator: top.indicator ?? indicator, cursor: top.cursor ?? cursor,
      refreshSeconds: top.refreshSeconds ?? refreshSeconds,
      notify: top.notify ?? notify, notifyBefore: top.notifyBefore ?? notifyBefore,
      notifyVia: top.notifyVia ?? notifyVia, notifyCommand: top.notifyCommand ?? notifyCommand,
      titles: top.titles ?? titles, backlogWeeks: top.backlogWeeks ?? backlogWeeks,
      columns: top.columns ?? columns, watchOn: top.watchOn ?? watchOn)
  }
}
