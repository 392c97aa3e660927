import Foundation
import Testing

/// `--no-loop` (and `loop = no`) and `--indicator block`, in a real terminal.
@Suite("End to end: the week's options", .serialized, youbiRequired)
struct WeekOptionsEndToEndTests {
  /// The hint row, second from the bottom.
  func hints(_ screen: Screen) -> String { screen.rows[screen.rows.count - 2] }

  @Test(
    "a week that does not loop: no ‹ on Monday, no › on Sunday, and the arrows stop there",
    arguments: [(["--no-loop"], [String: String]()), ([], ["config/youbi/config": "loop = no\n"])])
  func boundedWeek(arguments: [String], files: [String: String]) async throws {
    let s = try startYoubi(arguments + ["--day", "monday"], files: files)
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    #expect(!hints(monday).contains("‹") && hints(monday).contains("Tue ›"), "\(monday)")
    try s.send("Left")
    expectSameScreen(try await s.settledDay().screen, monday)  // Left on Monday: nothing
    try s.send("7")
    let (day, sunday) = try await s.settledDay()
    #expect(day == "Sunday")
    #expect(hints(sunday).contains("‹ Sat") && !hints(sunday).contains("›"), "\(sunday)")
    try s.send("Right")
    expectSameScreen(try await s.settledDay().screen, sunday)  // Right on Sunday: nothing
    try s.send("Left")
    #expect(try await s.settledDay().day == "Saturday")
  }

  @Test("a drag past Monday springs back when the week does not loop")
  func dragPastTheEnd() async throws {
    let s = try startYoubi(["--no-loop", "--day", "monday"])
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    try s.mouse(button: 0, x: 10, y: 10)
    for x in stride(from: 18, through: 70, by: 8) { try s.mouse(button: 32, x: x, y: 10) }
    try s.mouse(button: 0, x: 70, y: 10, release: true)
    expectSameScreen(try await s.settledDay().screen, monday)
  }

  @Test("--indicator block: the selected tab is drawn in reverse, nothing under the tabs")
  func blockIndicator() async throws {
    let s = try startYoubi(["--indicator", "block", "--day", "wednesday"])
    defer { s.close() }
    func reversedTab(_ screen: Screen) -> Int? {
      guard let tabs = screen.tabRanges else { return nil }
      let codes = screen.attributeRows[0]
      let reversed = tabs.indices.filter { i in
        tabs[i].allSatisfy { $0 < codes.count && codes[$0].split(separator: "|")[0].contains("7") }
      }
      return reversed.count == 1 ? reversed[0] : nil
    }
    let wednesday = try await s.settle("the block under Wednesday") { reversedTab($0) == 2 }
    #expect(wednesday.rows[1].trimmingCharacters(in: .whitespaces).isEmpty, "\(wednesday)")
    #expect(wednesday.day(onRow: 2) == "Wednesday")
    try s.send("Right")
    let thursday = try await s.settle("the block under Thursday") { reversedTab($0) == 3 }
    #expect(thursday.day(onRow: 2) == "Thursday")
    try s.send("4", "Left")  // back to Wednesday
    try await s.settle("the block back under Wednesday") { reversedTab($0) == 2 }
  }
}
