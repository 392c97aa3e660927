import Posix

/// Reads a schedule file (or standard input) and turns it into a `Schedule`,
/// or explains in one line why it cannot; or checks one and lists every
/// problem it has.
///
/// The file is opened read-only and never written. See the "Schedules"
/// section of `README.md` for the format and every error.
public enum ScheduleLoader {
  /// The largest input accepted: 256 MiB.
  ///
  /// A schedule of 1,000,000 entries such as `{"title": "Serial 123456",
  /// "author": "Author 12"}` is about 50 MB, well inside. Anything larger is
  /// refused as bad data (exit 65) before it is read in full: the input
  /// exists and opens, it is just not a schedule we will hold in memory.
  public static let maxInputBytes = 256 << 20

  /// The most diagnostics listed for one input; the rest are counted in a
  /// last line, so a hostile file cannot fill memory with warnings.
  public static let maxDiagnostics = 1000

  /// What messages call the input at `path`: `<stdin>` for `-`.
  public static func sourceName(path: String) -> String { path == "-" ? "<stdin>" : path }

  // MARK: - Loading

  /// Loads the schedule at `path`; `-` reads standard input.
  ///
  /// Stops at the first error. The schedule carries the warnings found
  /// (`Schedule.warnings`). An iCalendar file's times are converted with the
  /// system's zone database.
  public static func load(path: String) throws(ScheduleError) -> Schedule {
    try load(path: path, zones: SystemTimeZones())
  }

  /// Loads the schedule at `path`, converting an iCalendar file's times with `zones`.
  public static func load(path: String, zones: any TimeZoneDatabase) throws(ScheduleError)
    -> Schedule
  {
    try load(path: path, calendar: LocalCalendar(zones: zones))
  }

  /// Loads the schedule at `path`, placing what its source says about time on
  /// `calendar` (the local zone, the day-start hour, today).
  public static func load(path: String, calendar: LocalCalendar) throws(ScheduleError)
    -> Schedule
  {
    let source = sourceName(path: path)
    switch try read(path: path, source: source, pages: true) {
    case .bytes(let bytes): return try parse(bytes, source: source, calendar: calendar)
    case .pages(let pages): return try parse(pages, source: source, calendar: calendar)
    }
  }

  /// Parses a large file read into pages of its own: bangumi-data hands the pages back
  /// as it reads them, so its 7.7 MB are not held beside the shows made from them; Youbi's
  /// own format and the APIs' responses read them where they are; the others from a copy.
  static func parse(_ pages: PageBuffer, source: String, calendar: LocalCalendar)
    throws(ScheduleError) -> Schedule
  {
    do throws(Diagnostic) {
      switch format(of: pages.bytes) {
      case nil: throw unknownFormat
      case .bangumiData:
        var reader = BangumiDataReader(pages.bytes, calendar: calendar)
        reader.handBack = { pages.release(below: $0) }
        return try reader.schedule()
      case .youbi:
        var parser = ScheduleParser(pages.bytes)
        return try parser.parseSchedule().placingZones(on: calendar)
      case .jikan, .myAnimeList, .aniList:
        // Read where they are, a show at a time.
        return try APIReader.schedule(parsing: pages.bytes, calendar: calendar)
      case .iCalendar, .rss, .atom, .jsonFeed, .mangaDex:
        return try readAny(Array(pages.bytes), source: source, calendar: calendar)
      }
    } catch {
      throw ScheduleError(error, source: source)
    }
  }

  /// Parses a schedule in any format Youbi reads, recognised by its content
  /// (`format(of:)`); `source` names the input in messages.
  public static func parse(
    _ bytes: [UInt8], source: String, zones: any TimeZoneDatabase = SystemTimeZones()
  ) throws(ScheduleError) -> Schedule {
    try parse(bytes, source: source, calendar: LocalCalendar(zones: zones))
  }

  /// Parses a schedule, placing its times on `calendar`.
  public static func parse(_ bytes: [UInt8], source: String, calendar: LocalCalendar)
    throws(ScheduleError) -> Schedule
  {
    if let problem = unreadable(bytes) { throw ScheduleError(problem, source: source) }
    do {
      return try readAny(bytes, source: source, calendar: calendar)
    } catch {
      throw ScheduleError(error, source: source)
    }
  }

  /// Parses `bytes` only to say whether they are a schedule (a fetched body, before it
  /// replaces the copy), throwing what `parse` throws; placed on `checking`.
  public static func validate(_ bytes: [UInt8], source: String) throws(ScheduleError) {
    _ = try parse(bytes, source: source, calendar: checking)
  }

  /// Where a parse that keeps nothing of the times places them (a check, a count of the
  /// serials, a fetched body's test): in the local zone, within a week, so that a series
  /// is cut at no change of its offset but the one or none in that week. What a check
  /// says and counts does not depend on the weeks placed; placing a catalogue two years
  /// each way did, dearly (100,000 shows daily since 1970 in Berlin: 505 MiB for
  /// `--check`, 367 MiB for `--refresh`).
  public static var checking: LocalCalendar {
    var calendar = LocalCalendar()
    calendar.horizonWeeks = 1
    return calendar
  }

  // MARK: - Checking

  /// Every problem in the schedule at `path` (`-` reads standard input), for
  /// `youbi --check`: the first JSON error if there is one (it stops the
  /// reading), then every error in the shape and every warning, in file
  /// order. Empty when the file is clean; it loads when none is an error.
  ///
  /// Throws only when the input cannot be read at all (exit 66) or is too
  /// large to read (exit 65).
  public static func check(path: String) throws(ScheduleError) -> [Diagnostic] {
    check(try readAll(path: path, source: sourceName(path: path)))
  }

  /// Every problem in a schedule of any format; see `check(path:)`.
  public static func check(_ bytes: [UInt8], calendar: LocalCalendar = checking)
    -> [Diagnostic]
  {
    if let problem = unreadable(bytes) { return [problem] }
    if bytes.withUnsafeBufferPointer({ format(of: $0) }) != .youbi {
      do {
        let schedule = try readAny(bytes, calendar: calendar)
        var found = schedule.warnings
        if schedule.warningCount > found.count {
          let more = schedule.warningCount - found.count
          found.append(
            Diagnostic(.warning, "\(more) more warning\(more == 1 ? "" : "s") not listed"))
        }
        return found
      } catch {
        return [error]
      }
    }
    return bytes.withUnsafeBufferPointer { buf in
      var parser = ScheduleParser(buf, collectsErrors: true)
      var found: [Diagnostic] = []
      do throws(Diagnostic) {
        _ = try parser.parseSchedule()
      } catch {
        found.append(error)
      }
      found += parser.problemsInFileOrder
      if let summary = parser.unlistedSummary { found.append(summary) }
      return found
    }
  }

  /// The problem with input that is empty or too large, which no parse
  /// needs to start for.
  static func unreadable(_ bytes: [UInt8]) -> Diagnostic? {
    if bytes.isEmpty {
      return Diagnostic(.error, "empty file; expected a JSON object with \"days\"")
    }
    if bytes.count > maxInputBytes { return Diagnostic(.error, tooLargeMessage(bytes.count)) }
    return nil
  }
}
