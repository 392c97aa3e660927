import Testing

@testable import Schedule

/// `"every": N` (a serial every N weeks from its `start`) and `"id"` (who it is) in
/// Youbi's own format.
@Suite struct ScheduleRhythmTests {
  /// One entry with `fields` added to a title, on Monday.
  func entry(_ fields: String) -> String {
    #"{"days": {"monday": [{"title": "t", \#(fields)}]}}"#
  }

  @Test func everyCountsWeeksFromTheStartAndAnIdIsAStringOrANumber() throws {
    let biweekly = try parse(entry(#""start": "2026-11-02", "every": 2, "id": "s-1""#))
    #expect(
      biweekly[.monday] == [Serial(title: "t", start: date(2026, 11, 2), id: "s-1", every: 2)])
    #expect(try parse(entry(#""id": 52991"#))[.monday][0].id == "52991")
    #expect(try parse(entry(#""every": 1"#))[.monday][0].every == 1, "weekly needs no start")
  }

  @Test(arguments: [
    (
      #""every": 2"#,
      #"youbi: s.json:1:46: days.monday[0].every: every 2 weeks needs a "start" to count the weeks from"#
    ),
    (
      #""start": "2026-11-02", "every": 0"#,
      #"youbi: s.json:1:69: days.monday[0].every: expected a whole number of weeks from 1 to 52, found 0"#
    ),
  ])
  func aBadRhythmIsAnErrorWithItsPath(fields: String, message: String) {
    #expect(failure(entry(fields)) == message)
  }
}
