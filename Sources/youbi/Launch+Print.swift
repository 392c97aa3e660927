import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Plain output: `--print`, `--next`, `--upcoming`, or a pipe for standard output.
extension Launch {
  /// Sources with a snapshot good for now are read from it (`Snapshots.swift`); the
  /// others are parsed, and their snapshots written once the output is out. When the
  /// answer lies outside the snapshots' weeks, those sources are parsed too.
  func printPlainText(clock: SystemClock) throws(Exit) -> Int32 {
    try writeOutput("")  // a closed standard output fails before anything is read
    Self.reserveStandardDescriptors()
    let now = clock.now().wall
    let today = now.date(dayStartHour: settings.dayStartHour)
    let reading = reading(at: now)
    // A source's warnings are `--check`'s to say (a cron job would mail them each run):
    // here only with --verbose, or when nothing could be read.
    let warnings = options.verbose && !options.quiet
    var schedules: [(ScheduleSource, Schedule)] = []
    let snapshots = options.all ? nil : self.snapshots
    var parsed: [(index: Int, source: SnapshotKeeper.Source)] = []
    var windowed: [Int] = []
    for source in sources {
      let snapshotted = snapshots.flatMap { keeper in snapshotPath(source).flatMap(keeper.source) }
      if let snapshotted, let found = snapshots?.read(snapshotted, today: today) {
        if warnings { say(found.warnings, of: source, path: snapshotted.path) }
        windowed.append(schedules.count)
        schedules.append((source, found))
        continue
      }
      if let snapshotted { parsed.append((schedules.count, snapshotted)) }
      schedules.append((source, try load(source, reading: reading, now: now, warnings: warnings)))
    }
    var text = plainText(
      schedules, now: now, clock: clock,
      within: windowed.isEmpty ? nil : SnapshotKeeper.window(today: today))
    if text == nil {
      for i in windowed {
        schedules[i].1 = try load(schedules[i].0, reading: reading, now: now, warnings: false)
      }
      text = plainText(schedules, now: now, clock: clock, within: nil)
    }
    let status = try writeOutput(text ?? "")
    for (index, source) in parsed { snapshots?.save(schedules[index].1, of: source, today: today) }
    return status
  }

  /// A snapshot's warnings on standard error, as `load` says a parse's.
  func say(_ warnings: [Diagnostic], of source: ScheduleSource, path: String) {
    let name: String
    if case .url(let url) = source {
      name = url.text
    } else {
      name = ScheduleLoader.sourceName(path: path)
    }
    for warning in warnings { fail("youbi: " + warning.line(file: name)) }
  }

  /// What the run prints over `loaded`; nil when some of them hold only the dates of
  /// `window` and the answer needs others.
  func plainText(
    _ loaded: [(ScheduleSource, Schedule)], now: WallTime, clock: SystemClock,
    within window: Range<CivilDate>?
  ) -> String? {
    let todayDate = now.date(dayStartHour: settings.dayStartHour)
    let day = options.day.map { $0.resolved(today: todayDate.weekday) }
    let schedules = mergingPages(loaded)
    // The week of --date, else this week; --all prints the files as written.
    let shown = options.date ?? todayDate
    let monday = shown.adding(days: -shown.weekday.rawValue)
    let output = Output(
      schedules: schedules, settings: settings, environment: environment, now: now, clock: clock)
    if options.next != nil || options.upcoming != nil {
      return output.releases(options, within: window)
    }
    if let window,
      options.all || monday < window.lowerBound
        || monday.adding(days: 6) >= window.upperBound
    {
      return nil
    }
    if options.format != .text { return output.week(options.format, day: day, monday: monday) }
    // A terminal gets titles as links; a pipe plain text.
    let links = isatty(1) != 0
    if schedules.count == 1 {
      return options.all
        ? PlainPrinter.render(schedules[0].1, day: day, labels: settings.labels, links: links)
        : PlainPrinter.render(
          schedules[0].1, week: monday, day: day, labels: settings.labels, links: links)
    }
    // Every section of every file, each under the name the section bar gives it.
    let named = schedules.flatMap { source, schedule in
      zip(SectionState.names(of: schedule, from: source), schedule.sections).map { ($0, $1) }
    }
    return options.all
      ? PlainPrinter.render(sections: named, day: day, labels: settings.labels, links: links)
      : PlainPrinter.render(
        sections: named, week: monday, day: day, labels: settings.labels, links: links)
  }
}
