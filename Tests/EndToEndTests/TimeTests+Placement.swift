import TestSupport
import Testing

/// The pager places its schedules within a short horizon and again around a date the
/// calendar goes near its edge of (issue 32, item 15): a Tokyo show seen from Berlin is
/// at its summer time months ahead, and at its winter time again back on today.
extension TimeEndToEndTests {
  /// Wednesdays 25:30 Tokyo time: 17:30 in Berlin's winter, 18:30 in its summer.
  static let tokyoLateShow = """
    {"title": "Tokyo", "timezone": "Asia/Tokyo",
     "days": {"wednesday": [{"title": "Late Tokyo Show", "time": "25:30"}]}}
    """

  @Test("months ahead in the calendar, a show from Tokyo is at Berlin's summer time")
  func calendarMonthsAheadIsPlacedAgain() async throws {
    let s = try startOnFakedClock(
      "2026-12-02 12:00:00", zone: "Europe/Berlin", config: "schedule = tokyo.json\n",
      files: ["tokyo.json": Self.tokyoLateShow])
    defer { s.close() }
    let week = try await s.settle("Wednesday") { $0.currentDay == "Wednesday" }
    #expect(week.contains("17:30 Late Tokyo Show"), "\(week)")
    try s.type("c")
    try await s.settle("the calendar") { $0.rows[2].hasPrefix(" Wednesday, 2 December 2026") }
    // Twenty weeks on: 21 April 2027, past the end of March's change, and past the
    // horizon the start placed within.
    try s.type(String(repeating: "]", count: 20))
    let april = try await s.settle("21 April 2027 at summer time") {
      $0.rows[2].hasPrefix(" Wednesday, 21 April 2027") && $0.contains("18:30 Late Tokyo Show")
    }
    #expect(!april.contains("17:30"), "\(april)")
    // And a year on, winter again.
    try s.type(String(repeating: "]", count: 32))
    try await s.settle("1 December 2027 at winter time") {
      $0.rows[2].hasPrefix(" Wednesday, 1 December 2027") && $0.contains("17:30 Late Tokyo Show")
    }
    try s.type("t")
    try await s.settle("today at winter time") {
      $0.rows[2].hasPrefix(" Wednesday, 2 December 2026") && $0.contains("17:30 Late Tokyo Show")
    }
    try s.type("c")
    let back = try await s.settle("the week") { $0.currentDay == "Wednesday" }
    #expect(back.contains("17:30 Late Tokyo Show"), "\(back)")
  }
}
