import Foundation
import Testing

/// Releases behind, breaks and a biweekly serial on the real binary, on a faked clock
/// (Wednesday 9 December 2026, 22:00 in Tokyo).
extension TimeEndToEndTests {
  static let followedWeek = """
    {"title": "Followed", "kind": "anime",
     "days": {
       "monday": [{"title": "Mon Show", "time": "21:00"}],
       "tuesday": [{"title": "Biweekly", "start": "2026-11-03", "every": 2, "time": "20:00"}],
       "wednesday": [{"title": "Apothecary", "time": "21:00", "skip": ["2026-12-09"]},
                     "One Piece"],
       "sunday": ["Sun Show"]
     }}
    """

  @Test("behind: a count on today's page, the b list, a break, a serial every other week")
  func behindBreaksAndEveryOtherWeek() async throws {
    let s = try startOnFakedClock(
      "2026-12-09 22:00:00", zone: "Asia/Tokyo", config: "schedule = week.json\n",
      files: ["week.json": Self.followedWeek])
    defer { s.close() }
    let today = try await s.settle("Wednesday") { $0.currentDay == "Wednesday" }
    let apothecary = today.rows.first { $0.contains("Apothecary") } ?? ""
    #expect(apothecary.contains("on break"), "a skip date: a break\n\(today)")
    // Marked last Wednesday (in the calendar): from then on, what came out is behind.
    try s.type("c")
    try await s.settle("the calendar") { $0.rows[2].hasPrefix(" Wednesday, 9 December 2026") }
    try s.type("[")
    try await s.settle("a week back") { $0.rows[2].hasPrefix(" Wednesday, 2 December 2026") }
    try s.type("jm")
    try await s.settle("One Piece watched") {
      $0.rows.first { $0.contains("One Piece") }?.contains("✓") == true
    }
    try s.type("c")
    let week = try await s.settle("today's page with what is behind") {
      $0.currentDay == "Wednesday" && $0.contains("Mon Show +1")
    }
    #expect(week.rows[0].contains("Mon +1") && week.rows[0].contains("Wed +1"), "\(week)")
    #expect(week.rows.contains { $0.contains("Sun Show +1") }, "\(week)")
    #expect(week.rows.contains { $0.contains("Apothecary +1") && $0.contains("on break") })
    // b: every release behind, oldest first.
    try s.type("b")
    let list = try await s.settle("the b list") { $0.contains("Behind") }
    let order = [
      "Wed 2  21:00  Apothecary", "Sun 6         Sun Show", "Mon 7  21:00  Mon Show",
      "Wed 9         One Piece",
    ]
    let rows = order.map { line in list.rows.firstIndex { $0.contains(line) } }
    #expect(rows.allSatisfy { $0 != nil } && rows == rows.sorted { $0! < $1! }, "\(list)")
    try s.type("m")  // the oldest: Apothecary on 2 December
    try await s.settle("marked") { !$0.contains("Wed 2  21:00  Apothecary") }
    try s.type("b")  // closes it
    try await s.settle("the list closed") { !$0.contains("Behind") }
    // Biweekly: not on Tuesday 8 December, on Tuesday 15 December.
    try s.type("c")
    try s.type("2")
    let tuesday = try await s.settle("Tuesday 8") {
      $0.rows[2].hasPrefix(" Tuesday, 8 December 2026")
    }
    #expect(!tuesday.contains("Biweekly"), "\(tuesday)")
    try s.type("]")
    let next = try await s.settle("Tuesday 15") {
      $0.rows[2].hasPrefix(" Tuesday, 15 December 2026")
    }
    #expect(next.contains("Biweekly #4"), "\(next)")
  }
}
