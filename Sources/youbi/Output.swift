import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// What a plain run prints: its bytes, or a JSON document's entries, written to standard
/// output as the document is made (`writeOutput(_:)`).
enum Printed {
  case bytes([UInt8])
  /// Text handed to the sink in pieces as it is made (`PlainPrinter`'s `sink`).
  case text((_ sink: @escaping (String) -> Void) -> Void)
  case json((_ each: (OutputEntry) -> Void) -> Void, OutputJSON.Kind)
}

/// `--next`, `--upcoming` and `--format`: the schedules' releases and weeks written for
/// scripts, status bars and calendars. This file reads the inputs (state file, zone,
/// terminal); what is written is decided by the pure writers in `Youbi` and `Schedule`.
struct Output {
  /// Each loaded schedule with where it came from.
  var schedules: [(ScheduleSource, Schedule)]
  var settings: Settings
  var environment: [String: String]
  var now: WallTime
  /// What the state file's lock waits by.
  var clock: any AppClock

  /// One week per section, with its name and whose marks it has.
  struct Part {
    var name: String
    var section: Schedule.Section
    var key: ScheduleKey
  }

  var parts: [Part] {
    schedules.flatMap { source, schedule in
      let names = SectionState.names(of: schedule, from: source)
      let count = schedule.sections.count
      return schedule.sections.indices.map { k in
        let section = schedule.sections[k]
        // The keys the terminal keeps marks under (`Launch.runInTerminal`).
        let key: ScheduleKey
        if case .file(let path) = source {
          key = ScheduleKey.resolving(source: path, title: nil)
        } else if case .url(let url) = source {
          key = .path(url.text)
        } else {
          let title = section.title ?? (count == 1 ? schedule.title : nil)
          key = .title(title.map(SafeText.sanitize) ?? names[k])
        }
        return Part(name: names[k], section: section, key: key)
      }
    }
  }

  /// Read marks and stars from the state file; none when it cannot be read.
  func marks() -> Marks {
    (try? StateStore(environment: environment, clock: clock).load().marks) ?? Marks()
  }

  /// `--next N` or `--upcoming MINUTES`, in `format`; nil when some schedules are
  /// snapshots (`window`: what each holds whole) and the releases asked for may lie
  /// outside what one holds.
  func releases(_ options: Options, within window: [Completeness] = []) -> Printed? {
    let parts = self.parts
    let marks = self.marks()
    let local = now.localSeconds
    let weeks: [any WeekOfSerials] = parts.map(\.section)
    let include = { (k: Int, day: Weekday, index: Int) -> Bool in
      !options.starred
        || marks.isStarred(SerialID(parts[k].section[day][index]), in: parts[k].key)
    }
    let found: [Release]
    if let count = options.next {
      found = Releases.next(count, in: weeks, from: local - local % 60, include: include)
    } else {
      let span = Int64(options.upcoming ?? 0)
      found = Releases.between(weeks, from: local + 1, through: local + span, include: include)
    }
    let through = options.next == nil ? local + Int64(options.upcoming ?? 0) : nil
    let from = options.next == nil ? local + 1 : local - local % 60
    let whole = window.allSatisfy {
      holds(found, count: options.next, from: from, through: through, within: $0)
    }
    guard whole else { return nil }
    let entries = found.map { release in
      entry(parts[release.section], release.serial, on: release.date, marks: marks)
    }
    switch options.format {
    case .text:
      if options.short {
        return .bytes(
          Array(
            ReleaseText.short(
              entries, today: now.date(dayStartHour: settings.dayStartHour),
              labels: settings.labels
            ).utf8))
      }
      return .bytes(
        Array(
          ReleaseText.lines(entries, now: local, labels: settings.labels, links: isatty(1) != 0)
            .utf8))
    case .json:
      return .json({ each in entries.forEach(each) }, options.next != nil ? .next : .upcoming)
    case .ics:
      let calendar = writer(week: thisWeek).releases(
        title: nil, entries.map { (name: $0.section, serial: $0.serial, date: $0.date) })
      return .bytes(Array(calendar.utf8))
    }
  }

