/// What `youbi --check` says of one input.
extension ScheduleLoader {
  /// Every problem of one input, and how many serials it has when it loads.
  public struct CheckReport: Equatable, Sendable {
    /// As `check(path:)` lists them.
    public var problems: [Diagnostic]
    /// The serials of every section (`Schedule.serialCount`); nil when a problem is an
    /// error.
    public var serials: Int?
  }

  /// Checks the schedule at `path` (`-` reads standard input), as `check(path:)`, and
  /// counts its serials when it loads.
  public static func report(path: String) throws(ScheduleError) -> CheckReport {
    let source = sourceName(path: path)
    return report(try readAll(path: path, source: source), source: source)
  }

  /// Checks `bytes` (named `source` in messages) and counts its serials when it loads.
  public static func report(_ bytes: [UInt8], source: String) -> CheckReport {
    let problems = check(bytes)
    guard !problems.contains(where: \.isError) else {
      return CheckReport(problems: problems, serials: nil)
    }
    let schedule = try? parse(bytes, source: source, calendar: checking)
    return CheckReport(problems: problems, serials: schedule?.serialCount)
  }
}

extension Schedule {
  /// The serials of every section, as a person counts them: each entry of the file
  /// once, however many weekly pieces its airing became on the local calendar (a show
  /// in Tokyo's time is several in a zone with daylight saving, a daily one seven).
  /// The pieces of one entry share its origin (`LocalCalendar.Placer`): counted by it,
  /// a catalogue is counted without a copy of each entry's airing.
  public var serialCount: Int {
    var count = 0
    for section in sections {
      var aired = Set<ObjectIdentifier>()
      for day in Weekday.allCases {
        for serial in section[day] {
          guard let origin = serial.origin, origin.airing != nil else {
            count += 1
            continue
          }
          if aired.insert(ObjectIdentifier(origin)).inserted { count += 1 }
        }
      }
    }
    return count
  }
}
