import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// What `main` reads from the process before anything starts: the
/// environment, the config file and the schedules it names. What to make of
/// them is decided by pure code in `YoubiCore` (`Settings`, `ScheduleLookup`);
/// this type fetches the inputs and carries them to the mode that runs.
struct Launch {
  var options: Options
  var environment: [String: String]
  var paths: ConfigPaths
  /// The defaults, the config file over them, the command line over that.
  var settings: Settings
  /// One per schedule, side by side; a file named twice is shown once. The
  /// demo week when nothing names one.
  var sources: [ScheduleSource]
  /// The subscriptions given their own `refresh=…`.
  var refreshes: [WebURL: Int64]
  /// The schedules given a `kind=…`.
  var kinds: [ScheduleSource: SectionKind]
  /// The schedules the config follows whole (`follow=all`).
  var followed: Set<ScheduleSource>
  /// Subscriptions are fetched into (and read from) the cache; nil without one.
  var fetcher: Fetcher?
  /// The tracker accounts the config names (`anilist = NAME`, `mal = NAME`).
  var accounts: [Account]
  /// The `reference` catalogues the config names, read behind the first frame.
  var references = References([])

  init(options: Options) throws(Exit) {
    self.options = options
    environment = Self.environment()
    paths = ConfigPaths(environment: environment)
    let config: Config?
    do {
      config = try Self.config(options.config, paths: paths)
    } catch {
      throw Exit(error)
    }
    settings = Settings(
      (config?.preferences ?? Preferences()).overlaid(with: options.preferences),
      environment: environment)
    let lookup = ScheduleLookup.resolve(
      arguments: options.files, environment: environment, config: config, exists: Self.exists)
    sources = []
    for source in lookup.sources where !sources.contains(source) { sources.append(source) }
    if sources.isEmpty { sources = [.demo] }
    refreshes = lookup.refreshes
    kinds = lookup.kinds
    followed = lookup.followed
    accounts = config?.accounts ?? []
    references = References(
      (config?.references ?? []).map { line in
        ScheduleSource.isWrittenAsURL(line.path)
          ? (try? WebURL(checking: line.path)).map(ScheduleSource.url) ?? .file(line.path)
          : .file(line.path)
      }, refresh: settings.refreshSeconds)
    fetcher = FeedCache(environment: environment).map {
      Fetcher(cache: $0, environment: environment, clock: SystemClock(), version: youbiVersion)
    }
    for account in accounts { fetcher?.accounts[account.url] = account }
    if sources.contains(.standardInput) { try Self.checkStandardInput() }
  }

  /// How schedules are read at `now`: on the local calendar of that day, in the title
  /// language chosen, their offset changes worked out around `date` (`--date`'s week,
  /// `horizonWeeks` either side) or around today.
  func reading(
    at now: WallTime, around date: CivilDate? = nil,
    horizonWeeks: Int = LocalCalendar.standardHorizonWeeks
  ) -> Reading {
    var calendar = LocalCalendar(
      zones: SystemTimeZones(), dayStartHour: settings.dayStartHour,
      today: now.date(dayStartHour: settings.dayStartHour), watchOn: settings.watchOn)
    calendar.placedAround = date
    calendar.horizonWeeks = horizonWeeks
    return Reading(calendar: calendar, titles: settings.titles, references: references)
  }

  /// `--print`, `--next`, `--upcoming`, or standard output is not a terminal.
  var printsPlainText: Bool {
    options.print || options.next != nil || options.upcoming != nil || isatty(1) == 0
  }

  /// The process environment as a dictionary (the first `=` splits each entry).
  static func environment() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    var result: [String: String] = [:]
    result.reserveCapacity(count)
    for k in 0..<count {
      // By bytes: `=` is ASCII, and each side is made a string once, from its bytes.
      let entry = UnsafeRawPointer(environ[k]!).assumingMemoryBound(to: UInt8.self)
      let text = UnsafeBufferPointer(start: entry, count: strlen(environ[k]!))
      guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { continue }
      result[String(decoding: UnsafeBufferPointer(rebasing: text[..<equals]), as: UTF8.self)] =
        String(decoding: UnsafeBufferPointer(rebasing: text[(equals + 1)...]), as: UTF8.self)
    }
    return result
  }

  /// Reads the config file `choice` names; nil when there is none to read.
  static func config(_ choice: Options.ConfigChoice, paths: ConfigPaths) throws(ConfigError)
    -> Config?
  {
    switch choice {
    case .none:
      return nil
    case .file(let path):
      return try Config.load(path: path, home: paths.home, required: true)
    case .standard:
      guard let path = paths.configFile else { return nil }
      return try Config.load(path: path, home: paths.home, required: false)
    }
  }

  /// Whether anything is at `path` (what the default schedule's lookup asks).
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Refuses `-` when standard input cannot be a schedule: closed (`<&-`), or the
  /// terminal itself (it would read the keyboard). The same in every mode.
  static func checkStandardInput() throws(Exit) {
    if fcntl(0, F_GETFD) < 0 {
      throw Exit(66, "youbi: <stdin>: cannot read: standard input is closed")
    }
    if isatty(0) != 0 {
      throw Exit(64, "youbi: standard input is a terminal; pipe a schedule into 'youbi -'")
    }
  }

  /// Puts /dev/null on any of descriptors 0–2 that is closed, so no file opened
  /// later (the terminal, a schedule) can land there and be taken for a standard stream.
  static func reserveStandardDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 {
      let null = open("/dev/null", O_RDWR)
      if null >= 0 && null != fd {
        _ = dup2(null, fd)
        close(null)
      }
    }
  }
}
