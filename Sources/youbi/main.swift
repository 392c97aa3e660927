import CursesTerminal
import TerminalUI
import Youbi

#if canImport(Glibc)
  import Glibc
#endif

let version = "youbi 0.1.0"

/// Prints one line to standard error.
func fail(_ message: String) {
  let line = Array((message.hasSuffix("\n") ? message : message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Today's weekday in local time; the only place the wall clock is read.
func localWeekday() -> Weekday {
  var now = time(nil)
  var parts = tm()
  localtime_r(&now, &parts)
  return Weekday(tmWeekday: Int(parts.tm_wday))
}

/// Japanese labels when the locale's language is Japanese, English otherwise.
func labelsFromLocale() -> Labels {
  for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
    if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty {
      return value.lowercased().hasPrefix("ja") ? .ja : .en
    }
  }
  return .en
}

/// Inputs small enough to parse before the UI starts (so their errors never
/// touch the screen); anything larger, or a pipe, loads behind a spinner.
let foregroundLimit = 1 << 20

enum Plan {
  case ready(Schedule)
  case background(@Sendable () -> Result<Schedule, ScheduleError>)
}

func plan(for source: Options.Source) throws(ScheduleError) -> Plan {
  switch source {
  case .embedded:
    return .ready(DefaultSchedule.schedule)
  case .file(let path):
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > foregroundLimit {
      return .background {
        Result { () throws(ScheduleError) in try ScheduleLoader.load(path: path) }
      }
    }
    return .ready(try ScheduleLoader.load(path: path))
  case .standardInput:
    var info = stat()
    if fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= foregroundLimit {
      return .ready(try ScheduleLoader.load(path: "-"))
    }
    return .background { Result { () throws(ScheduleError) in try ScheduleLoader.load(path: "-") } }
  }
}

func main() -> Int32 {
  let options: Options
  do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
  } catch {
    fail("youbi: \(error.message) (see youbi --help)")
    return 64
  }
  if options.help {
    print(Options.usage)
    return 0
  }
  if options.version {
    print(version)
    return 0
  }
  let labels = options.labels ?? labelsFromLocale()
  let today = localWeekday()

  // Plain output: --print, or standard output is not a terminal.
  if options.print || isatty(1) == 0 {
    do {
      let schedule: Schedule
      switch options.source {
      case .embedded: schedule = DefaultSchedule.schedule
      case .file(let path): schedule = try ScheduleLoader.load(path: path)
      case .standardInput: schedule = try ScheduleLoader.load(path: "-")
      }
      print(PlainPrinter.render(schedule, day: options.day, labels: labels), terminator: "")
      return 0
    } catch {
      fail(error.message)
      return error.exitCode
    }
  }

  let work: Plan
  do {
    work = try plan(for: options.source)
  } catch {
    fail(error.message)
    return error.exitCode
  }

  let terminal: CursesTerminal
  do {
    terminal = try CursesTerminal(options: .init(mouse: options.mouse))
  } catch {
    fail(error.message)
    return 1
  }
  var ready: Schedule? = nil
  var load: (@Sendable () -> Result<Schedule, ScheduleError>)? = nil
  switch work {
  case .ready(let schedule): ready = schedule
  case .background(let loader): load = loader
  }
  var state = AppState(
    schedule: ready, day: options.day ?? today, today: today, labels: labels, size: terminal.size,
    slideDuration: .milliseconds(options.durationMilliseconds))
  let outcome = RunLoop.run(&state, on: terminal, load: load)
  terminal.stop()
  switch outcome {
  case .quit(let status):
    return status
  case .loadFailed(let error):
    fail(error.message)
    return error.exitCode
  }
}

exit(main())