  /// `--print --format json|ics`: the dated entries of the week of `monday` (as
  /// `--print` lists them), and as a calendar each of those serials once, repeating.
  func week(_ format: OutputFormat, day: Weekday?, monday: CivilDate) -> Printed {
    let parts = self.parts
    let days = (day.map { [$0] } ?? Weekday.allCases).map { monday.adding(days: $0.rawValue) }
    switch format {
    case .text, .json:
      // Made as the document is written, a day at a time: never all of them at once.
      let marks = self.marks()
      return .json(
        { each in
          for part in parts {
            for date in days {
              for serial in part.section.listed(on: date) {
                each(entry(part, serial, on: date, marks: marks))
              }
            }
          }
        }, .week)
    case .ics:
      let listings = parts.map { part in
        days.flatMap { date in part.section.listed(on: date).map { (date: date, serial: $0) } }
      }
      let title = schedules.count == 1 ? schedules[0].1.title : nil
      let calendar = writer(week: monday).week(
        title: title,
        sections: zip(parts, listings).map { (parts.count > 1 ? $0.name : nil, $1) })
      return .bytes(Array(calendar.utf8))
    }
  }

  /// Whether `found`, the releases from local second `from` (`--next`: `count` of them;
  /// `--upcoming`: through `through`), are all there are when a snapshot holds only
  /// what `complete` says: they lie within it, and so does all the time they cover.
  func holds(
    _ found: [Release], count: Int?, from: Int64, through: Int64?, within complete: Completeness
  ) -> Bool {
    if through == nil && found.count != count {
      // Fewer than asked are all there are when the snapshot holds every release as far
      // as `Releases.next` looks.
      guard case .seconds(let seconds) = complete else { return false }
      return from >= seconds.lowerBound && from + Releases.farthest <= seconds.upperBound
    }
    let last = through ?? found.last?.local ?? from
    switch complete {
    case .dates(let dates):
      // A release's date is at most a day before its instant's (times run to 29:59).
      let end = CivilDate(daysSince1970: Int(floorDivide(last)))
      let start = CivilDate(daysSince1970: Int(floorDivide(from))).adding(days: -2)
      return start >= dates.lowerBound && end < dates.upperBound
        && found.allSatisfy { dates.contains($0.date) }
    case .seconds(let seconds):
      return from >= seconds.lowerBound && last <= seconds.upperBound
    }
  }

  /// The day of local second `t`.
  private func floorDivide(_ t: Int64) -> Int64 {
    t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
  }

  /// The Monday of today's week (today as `day-starts` has it).
  var thisWeek: CivilDate {
    let today = now.date(dayStartHour: settings.dayStartHour)
    return today.adding(days: -today.weekday.rawValue)
  }

  /// The iCalendar writer in the local zone, for the week of `monday`. Broadcasts given
  /// as instants (bangumi-data, AniList) are Japanese: on Tokyo's wall clock, which has
  /// kept one offset since 1951, they are the same instants.
  func writer(week monday: CivilDate) -> ICalendarWriter {
    ICalendarWriter(
      zoneID: Self.localZoneName(environment: environment), zones: SystemTimeZones(),
      stamp: now.seconds, week: monday, broadcastZone: "Asia/Tokyo")
  }

  /// The entry of `serial` on `date`, with its marks (the release seen, as `m` marks it
  /// in the terminal) and its release's UTC offset.
  func entry(_ part: Part, _ serial: Serial, on date: CivilDate, marks: Marks) -> OutputEntry {
    let id = SerialID(serial)
    var entry = OutputEntry(
      section: part.name, date: date, serial: serial,
      starred: marks.isStarred(id, in: part.key),
      read: marks.isSeen(id, in: part.key, on: date, item: serial.origin?.release))
    if let local = entry.local {
      let zones = SystemTimeZones()
      let guess = local - Int64(now.utcOffset)
      entry.utcOffset = zones.localOffset(at: local - Int64(zones.localOffset(at: guess)))
    }
    return entry
  }

  /// The local zone's name in the zone database: `TZ` when it names one, else where
  /// `/etc/localtime` points; nil when neither says.
  static func localZoneName(environment: [String: String]) -> String? {
    func name(_ path: String) -> String? {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard let zoneinfo = parts.firstIndex(of: "zoneinfo") else { return nil }
      return parts[(zoneinfo + 1)...].joined(separator: "/")
    }
    if var tz = environment["TZ"], !tz.isEmpty {
      if tz.hasPrefix(":") { tz.removeFirst() }
      if tz.hasPrefix("/") { return name(tz) }
      // A zone name, not a POSIX rule such as `JST-9`: a file under the zone directory.
      let directory = environment["TZDIR"] ?? "/usr/share/zoneinfo"
      var info = stat()
      let safe = !zip(tz, tz.dropFirst()).contains { $0 == "." && $1 == "." } && !tz.contains(",")
      return safe && stat(directory + "/" + tz, &info) == 0 ? tz : nil
    }
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/etc/localtime", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return name(String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }
}
