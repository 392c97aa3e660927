import Schedule
import TerminalUI

/// Every setting, decided: the defaults with the config file's preferences
/// laid over them and the command line's over those.
///
/// What `main` hands on: to the app state (labels, slide, indicator), to the
/// backend (mouse, theme, cursor) and to the features that read the rest.
public struct Settings: Equatable, Sendable {
  public static let defaultDurationMilliseconds = 250

  public var labels: Labels
  public var slideDuration: Duration
  public var mouse: Bool
  public var theme: Theme
  /// The hour (0–12) a day starts.
  public var dayStartHour: Int
  /// How many weeks back a release still counts as behind.
  public var backlogWeeks: Int
  public var loop: Bool
  public var indicator: TabBar.Indicator
  public var cursor: CursorVisibility
  /// How old a subscription's copy may get before it is fetched again, in seconds.
  public var refreshSeconds: Int64
  /// The language of the titles shown (a show without one shows its original).
  public var titles: TitleLanguage
  /// Which releases are announced, how long before, and how.
  public var notify: NotifySettings
  /// How many days the week shows side by side.
  public var columns: Columns
  /// The streaming sites shows are placed on, in order of preference; empty: the TV's.
  public var watchOn: [String]

  /// `preferences` over the defaults; labels follow the locale in `environment`
  /// unless chosen.
  public init(_ preferences: Preferences, environment: [String: String]) {
    labels = preferences.labels ?? Self.localeLabels(environment: environment)
    slideDuration = .milliseconds(
      preferences.durationMilliseconds ?? Self.defaultDurationMilliseconds)
    mouse = preferences.mouse ?? true
    theme = preferences.theme ?? .dark
    dayStartHour = preferences.dayStartHour ?? 0
    backlogWeeks = preferences.backlogWeeks ?? 4
    loop = preferences.loop ?? true
    indicator = preferences.indicator ?? .underline
    cursor = preferences.cursor ?? .hidden
    refreshSeconds = preferences.refreshSeconds ?? Feed.defaultRefresh
    titles = preferences.titles ?? .original
    columns = preferences.columns ?? .auto
    watchOn = preferences.watchOn ?? []
    notify = NotifySettings(
      scope: preferences.notify ?? .starred, before: preferences.notifyBefore ?? 0,
      route: NotifyRoute.choose(
        preferences.notifyVia ?? .auto, command: preferences.notifyCommand,
        environment: environment))
  }

  /// Japanese when the locale's language is (`LC_ALL`, then `LC_MESSAGES`,
  /// then `LANG`, the first one set), English otherwise.
  public static func localeLabels(environment: [String: String]) -> Labels {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return value.lowercased().hasPrefix("ja") ? .ja : .en
      }
    }
    return .en
  }
}
