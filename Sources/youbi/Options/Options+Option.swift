import YoubiCore

/// The options themselves: their names, and which take a value.
extension Options {
  /// Every option, with its names and whether it takes a value.
  enum Option: CaseIterable {
    case day, labels, duration, noAnimation, noMouse, theme, dayStarts, noLoop, indicator, cursor
    case titles, columns, watchOn, config, noConfig, print, date, all, next, upcoming, starred,
      short
    case format, check, quiet, verbose, refresh, sync, initialize, help, version

    var long: String {
      switch self {
      case .day: "--day"
      case .labels: "--labels"
      case .duration: "--duration"
      case .noAnimation: "--no-animation"
      case .noMouse: "--no-mouse"
      case .theme: "--theme"
      case .dayStarts: "--day-starts"
      case .noLoop: "--no-loop"
      case .indicator: "--indicator"
      case .cursor: "--cursor"
      case .columns: "--columns"
      case .watchOn: "--watch-on"
      case .config: "--config"
      case .noConfig: "--no-config"
      case .print: "--print"
      case .date: "--date"
      case .all: "--all"
      case .titles: "--titles"
      case .next: "--next"
      case .upcoming: "--upcoming"
      case .starred: "--starred"
      case .short: "--short"
      case .format: "--format"
      case .check: "--check"
      case .refresh: "--refresh"
      case .sync: "--sync"
      case .quiet: "--quiet"
      case .verbose: "--verbose"
      case .initialize: "--init"
      case .help: "--help"
      case .version: "--version"
      }
    }

    var short: Character? {
      switch self {
      case .day: "d"
      case .help: "h"
      case .quiet: "q"
      case .version: "V"
      default: nil
      }
    }

    /// The setting a value option reads through, so the config file and the
    /// command line take the same words.
    var key: SettingKey? {
      switch self {
      case .labels: .labels
      case .duration: .duration
      case .theme: .theme
      case .dayStarts: .dayStarts
      case .indicator: .indicator
      case .titles: .titles
      case .columns: .columns
      case .watchOn: .watchOn
      default: nil
      }
    }

    var takesValue: Bool {
      key != nil || self == .day || self == .config || self == .date || self == .upcoming
        || self == .format
    }
  }
}
