import CursesTerminal
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The pager itself: the schedules, the terminal, the state, and the run loop.
extension Launch {
  /// Inputs small enough to parse before the UI starts (so their errors never
  /// touch the screen); anything larger, or anything that is not a regular file
  /// (a pipe, a FIFO), loads behind a spinner.
  static let foregroundLimit = 1 << 20

  func runInTerminal(clock: SystemClock) throws(Exit) -> Int32 {
    Self.reserveStandardDescriptors()
    // A short horizon, placed again as today and the calendar move; standard input,
    // which cannot be read again, is placed two years each way.
    let reading = reading(
      at: clock.now().wall,
      horizonWeeks: sources.contains(.standardInput)
        ? LocalCalendar.standardHorizonWeeks
        : Placement.weeks(backlogWeeks: settings.backlogWeeks))
    let snapshots = snapshots(now: clock.now().wall.seconds)
    let readOn = reading.calendar.today ?? clock.now().wall.date(dayStartHour: 0)
    let (read, fresh) = try readyAtStart(
      reading: reading, snapshots: snapshots, today: readOn, clock: clock)
    // Every section a file shown from a snapshot the references enriched: they are read
    // only once a section is to be read whole, else behind the first frame, and every
    // section read again, enriched, once they are there.
    let deferred =
      fresh.count == sources.count
      && sources.allSatisfy { if case .file = $0 { true } else { false } }
    var ready = read
    let partial = Set(fresh.map(\.path))
    // What each source read as so far, for the snapshots written behind the first frame.
    let formats = read.map { $0?.format }
    let paths = sources.map(snapshotPath)
    let terminal = try startTerminal(clock: clock)
    let now = clock.now().wall
    let today = now.date(dayStartHour: settings.dayStartHour).weekday
    var state = AppState(
      sections: sections(of: &ready, day: options.day?.resolved(today: today) ?? today),
      labels: settings.labels, size: terminal.size, wall: now,
      slideDuration: settings.slideDuration, indicator: settings.indicator,
      dayStartHour: settings.dayStartHour, markKeys: markKeys, notify: settings.notify,
      feeds: Subscriptions.feeds(
        sources, refreshes: refreshes, refresh: settings.refreshSeconds, cache: fetcher?.cache,
        now: now.seconds),
      backlogWeeks: settings.backlogWeeks, kinds: kinds, followedSources: followed)
    state.choose(columns: settings.columns)
    state.placement = Placement(weeks: reading.calendar.horizonWeeks, start: readOn)
    let syncer = self.syncer(clock: clock)
    state.writeBack(Set(syncer?.accounts.keys.map { $0 } ?? []))
    // Marks and stars load behind the first frame, like a large schedule, and so do the
    // references (then every section is read again, enriched).
    let referenceLoader = startReferences(
      &state, reading: reading, clock: clock, deferred: deferred)
    var initial =
      state.launch() + state.readWhole(partial, holding: SnapshotKeeper.window(today: readOn)) + [
        .loadState
      ]
    if referenceLoader != nil && !deferred { initial.append(.loadReferences) }
    let outcome = RunLoop.run(
      &state, on: terminal, clock: clock, initial: initial,
      loader: { path, horizon throws(ScheduleError) in
        let file = snapshots?.source(path)
        // (Not before the references are read, nor when one could not be; nor when placed
        // within another horizon than the start's, whose weeks a snapshot holds.)
        let (schedule, keep) = try reading.placed(within: horizon).loadKeeping(path: path)
        if let file, keep, horizon == Horizon(), !fresh.contains(file),
          let i = paths.firstIndex(of: path)
        {
          var known = formats
          known[i] = schedule.format
          let alone = SnapshotKeeper.standsAlone(known, at: i)
          snapshots?.save(schedule, of: file, today: readOn, alone: alone)
        }
        return schedule
      },
      stateStore: StateStore(environment: environment, clock: clock),
      opener: URLOpener(environment: environment, clock: clock),
      notifier: Notifier(environment: environment), fetcher: fetcher,
      tmuxClipboardOff: TmuxClipboard.check(environment: environment), syncer: syncer,
      referenceLoader: referenceLoader,
      watchClock: ClockWatcher.start)
    terminal.stop()
    if let message = outcome.message { fail(message) }
    return outcome.status
  }

  /// The schedules read before the UI starts, one per source: small inputs, in order, so
  /// the first error ends the run before the UI; a big file with a snapshot good for
  /// `today`, from it (the weeks around today in the first frame, the file read whole
  /// only once something needs more: `AppState.needsWhole`), and those files; nil for one
  /// read by the run loop behind the first frame (behind the spinner, its snapshot
  /// written after, on the loader's thread).
  func readyAtStart(
    reading: Reading, snapshots: SnapshotKeeper?, today: CivilDate, clock: SystemClock
  ) throws(Exit) -> ([Schedule?], Set<SnapshotKeeper.Source>) {
    var ready: [Schedule?] = []
    var fresh: Set<SnapshotKeeper.Source> = []
    // With references, a source of any size is snapshotted (`snapshots(now:)`): its
    // snapshot holds it enriched, which parsing it now would not be.
    let first = !references.sources.isEmpty
    for source in sources {
      func snapshot() -> Schedule? {
        guard let snapshots, let path = snapshotPath(source), let file = snapshots.source(path),
          let found = snapshots.read(file, today: today)
        else { return nil }
        fresh.insert(file)
        return found
      }
      var schedule = first ? snapshot() : nil
      if schedule == nil {
        schedule = try readAtStart(source, reading: reading, now: clock.now().wall)
      }
      if schedule == nil && !first { schedule = snapshot() }
      ready.append(schedule)
    }
    // A page of an API shown from its snapshot beside one that may be a page of the same
    // API is read again as it is: the pages are merged by id, which one page's window
    // cannot say.
    for (i, source) in sources.enumerated() {
      guard let path = snapshotPath(source), let file = fresh.first(where: { $0.path == path }),
        !SnapshotKeeper.standsAlone(ready.map { $0?.format }, at: i)
      else { continue }
      fresh.remove(file)
      ready[i] = try readAtStart(source, reading: reading, now: clock.now().wall)
    }
    return (ready, fresh)
  }

