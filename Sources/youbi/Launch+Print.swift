import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Plain output: `--print`, `--next`, `--upcoming`, or a pipe for standard output.
extension Launch {
  /// Sources with a snapshot good for now are read from it (`Snapshots.swift`): for
  /// `--next` and `--upcoming` the one of what comes next, else the one of the weeks
  /// around today. The others are parsed, and their snapshots written once the output is
  /// out. When the answer lies outside what a snapshot holds, its source is parsed too.
  func printPlainText(clock: SystemClock) throws(Exit) -> Int32 {
    try writeOutput("")  // a closed standard output fails before anything is read
    Self.reserveStandardDescriptors()
    let now = clock.now().wall
    let today = now.date(dayStartHour: settings.dayStartHour)
    let reading = reading(at: now, around: options.date)  // --date's offset changes, not today's
    var snapshots = options.all ? nil : self.snapshots(now: now.seconds)
    // The references, read before the first source parsed (`readReferences`).
    var referencesRead = false
    func readReferences() {
      self.readReferences(&referencesRead, reading: reading, now: now.seconds, into: &snapshots)
    }
    if snapshots == nil { readReferences() }
    // A source's warnings are `--check`'s to say (a cron job would mail them each run):
    // here only with --verbose, or when nothing could be read.
    let warnings = options.verbose && !options.quiet
    let releases = options.next != nil || options.upcoming != nil
    var read = ReadSources()
    for source in sources {
      let file = snapshots.flatMap { keeper in snapshotPath(source).flatMap(keeper.source) }
      let index = read.schedules.count
      if let file, releases, let (found, span) = snapshots?.readUpcoming(file, today: today) {
        if warnings { say(found.warnings, of: source, path: file.path) }
        read.add(source, found, .seconds(span), file: file)
      } else if let file, let found = snapshots?.read(file, today: today) {
        if warnings { say(found.warnings, of: source, path: file.path) }
        read.add(source, found, .dates(SnapshotKeeper.window(today: today)), file: file)
      } else {
        readReferences()
        // Only the weeks around today, where a reader can leave the rest out (a big
        // catalogue costs what its weeks do); an answer past them reads the file whole.
        let weeks = options.all || options.date != nil ? nil : SnapshotKeeper.window(today: today)
        var listing = reading
        listing.calendar.listing = weeks
        let parsed = try load(source, reading: listing, now: now, warnings: warnings)
        let filtered = parsed.format == .bangumiData || SnapshotKeeper.isPage(parsed.format)
        let holds = filtered ? weeks.map(Completeness.dates) : nil
        read.add(source, parsed, holds, file: file)
        if let file { read.parsed.append((index, file)) }
      }
      if let file, releases { read.upcoming.append((index, file)) }
    }
    // A page of an API read from its snapshot beside a page of the same API is parsed:
    // the pages are merged by id, which one page's window cannot say.
    for i in read.partial where !read.standsAlone(i) {
      readReferences()
      read.schedules[i].1 = try load(
        read.schedules[i].0, reading: reading, now: now, warnings: false)
      read.whole[i] = nil
    }
    var text = plainText(read.schedules, now: now, clock: clock, within: read.complete)
    // Past what comes next, the weeks around today; past those, the sources themselves.
    for weeks in [true, false] where text == nil {
      for i in read.partial {
        if weeks, case .dates = read.whole[i] { continue }
        if weeks, let file = read.files[i], let found = snapshots?.read(file, today: today) {
          read.schedules[i].1 = found
          read.whole[i] = .dates(SnapshotKeeper.window(today: today))
          continue
        }
        // Parsed for want of the weeks' snapshot: the next run has it.
        if weeks, let file = read.files[i] { read.parsed.append((i, file)) }
        readReferences()
        read.schedules[i].1 = try load(
          read.schedules[i].0, reading: reading, now: now, warnings: false)
        read.whole[i] = nil
      }
      text = plainText(read.schedules, now: now, clock: clock, within: read.complete)
    }
    let status = try writeOutput(text ?? .bytes([]))
    // (None from a schedule placed around `--date`'s week: a snapshot holds today's.)
    let keeper = options.date == nil ? snapshots : nil
    read.save(keeper, today: today, from: now.localSeconds - now.localSeconds % 60)
    LeftAtExit.keep(read)
    return status
  }

