/// What `youbi --check` says of one input.
extension ScheduleLoader {
  /// Every problem of one input, and how many entries it has when it loads.
  public struct CheckReport: Equatable, Sendable {
    /// As `check(path:)` lists them.
    public var problems: [Diagnostic]
    /// The entries of every section; nil when a problem is an error.
    public var entries: Int?
  }

  /// Checks the schedule at `path` (`-` reads standard input), as `check(path:)`, and
  /// counts its entries when it loads.
  public static func report(path: String) throws(ScheduleError) -> CheckReport {
    let source = sourceName(path: path)
    return report(try readAll(path: path, source: source), source: source)
  }

  /// Checks `bytes` (named `source` in messages) and counts its entries when it loads.
  public static func report(_ bytes: [UInt8], source: String) -> CheckReport {
    let problems = check(bytes)
    guard !problems.contains(where: \.isError) else {
      return CheckReport(problems: problems, entries: nil)
    }
    let schedule = try? parse(bytes, source: source)
    return CheckReport(problems: problems, entries: schedule?.entryCount)
  }
}

extension Schedule {
  /// The entries of every day of every section.
  public var entryCount: Int {
    sections.reduce(0) { total, section in
      Weekday.allCases.reduce(total) { $0 + section[$1].count }
    }
  }
}
