import Testing

@testable import Schedule

// What the schedule suites share: parsing a JSON text as `s.json`, its failure, a date.

/// Parses `json` as `s.json`.
func parse(_ json: String) throws(ScheduleError) -> Schedule {
  try ScheduleLoader.parse(Array(json.utf8), source: "s.json")
}

/// The message `json` fails with (exit 65), or a note that it parsed.
func failure(_ json: String) -> String {
  do {
    _ = try parse(json)
    return "parsed"
  } catch {
    return error.exitCode == 65 ? error.message : "exit \(error.exitCode): \(error.message)"
  }
}

/// Expects `json` to fail with exit 65 and exactly `message`.
func expectFailure(
  _ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectFailure(bytes: Array(json.utf8), message, sourceLocation: sourceLocation)
}

func expectFailure(
  bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let schedule = try ScheduleLoader.parse(bytes, source: "s.json")
    Issue.record("parsed: \(schedule)", sourceLocation: sourceLocation)
  } catch {
    #expect(error.exitCode == 65, sourceLocation: sourceLocation)
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
  }
}

/// The date `y`-`m`-`d`, which must exist.
func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate {
  CivilDate(year: y, month: m, day: d)!
}