  /// Reads the references, unless `done`: before the first source is parsed, and only
  /// then, since sources all answered by snapshots (whose key says who each reference is)
  /// need none. One that cannot be read is a warning, and the rest is printed all the same,
  /// with no snapshot read or written after (a run with it readable is another run).
  func readReferences(
    _ done: inout Bool, reading: Reading, now: Int64, into snapshots: inout SnapshotKeeper?
  ) {
    guard !done else { return }
    done = true
    let said = reading.loadReferences(fetcher: fetcher, now: now)
    for warning in said { fail(warning) }
    if !said.isEmpty { snapshots = nil }
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

  /// What the run prints over `loaded`, as UTF-8; nil when some of them are snapshots
  /// that hold only what `window` says and the answer may need more.
  func plainText(
    _ loaded: [(ScheduleSource, Schedule)], now: WallTime, clock: SystemClock,
    within window: [Completeness]
  ) -> Printed? {
    let todayDate = now.date(dayStartHour: settings.dayStartHour)
    let day = options.day.map { $0.resolved(today: todayDate.weekday) }
    // An account's list is a section of its own, never a page of an AniList file.
    var schedules = mergingPages(loaded) { !isAccount($0) }
    // A show an account's list and another source hold is the account's one entry.
    let joined = Joins.joining(schedules.map { (isAccount($0.0), $0.1) })
    schedules = zip(schedules, joined).map { ($0.0, $1) }
    // The week of --date, else this week; --all prints the files as written.
    let shown = options.date ?? todayDate
    let monday = shown.adding(days: -shown.weekday.rawValue)
    let output = Output(
      schedules: schedules, settings: settings, environment: environment, now: now, clock: clock)
    if options.next != nil || options.upcoming != nil {
      return output.releases(options, within: window)
    }
    let whole = window.allSatisfy { complete in
      guard case .dates(let dates) = complete else { return false }
      return dates.contains(monday) && dates.contains(monday.adding(days: 6))
    }
    if !whole || (options.all && !window.isEmpty) { return nil }
    if options.format != .text { return output.week(options.format, day: day, monday: monday) }
    // A terminal gets titles as links; a pipe plain text.
    let links = isatty(1) != 0
    if schedules.count == 1 {
      let schedule = schedules[0].1
      return .text { sink in
        _ =
          options.all
          ? PlainPrinter.render(
            schedule, day: day, labels: settings.labels, links: links, sink: sink)
          : PlainPrinter.render(
            schedule, week: monday, day: day, labels: settings.labels, links: links, sink: sink)
      }
    }
    // Every section of every file, each under the name the section bar gives it.
    let named = schedules.flatMap { source, schedule in
      zip(SectionState.names(of: schedule, from: source), schedule.sections).map { ($0, $1) }
    }
    return .text { sink in
      _ =
        options.all
        ? PlainPrinter.render(
          sections: named, day: day, labels: settings.labels, links: links, sink: sink)
        : PlainPrinter.render(
          sections: named, week: monday, day: day, labels: settings.labels, links: links,
          sink: sink)
    }
  }

  /// Whether `source` is a tracker account's list (`anilist = NAME`, `mal = NAME`).
  func isAccount(_ source: ScheduleSource) -> Bool {
    if case .url(let url) = source { return Account.list(at: url) != nil }
    return false
  }
}

/// The schedules a plain run read, and from where: parsed, or a snapshot that holds only
/// part of its source.
struct ReadSources {
  var schedules: [(ScheduleSource, Schedule)] = []
  /// What each snapshot read holds whole; nil for a source parsed.
  var whole: [Completeness?] = []
  /// The file each was read from, when a snapshot can stand for it.
  var files: [SnapshotKeeper.Source?] = []
  /// The sources parsed whose snapshot of the weeks around today is to be written.
  var parsed: [(index: Int, file: SnapshotKeeper.Source)] = []
  /// The sources whose snapshot of what comes next is to be written, unless read.
  var upcoming: [(index: Int, file: SnapshotKeeper.Source)] = []

  mutating func add(
    _ source: ScheduleSource, _ schedule: Schedule, _ holds: Completeness?,
    file: SnapshotKeeper.Source?
  ) {
    schedules.append((source, schedule))
    whole.append(holds)
    files.append(file)
  }

  var complete: [Completeness] { whole.compactMap { $0 } }
  var partial: [Int] { whole.indices.filter { whole[$0] != nil } }

  /// Whether the schedule at `index` may stand for its source in a snapshot: not a page
  /// of an API beside a page of the same API (`SnapshotKeeper.standsAlone`).
  func standsAlone(_ index: Int) -> Bool {
    SnapshotKeeper.standsAlone(schedules.map(\.1.format), at: index)
  }

  /// Writes the snapshots this run has what for: the weeks of each source parsed, and
  /// what comes next from local second `from` in each not read from such a snapshot (from
  /// the weeks, when they hold all it needs).
  func save(_ snapshots: SnapshotKeeper?, today: CivilDate, from: Int64) {
    guard let snapshots else { return }
    for (index, file) in parsed {
      snapshots.save(schedules[index].1, of: file, today: today, alone: standsAlone(index))
    }
    let window = SnapshotKeeper.window(today: today)
    for (index, file) in upcoming {
      if case .seconds = whole[index] { continue }
      let schedule = schedules[index].1
      let (keep, span) = SnapshotKeeper.upcoming(of: schedule, from: from)
      if case .dates = whole[index],
        CivilDate(daysSince1970: Int(span.upperBound / 86_400) + 1) >= window.upperBound
      {
        continue
      }
      snapshots.saveUpcoming(
        schedule, keeping: keep, span: span, of: file, today: today, alone: standsAlone(index))
    }
  }
}
