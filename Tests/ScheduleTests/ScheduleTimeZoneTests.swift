import Testing

@testable import Schedule

@Suite struct ScheduleTimeZoneTests {
  let tokyo = #"""
    {"title": "Tokyo week", "timezone": "Asia/Tokyo", "days": {
      "tue": [{"title": "Late show", "time": "23:00", "start": "2026-01-06"}],
      "sat": [{"title": "Midnight", "time": "25:30"}, "Untimed"]
    }}
    """#

  @Test func aTokyoScheduleShowsRightInBerlin() throws {
    let schedule = try source(text: tokyo, in: "Europe/Berlin")
    #expect(schedule.sections[0].timezone == "Asia/Tokyo")
    // 25:30 on Saturday in Tokyo is Sunday 01:30 there, Saturday 17:30 in Berlin.
    #expect(
      week(schedule, date(2026, 3, 23)) == [
        "Tue 15:00 Late show #12", "Sat 17:30 Midnight", "Sat --:-- Untimed",
      ])
    #expect(
      week(schedule, date(2026, 3, 30)) == [
        "Tue 16:00 Late show #13", "Sat 18:30 Midnight", "Sat --:-- Untimed",
      ])
    #expect(!week(schedule, date(2025, 12, 29)).contains { $0.contains("Late show") })
  }

  @Test func inItsOwnZoneTheDayStartDecidesTheDay() throws {
    // A zoned time is an instant: with days from midnight, 25:30 is Sunday's 01:30.
    let midnight = try source(text: tokyo, in: "Asia/Tokyo")
    #expect(
      week(midnight, date(2026, 3, 30)) == [
        "Tue 23:00 Late show #13", "Sat --:-- Untimed", "Sun 01:30 Midnight",
      ])
    let five = try source(text: tokyo, in: "Asia/Tokyo", dayStarts: 5)
    #expect(
      week(five, date(2026, 3, 30)) == [
        "Tue 23:00 Late show #13", "Sat 25:30 Midnight", "Sat --:-- Untimed",
      ])
  }

  @Test func aSectionsZoneOverTheFiles() throws {
    let text = #"""
      {"timezone": "UTC", "sections": [
        {"title": "A", "timezone": "America/Los_Angeles", "days": {"mon": [{"title": "x", "time": "20:00"}]}},
        {"title": "B", "days": {"mon": [{"title": "y", "time": "20:00"}]}}
      ]}
      """#
    let schedule = try source(text: text, in: "Asia/Tokyo")
    #expect(schedule.sections.map(\.timezone) == ["America/Los_Angeles", "UTC"])
    #expect(schedule.sections[0][.tuesday].first?.time?.description == "13:00")
    #expect(schedule.sections[1][.tuesday].first?.time?.description == "05:00")
  }

  @Test func aBadZoneIsAnErrorWithItsLine() {
    #expect(
      sourceFailure(
        #"{"timezone": "Mars/Base", "days": {"mon": [{"title": "x", "time": "20:00"}]}}"#)
        == #"youbi: s.json:1:1: timezone: unknown time zone "Mars/Base""#)
    #expect(
      sourceFailure(#"{"timezone": "../etc", "days": {}}"#)
        == #"youbi: s.json:1:14: timezone: expected a time zone name such as "Asia/Tokyo", found "../etc""#
    )
    #expect(
      sourceFailure(#"{"timezone": 9, "days": {}}"#).hasPrefix("youbi: s.json:1:14: timezone: "))
  }
}
