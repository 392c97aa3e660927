import JSON
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

/// Command-line options, parsed by hand: the toolchain has no argument parser
/// and the project takes no package dependencies.
///
/// Short options work as getopt's do: `-d fri`, `-dfri`, and flags run
/// together (`-hV`). Long options take `--name value` or `--name=value`.
/// `--` ends the options.
struct Options: Equatable {
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

  /// Which config file to read.
  enum ConfigChoice: Equatable {
    /// `$XDG_CONFIG_HOME/youbi/config`, when it exists.
    case standard
    /// `--config FILE`: it must exist.
    case file(String)
    /// `--no-config`.
    case none
  }

  /// The FILE operands (`-` is standard input).
  var files: [String] = []
  /// nil when `--day` was not given: the pager opens on today and `--print` prints the week.
  var day: Day?
  /// The settings chosen here; they override the config file's.
  var preferences = Preferences()
  var config = ConfigChoice.standard
  var print = false
  /// `--date`: print the week that holds this date.
  var date: CivilDate?
  /// `--all`: print every entry of the file as written, whatever its dates.
  var all = false
  /// `--check`: report every problem in the schedules and exit.
  var check = false
  /// `--refresh`: fetch every subscription now and exit.
  var refresh = false
  /// `--sync`: send the progress queued for the trackers, fetch the accounts' lists, exit.
  var sync = false
  /// `-q`: `--check` says nothing of a file that loads, and nothing else says a
  /// source's warnings.
  var quiet = false
  /// `--verbose`: `--print`, `--next` and `--upcoming` say each source's warnings.
  var verbose = false
  /// `--init`: write a starter schedule and exit.
  var initialize = false
  /// `--next [N]`: print the next N releases and exit.
  var next: Int?
  /// `--upcoming DURATION`: print the releases within that many seconds and exit.
  var upcoming: Int?
  /// `--starred`: only starred serials (with `--next` or `--upcoming`).
  var starred = false
  /// `--short`: one line of at most 40 columns (with `--next`).
  var short = false
  /// `--format`: how `--print`, `--next` and `--upcoming` write.
  var format = OutputFormat.text
  var help = false
  var version = false

  struct UsageError: Error, Equatable {
    var message: String
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    var onlyOperands = false
    while let arg = rest.popFirst() {
      if onlyOperands || arg == "-" || !arg.hasPrefix("-") {
        options.files.append(arg)
      } else if arg == "--" {
        onlyOperands = true
      } else if arg.hasPrefix("--") {
        try options.readLong(arg, rest: &rest)
      } else {
        try options.readCluster(arg, rest: &rest)
      }
    }
    try options.checkCombinations()
    return options
  }

  /// One long option, `--name`, `--name=value` or `--name value` (taking it from `rest`).
  private mutating func readLong(_ arg: String, rest: inout ArraySlice<String>)
    throws(UsageError)
  {
    let equals = arg.firstIndex(of: "=")
    let name = String(arg[..<(equals ?? arg.endIndex)])
    guard let option = Option.allCases.first(where: { $0.long == name }) else {
      throw Self.unknown(name)
    }
    var value: String? = nil
    if let equals {
      guard option.takesValue || option == .next else {
        throw UsageError(message: "option \(Excerpt.cut(name)) takes no value")
      }
      value = String(arg[arg.index(after: equals)...])
    } else if option.takesValue {
      guard let next = rest.popFirst() else {
        throw UsageError(message: "option \(Excerpt.cut(name)) needs a value")
      }
      value = next
    } else if option == .next, let count = rest.first, Self.isCount(count) {
      value = rest.popFirst()  // `--next 3`: an optional count
    }
    try apply(option, value: value, as: name)
  }

  /// A cluster of short options; one that takes a value takes the rest of the word, or
  /// the next argument (from `rest`) when the word ends with it.
  private mutating func readCluster(_ arg: String, rest: inout ArraySlice<String>)
    throws(UsageError)
  {
    var letters = Substring(arg.dropFirst())
    while let letter = letters.popFirst() {
      let name = "-\(letter)"
      guard let option = Option.allCases.first(where: { $0.short == letter }) else {
        throw UsageError(message: "unknown option '\(Excerpt.cut(name))'")
      }
      var value: String? = nil
      if option.takesValue {
        if !letters.isEmpty {
          value = String(letters)
        } else if let next = rest.popFirst() {
          value = next
        } else {
          throw UsageError(message: "option \(name) needs a value")
        }
        letters = ""
      }
      try apply(option, value: value, as: name)
    }
  }

  /// Refuses operands and modes that cannot go together.
  private func checkCombinations() throws(UsageError) {
    if files.filter({ $0 == "-" }).count > 1 {
      throw UsageError(message: "'-' (standard input) can be given only once")
    }
    if check && (print || initialize) {
      throw UsageError(message: "--check cannot be combined with --print or --init")
    }
    if refresh && (check || print || initialize) {
      throw UsageError(message: "--refresh cannot be combined with --check, --print or --init")
    }
    if sync && (refresh || check || print || initialize) {
      throw UsageError(
        message: "--sync cannot be combined with --refresh, --check, --print or --init")
    }
    for file in files {
      do {
        _ = try ScheduleSource(naming: file)
      } catch {
        throw UsageError(message: "\(error): \"\(String(file.prefix(80)))\"")
      }
    }
    try checkOutputOptions()
    if initialize && !files.isEmpty {
      throw UsageError(message: "--init takes no FILE; it writes the starter schedule itself")
    }
  }

  /// Records one option (`name` is how it was written, for messages).
  private mutating func apply(_ option: Option, value: String?, as name: String)
    throws(UsageError)
  {
    if let key = option.key, let value {
      do {
        try key.read(value, into: &preferences)
      } catch {
        throw UsageError(message: "\(name): \(error.reason)")
      }
      return
    }
    switch option {
    case .day: day = try Self.day(value ?? "", as: name)
    case .noAnimation: preferences.durationMilliseconds = 0
    case .noMouse: preferences.mouse = false
    case .noLoop: preferences.loop = false
    case .cursor: preferences.cursor = .visible
    case .config:
      guard let file = value, !file.isEmpty else {
        throw UsageError(message: "option \(name) needs a file")
      }
      config = .file(file)
    case .noConfig: config = .none
    case .print: print = true
    case .all:
      all = true
      print = true
    case .date:
      print = true
      date = try Self.date(value ?? "", as: name)
    case .next: next = try Self.count(value, as: name)
    case .upcoming: upcoming = try Self.duration(value, as: name)
    case .starred: starred = true
    case .short: short = true
    case .format: format = try Self.format(value, as: name)
    case .check: check = true
    case .refresh: refresh = true
    case .sync: sync = true
    case .quiet: quiet = true
    case .verbose: verbose = true
    case .initialize: initialize = true
    case .help: help = true
    case .version: version = true
    case .labels, .duration, .theme, .dayStarts, .indicator, .titles, .columns, .watchOn:
      break  // read through their setting key above
    }
  }

  /// `unknown option '--lables'; did you mean '--labels'?`
  private static func unknown(_ name: String) -> UsageError {
    let longs = Option.allCases.map(\.long)
    if let near = Suggestion.nearest(to: name, among: longs) {
      return UsageError(message: "unknown option '\(Excerpt.cut(name))'; did you mean '\(near)'?")
    }
    return UsageError(message: "unknown option '\(Excerpt.cut(name))'")
  }
}
