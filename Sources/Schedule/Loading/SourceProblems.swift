import JSON

/// What a reader of someone else's format found wrong: warnings for values it could
/// not use (each naming its path), at most `ScheduleLoader.maxDiagnostics` listed and
/// the rest counted, and the things left out for one reason, counted in one line each.
struct SourceProblems {
  var listed: [Diagnostic] = []
  var count = 0
  /// Left out, by reason, with how many and the first place.
  var leftOut: [(reason: String, count: Int, line: Int?)] = []

  mutating func warn(_ diagnostic: Diagnostic) {
    count += 1
    if listed.count < ScheduleLoader.maxDiagnostics { listed.append(diagnostic) }
  }

  /// A warning at byte `at` of what `reader` reads.
  mutating func warn(_ reader: inout JSONReader, at: Int, path: String?, _ message: String) {
    let position = reader.position(of: at)
    warn(Diagnostic(.warning, line: position.line, column: position.column, path: path, message))
  }

  /// A warning at a tree value's position.
  mutating func warn(at position: JSONPosition?, path: String?, _ message: String) {
    warn(Diagnostic(.warning, line: position?.line, column: position?.column, path: path, message))
  }

  /// An error at byte `at`, to throw.
  func error(_ reader: inout JSONReader, at: Int, path: String?, _ message: String) -> Diagnostic {
    let position = reader.position(of: at)
    return Diagnostic(.error, line: position.line, column: position.column, path: path, message)
  }

  /// Counts one thing left out for `reason`.
  mutating func leave(out reason: String, line: Int?) {
    if let i = leftOut.firstIndex(where: { $0.reason == reason }) {
      leftOut[i].count += 1
    } else {
      leftOut.append((reason, 1, line))
    }
  }

  /// Every warning: those listed, then one per reason things were left out, then one for
  /// zones nobody knows.
  func warnings(unknownZones: [String]) -> (listed: [Diagnostic], count: Int) {
    var all = listed
    for (reason, n, line) in leftOut {
      all.append(
        Diagnostic(
          .warning, line: line, column: line.map { _ in 1 },
          "\(n) \(n == 1 ? "show" : "shows") left out: \(reason)"))
    }
    if let zone = unknownZones.first {
      let more = unknownZones.count > 1 ? " (and \(unknownZones.count - 1) more)" : ""
      all.append(
        Diagnostic(
          .warning, "unknown time zone \"\(zone.prefix(40))\"\(more); its shows are left out"))
    }
    return (all, count + all.count - listed.count)
  }

  /// The schedule of one section a reader made, titled `title`.
  ///
  /// Each day's list is moved to an array of its size, one day at a time, unless it is
  /// near it: grown by appending, a list holds up to twice the room its entries take.
  func schedule(
    title: String, days: consuming [[Serial]], format: ScheduleFormat, unknownZones: [String]
  ) -> Schedule {
    var days = days
    var week: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      var list = days[day.rawValue]
      days[day.rawValue] = []
      list.dropSpareRoom()
      week[day] = list
    }
    let (warnings, count) = self.warnings(unknownZones: unknownZones)
    var schedule = Schedule(
      title: title, sections: [Schedule.Section(days: week)], warnings: warnings,
      warningCount: count)
    schedule.format = format
    return schedule
  }
}