  /// The references' part of the start: their files watched with the sections' (a change
  /// reads them again), and what reads them; nil when none are named.
  private func startReferences(
    _ state: inout AppState, reading: Reading, clock: SystemClock, deferred: Bool
  ) -> (@Sendable () -> [String])? {
    guard !references.sources.isEmpty else { return nil }
    state.readsReferences(watching: references.files, deferred: deferred)
    let fetcher = fetcher
    return { @Sendable in reading.loadReferences(fetcher: fetcher, now: clock.now().wall.seconds) }
  }

  /// The terminal, set up as the settings ask; a terminal youbi cannot draw on ends the
  /// run with one line and the way out.
  func startTerminal(clock: SystemClock) throws(Exit) -> CursesTerminal {
    do {
      return try CursesTerminal(
        options: .init(
          mouse: settings.mouse, theme: settings.theme, showCursor: settings.cursor == .visible),
        now: { clock.now().uptime })
    } catch {
      throw Exit(1, Self.terminalFailure(error))
    }
  }

  /// The sections of the schedules read so far (`ready`, one per source, nil for one read
  /// behind the first frame), opening on `day`. The pages of one source given one after
  /// another are one section; only files, whose changes the section watches (a
  /// subscription's copy changes with its own fetch).
  ///
  /// The groups hold the only copies: `ready` is emptied, and each schedule is taken out
  /// and made safe where it is (`SafeSchedule.sections(of:)`), not copied entry by entry.
  func sections(of ready: inout [Schedule?], day: Weekday) -> [SectionState] {
    var groups = pageGroups(Array(zip(sources, ready))) {
      if case .file = $0 { true } else { false }
    }
    ready = []
    var sections: [SectionState] = []
    for i in groups.indices {
      let source = groups[i].sources[0]
      guard let schedule = groups[i].schedule.take() else {
        // One placeholder, named after the file, until the read says how many sections.
        sections.append(
          SectionState(
            name: SectionState.name(title: nil, source: source, part: 0, of: 1), source: source,
            schedule: nil, day: day, looping: settings.loop,
            slideDuration: settings.slideDuration))
        continue
      }
      var made = SectionState.sections(
        of: SafeSchedule.sections(of: consume schedule), from: source, day: day,
        looping: settings.loop, slideDuration: settings.slideDuration)
      if groups[i].sources.count > 1 { made[0].pages = Array(groups[i].sources.dropFirst()) }
      sections += made
    }
    return sections
  }

  /// Marks and stars are kept per schedule file, by its real path, or by its URL.
  var markKeys: [ScheduleSource: ScheduleKey] {
    var keys: [ScheduleSource: ScheduleKey] = [:]
    for source in sources {
      if case .file(let path) = source {
        keys[source] = ScheduleKey.resolving(source: path, title: nil)
      }
      if case .url(let url) = source { keys[source] = .path(url.text) }
    }
    return keys
  }

  /// Whether to read `source` before the UI starts rather than behind it:
  /// the built-in week, a small regular file, or a missing file or a
  /// directory (which fail at once, before the UI); a subscription's small
  /// cached copy (never the network: with no copy, the spinner).
  func readsAtOnce(_ source: ScheduleSource) -> Bool {
    var info = stat()
    switch source {
    case .demo:
      return true
    case .file(let path):
      // Terminals, FIFOs and devices fail at once too; only a pipe the shell
      // opened (`<(gen-week)`) loads behind the UI.
      return stat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFDIR
        || ((info.st_mode & S_IFMT) == S_IFREG && info.st_size <= Self.foregroundLimit)
        || (info.st_mode & S_IFMT) == S_IFCHR
        || ((info.st_mode & S_IFMT) != S_IFREG && !ScheduleLoader.namesADescriptor(path))
    case .standardInput:
      return fstat(0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        && info.st_size <= Self.foregroundLimit
    case .url(let url):
      guard let copy = Subscriptions.copy(of: url, in: fetcher?.cache) else { return false }
      return stat(copy, &info) == 0 && info.st_size <= Self.foregroundLimit
    }
  }

  /// The one line for a terminal youbi cannot draw on, with the way out.
  static func terminalFailure(_ error: CursesTerminalError) -> String {
    switch error {
    case .noTerminal, .termNotSet, .unknownTerminal:
      error.message + "; youbi --print writes the week as plain text"
    case .system:
      error.message
    }
  }
}
