import CursesTerminal
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Prints one line to standard error, made safe: it may quote what the user typed.
func fail(_ message: String) {
  let line = Array((SafeText.sanitize(message) + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Inputs small enough to parse before the UI starts (so their errors never
/// touch the screen); anything larger, or anything that is not a regular file
/// (a pipe, a FIFO), loads behind a spinner.
let foregroundLimit = 1 << 20

enum Plan {
  case ready(Schedule)
  /// Too big (or a pipe) to read before the first frame: the run loop loads it.
  case background
}

/// How schedules are read: their times placed on the local calendar (zone, day start,
/// today), their titles in the language chosen.
struct Reading: Sendable {
  var calendar = LocalCalendar()
  var titles = TitleLanguage.original

  /// Loads the schedule at `path` (`-` is standard input).
  func load(path: String) throws(ScheduleError) -> Schedule {
    try ScheduleLoader.load(path: path, calendar: calendar).showingTitles(titles)
  }

  /// Loads a schedule now, on this thread.
  func load(_ source: ScheduleSource) throws(ScheduleError) -> Schedule {
    switch source {
    case .demo: DefaultSchedule.schedule
    case .file(let path): try load(path: path)
    case .standardInput: try load(path: "-")
    }
  }
}

/// The schedules with the pages of one source given one after another (Jikan,
/// MyAnimeList or AniList responses) made one, named after the first; a show on two
/// pages is listed once.
func mergingPages(_ loaded: [(ScheduleSource, Schedule)]) -> [(ScheduleSource, Schedule)] {
  var merged: [(ScheduleSource, [Schedule])] = []
  for (source, schedule) in loaded {
    let api: Set<ScheduleFormat> = [.jikan, .myAnimeList, .aniList]
    if let last = merged.last, api.contains(schedule.format), last.1[0].format == schedule.format {
      merged[merged.count - 1].1.append(schedule)
    } else {
      merged.append((source, [schedule]))
    }
  }
  return merged.map { ($0.0, Schedule.merging(pages: $0.1)) }
}

/// Prints a loaded schedule's warnings on standard error, one line each (an
/// iCalendar file's left-out events, a JSON file's near-miss field names).
/// Before the UI starts, so they are on the terminal once youbi quits.
func warn(_ schedule: Schedule, from source: ScheduleSource) {
  let name: String
  switch source {
  case .demo: return
  case .file(let path): name = ScheduleLoader.sourceName(path: path)
  case .standardInput: name = ScheduleLoader.sourceName(path: "-")
  }
  for warning in schedule.warnings { fail("youbi: " + warning.line(file: name)) }
}

/// Decides whether to load before the UI starts or behind it.
func plan(for source: ScheduleSource, reading: Reading) throws(ScheduleError) -> Plan {
  var info = stat()
  let small: Bool
  switch source {
  case .demo:
    small = true
  case .file(let path):
    // Missing files and directories fail at once, before the UI.
    small =
      stat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFDIR
      || ((info.st_mode & S_IFMT) == S_IFREG && info.st_size <= foregroundLimit)
  case .standardInput:
    small =
      fstat(0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
      && info.st_size <= foregroundLimit
  }
  if small { return .ready(try reading.load(source)) }
  return .background
}

/// Refuses `-` when standard input cannot be a schedule: closed (`<&-`), or the
/// terminal itself (it would read the keyboard). The same in both modes.
func checkStandardInput() throws(ScheduleError) {
  if fcntl(0, F_GETFD) < 0 {
    throw ScheduleError(
      exitCode: 66, message: "youbi: <stdin>: cannot read: standard input is closed")
  }
  if isatty(0) != 0 {
    throw ScheduleError(
      exitCode: 64, message: "youbi: standard input is a terminal; pipe a schedule into 'youbi -'")
  }
}

/// Puts /dev/null on any of descriptors 0–2 that is closed, so no file opened
/// later (the terminal, a schedule) can land there and be taken for a standard stream.
func reserveStandardDescriptors() {
  for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 {
    let null = open("/dev/null", O_RDWR)
    if null >= 0 && null != fd {
      _ = dup2(null, fd)
      close(null)
    }
  }
}

/// Writes all of `text` to standard output; returns the errno of a failed write.
func writeOutput(_ text: String) -> Int32? {
  if fcntl(1, F_GETFD) < 0 { return EBADF }  // closed: checked before a file can land on 1
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let n = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    if n < 0 {
      if errno == EINTR { continue }
      return errno
    }
    bytes = bytes.dropFirst(n)
  }
  return nil
}

/// The one line for a terminal youbi cannot draw on, with the way out.
func terminalFailure(_ error: CursesTerminalError) -> String {
  switch error {
  case .noTerminal, .termNotSet, .unknownTerminal:
    error.message + "; youbi --print writes the week as plain text"
  case .system:
    error.message
  }
}

func main() -> Int32 {
  _ = TextWidth.localeIsReady  // the user's locale, with a UTF-8 character type
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
  let environment = Launch.environment()
  let paths = ConfigPaths(environment: environment)
  if options.initialize { return Launch.initialize(paths: paths) }

  // Settings: the defaults, the config file over them, the command line over that.
  let config: Config?
  do {
    config = try Launch.config(options.config, paths: paths)
  } catch {
    fail(error.message)
    return error.exitCode
  }
  let settings = Settings(
    (config?.preferences ?? Preferences()).overlaid(with: options.preferences),
    environment: environment)
  // settings.theme and .cursor go to the backend, .dayStartHour to the state;
  // .loop to the sections.

  let lookup = ScheduleLookup.resolve(
    arguments: options.files, environment: environment, config: config, exists: Launch.exists)
  // One section per schedule (per section of a file with "sections"), side by
  // side; a file named twice is shown once.
  var sources: [ScheduleSource] = []
  for source in lookup.sources where !sources.contains(source) { sources.append(source) }
  if sources.isEmpty { sources = [.demo] }
  if sources.contains(.standardInput) {
    do {
      try checkStandardInput()
    } catch {
      fail(error.message)
      return error.exitCode
    }
  }
  if options.check {
    if sources == [.demo] {
      fail("youbi: --check: no schedule to check (name a FILE, or set one up: youbi --init)")
      return ScheduleError.noInput
    }
    return Launch.check(sources, quiet: options.quiet)
  }
  let clock = SystemClock()
  let todayDate = clock.now().wall.date(dayStartHour: settings.dayStartHour)
  let today = todayDate.weekday
  let reading = Reading(
    calendar: LocalCalendar(
      zones: SystemTimeZones(), dayStartHour: settings.dayStartHour, today: todayDate),
    titles: settings.titles)

  // Plain output: --print, --next, --upcoming, or standard output is not a terminal.
  let releases = options.next != nil || options.upcoming != nil
  if options.print || releases || isatty(1) == 0 {
    if fcntl(1, F_GETFD) < 0 {
      fail("youbi: cannot write the output: standard output is closed")
      return 74  // EX_IOERR
    }
    reserveStandardDescriptors()
    do {
      let day = options.day.map { $0.resolved(today: today) }
      var schedules: [(ScheduleSource, Schedule)] = []
      for source in sources {
        let schedule = try reading.load(source)
        warn(schedule, from: source)
        schedules.append((source, schedule))
      }
      schedules = mergingPages(schedules)
      // The week of --date, else this week; --all prints the files as written.
      let shown = options.date ?? todayDate
      let monday = shown.adding(days: -shown.weekday.rawValue)
      let text: String
      let output = Output(
        schedules: schedules, settings: settings, environment: environment, now: clock.now().wall)
      // A terminal gets titles as links; a pipe plain text.
      let links = isatty(1) != 0
      if releases {
        text = output.releases(options)
      } else if options.format != .text {
        text = output.week(options.format, day: day)
      } else if schedules.count == 1 {
        text =
          options.all
          ? PlainPrinter.render(schedules[0].1, day: day, labels: settings.labels, links: links)
          : PlainPrinter.render(
            schedules[0].1, week: monday, day: day, labels: settings.labels, links: links)
      } else {
        // Every section of every file, each under the name the section bar gives it.
        let named = schedules.flatMap { source, schedule in
          zip(Section.names(of: schedule, from: source), schedule.sections).map { ($0, $1) }
        }
        text =
          options.all
          ? PlainPrinter.render(sections: named, day: day, labels: settings.labels, links: links)
          : PlainPrinter.render(
            sections: named, week: monday, day: day, labels: settings.labels, links: links)
      }
      if let code = writeOutput(text) {
        fail("youbi: cannot write the output: \(String(cString: strerror(code)))")
        return 74  // EX_IOERR
      }
      return 0
    } catch {
      fail(error.message)
      return error.exitCode
    }
  }

  reserveStandardDescriptors()
  // Small inputs are read now, in order, so the first error ends the run before the UI.
  var plans: [(ScheduleSource, Plan)] = []
  for source in sources {
    do {
      plans.append((source, try plan(for: source, reading: reading)))
    } catch {
      fail(error.message)
      return error.exitCode
    }
  }
  for (source, work) in plans { if case .ready(let ready) = work { warn(ready, from: source) } }

  let terminal: CursesTerminal
  do {
    terminal = try CursesTerminal(
      options: .init(
        mouse: settings.mouse, theme: settings.theme, showCursor: settings.cursor == .visible))
  } catch {
    fail(terminalFailure(error))
    return 1
  }
  let day = options.day?.resolved(today: today) ?? today
  let sections = plans.flatMap { source, work in
    switch work {
    case .ready(let ready):
      return Section.sections(
        of: SafeSchedule.sections(of: ready), from: source, day: day, looping: settings.loop,
        slideDuration: settings.slideDuration)
    case .background:
      // One placeholder, named after the file, until the read says how many sections.
      return [
        Section(
          name: Section.name(title: nil, source: source, part: 0, of: 1), source: source,
          schedule: nil, day: day, looping: settings.loop, slideDuration: settings.slideDuration)
      ]
    }
  }
  var state = AppState(
    sections: sections, labels: settings.labels, size: terminal.size, wall: clock.now().wall,
    slideDuration: settings.slideDuration, indicator: settings.indicator)
  // Marks and stars are kept per schedule file, by its real path.
  for source in sources {
    if case .file(let path) = source {
      state.markKeys[source] = ScheduleKey.resolving(source: path, title: nil)
    }
  }
  state.dayStartHour = settings.dayStartHour
  state.backlogWeeks = settings.backlogWeeks
  state.notify = settings.notify
  // Marks and stars load behind the first frame, like a large schedule.
  let start = state.launch() + [.loadState]
  let outcome = RunLoop.run(
    &state, on: terminal, clock: clock, initial: start,
    loader: { path throws(ScheduleError) in try reading.load(path: path) },
    stateStore: StateStore(environment: environment), opener: URLOpener(environment: environment),
    notifier: Notifier(environment: environment))
  terminal.stop()
  if let message = outcome.message { fail(message) }
  return outcome.status
}

exit(main())
