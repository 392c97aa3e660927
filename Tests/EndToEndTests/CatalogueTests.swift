import Foundation
import TestSupport
import Testing

/// What you follow, with bangumi-data on the real binary: one show marked is the one
/// followed; the rest stay a catalogue to browse (issue 33).
extension TimeEndToEndTests {
  @Test("bangumi-data with one show marked: nothing else is behind; tabs, heading and b agree")
  func aCatalogueWithOneShowMarked() async throws {
    let data = try String(
      contentsOfFile: packagePath("Tests/Fixtures/bangumi-data/data.json"), encoding: .utf8)
    // Wednesday 9 October 2024, 22:00 in Tokyo: the daily show is out Monday to
    // Wednesday at 12:00, ワンピース on Wednesday at 19:30.
    let s = try startOnFakedClock(
      "2024-10-09 22:00:00", zone: "Asia/Tokyo", config: "schedule = data.json\n",
      files: ["data.json": data])
    defer { s.close() }
    let before = try await s.settle("Wednesday") {
      $0.currentDay == "Wednesday" && $0.contains("ワンピース")
    }
    #expect(before.rows[2].contains("2 serials"), "nothing followed yet: \(before.text)")
    #expect(!before.rows[0].contains("+") && !before.rows[0].contains("✓"), "\(before.text)")
    try s.type("j")
    try s.type("m")
    let marked = try await s.settle("ワンピース watched") {
      $0.rows.first { $0.contains("ワンピース") }?.contains("✓") == true
    }
    // Only ワンピース is followed: Monday's and Tuesday's daily show is not behind.
    #expect(marked.rows[2].contains("0 behind of 1 followed"), "\(marked.text)")
    #expect(marked.rows[0].contains("Wed ✓"), "\(marked.text)")
    #expect(!marked.rows[0].contains("+"), "no other day is behind: \(marked.text)")
    #expect(!marked.rows.contains { $0.contains("毎日アニメ") && $0.contains("+") })
    try s.type("b")
    let list = try await s.settle("the b list") { $0.contains("Behind") }
    #expect(list.contains("All caught up"), "\(list.text)")
    try s.type("b")
    // Mon and Tue: their pages agree with their tabs (nothing followed came out there).
    try s.type("1")
    let monday = try await s.settle("Monday") { $0.currentDay == "Monday" }
    #expect(monday.rows[2].contains("1 serial") && !monday.rows[2].contains("behind"))
  }
}
