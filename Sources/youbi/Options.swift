import Schedule
import Youbi

/// Command-line options, parsed by hand: the toolchain has no argument parser
/// and the project takes no package dependencies.
struct Options: Equatable {
  enum Source: Equatable {
    case embedded
    case file(String)
    case standardInput
  }

  /// The day asked for with `--day`.
  enum Day: Equatable {
    case today
    case weekday(Weekday)

    func resolved(today: Weekday) -> Weekday {
      switch self {
      case .today: today
      case .weekday(let day): day
      }
    }
  }

  var source = Source.embedded
  /// nil when `--day` was not given: the pager opens on today and `--print` prints the week.
  var day: Day?
  var labels: Labels?
  var durationMilliseconds = 250
  var print = false
  var mouse = true
  var help = false
  var version = false

  struct UsageError: Error, Equatable {
    var message: String
  }

  static let usage = """
    Usage: youbi [OPTIONS] [FILE | -]

    A week of serials in your terminal: seven weekday tabs that slide and loop.
    FILE is a JSON schedule (see the README); '-' reads it from standard input.
    Without FILE, a built-in example week is shown.

    Options:
      -d, --day DAY    start on DAY: monday…sunday, mon…sun, 月…日, or today
      --labels ja|en   weekday labels (default: from the locale)
      --duration MS    slide duration in milliseconds (default 250, 0 = none)
      --no-animation   same as --duration 0
      --print          print the schedule as plain text and exit
                       (the --day given, else the whole week)
      --no-mouse       leave the mouse to the terminal
      -h, --help       show this help and exit
      -V, --version    show the version and exit

    Keys: ←/→ or h/l change day, ↑/↓ or j/k move, PgUp/PgDn, Home/End (g/G),
    1–7 jump to a weekday, t today, ? help, q or Esc quit.
    Environment: NO_COLOR turns colour off.
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var positional: [String] = []
    var rest = arguments[...]
    func value(_ name: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard let next = rest.popFirst() else {
        throw UsageError(message: "option \(name) needs a value")
      }
      return next
    }
    var onlyPositional = false
    while let arg = rest.popFirst() {
      if onlyPositional || arg == "-" || !arg.hasPrefix("-") {
        positional.append(arg)
        continue
      }
      var name = arg
      var inline: String? = nil
      if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      switch name {
      case "--":
        onlyPositional = true
      case "--day", "-d":
        let text = try value(name, inline: inline)
        if text.lowercased() == "today" || text == "今日" {
          options.day = .today
        } else if let day = Weekday(parsing: text) {
          options.day = .weekday(day)
        } else {
          throw UsageError(
            message: "unknown day '\(text)' for --day (try monday…sunday, mon…sun, 月…日 or today)")
        }
      case "--labels":
        let text = try value(name, inline: inline)
        guard let labels = Labels(rawValue: text.lowercased()) else {
          throw UsageError(message: "--labels takes ja or en, not '\(text)'")
        }
        options.labels = labels
      case "--duration":
        let text = try value(name, inline: inline)
        guard let ms = Int(text), ms >= 0, ms <= 60_000 else {
          throw UsageError(message: "--duration takes milliseconds from 0 to 60000, not '\(text)'")
        }
        options.durationMilliseconds = ms
      case "--no-animation": options.durationMilliseconds = 0
      case "--print": options.print = true
      case "--no-mouse": options.mouse = false
      case "-h", "--help": options.help = true
      case "-V", "--version": options.version = true
      default:
        throw UsageError(message: "unknown option '\(arg)'")
      }
      if inline != nil
        && ["--no-animation", "--print", "--no-mouse", "--help", "--version"].contains(name)
      {
        throw UsageError(message: "option \(name) takes no value")
      }
    }
    if positional.count > 1 {
      throw UsageError(message: "one schedule at a time (got \(positional.count) files)")
    }
    if let only = positional.first {
      options.source = only == "-" ? .standardInput : .file(only)
    }
    return options
  }
}
