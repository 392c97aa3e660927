import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Plain output: `--print`, `--next`, `--upcoming`, or a pipe for standard output.
extension Launch {
  func printPlainText(clock: SystemClock) throws(Exit) -> Int32 {
    try writeOutput("")  // a closed standard output fails before anything is read
    Self.reserveStandardDescriptors()
    let now = clock.now().wall
    let todayDate = now.date(dayStartHour: settings.dayStartHour)
    let day = options.day.map { $0.resolved(today: todayDate.weekday) }
    let reading = reading(at: now)
    // A reference that cannot be read is a warning; the rest is printed all the same.
    for warning in reading.loadReferences(fetcher: fetcher, now: now.seconds) {
      fail(warning)
    }
    var schedules: [(ScheduleSource, Schedule)] = []
    // A source's warnings are `--check`'s to say (a cron job would mail them each run):
    // here only with --verbose, or when nothing could be read.
    let warnings = options.verbose && !options.quiet
    for source in sources {
      schedules.append((source, try load(source, reading: reading, now: now, warnings: warnings)))
    }
    // An account's list is a section of its own, never a page of an AniList file.
    schedules = mergingPages(schedules) { !isAccount($0) }
    // A show an account's list and another source hold is the account's one entry.
    let joined = Joins.joining(schedules.map { (isAccount($0.0), $0.1) })
    schedules = zip(schedules, joined).map { ($0.0, $1) }
    // The week of --date, else this week; --all prints the files as written.
    let shown = options.date ?? todayDate
    let monday = shown.adding(days: -shown.weekday.rawValue)
    let output = Output(
      schedules: schedules, settings: settings, environment: environment, now: now, clock: clock)
    // A terminal gets titles as links; a pipe plain text.
    let links = isatty(1) != 0
    let text: String
    if options.next != nil || options.upcoming != nil {
      text = output.releases(options)
    } else if options.format != .text {
      text = output.week(options.format, day: day, monday: monday)
    } else if schedules.count == 1 {
      text =
        options.all
        ? PlainPrinter.render(schedules[0].1, day: day, labels: settings.labels, links: links)
        : PlainPrinter.render(
          schedules[0].1, week: monday, day: day, labels: settings.labels, links: links)
    } else {
      // Every section of every file, each under the name the section bar gives it.
      let named = schedules.flatMap { source, schedule in
        zip(SectionState.names(of: schedule, from: source), schedule.sections).map { ($0, $1) }
      }
      text =
        options.all
        ? PlainPrinter.render(sections: named, day: day, labels: settings.labels, links: links)
        : PlainPrinter.render(
          sections: named, week: monday, day: day, labels: settings.labels, links: links)
    }
    return try writeOutput(text)
  }

  /// Whether `source` is a tracker account's list (`anilist = NAME`, `mal = NAME`).
  func isAccount(_ source: ScheduleSource) -> Bool {
    if case .url(let url) = source { return Account.list(at: url) != nil }
    return false
  }
}
