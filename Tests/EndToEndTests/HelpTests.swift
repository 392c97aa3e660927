import Foundation
import Testing

/// The help on a small terminal: it once showed 10 of its lines with no sign of more,
/// `j` did nothing, and the footer had lost `? help`.
@Suite("End to end: the help on a small terminal", .serialized, youbiRequired)
struct HelpEndToEndTests {
  @Test("at 40x12 the footer names the help; the help says there is more and j scrolls it")
  func scrollsAt40x12() async throws {
    let s = try startYoubi(["--day", "monday"], width: 40, height: 12)
    defer { s.close() }
    let week = try await s.settle { $0.contains("Monday") }
    #expect((week.rows.last ?? "").hasSuffix("? help"), "\(week)")
    try s.type("?")
    let top = try await s.settle { $0.contains("Keys") }
    #expect(top.rows.last?.contains("↓ more") == true, "\(top)")
    #expect(!top.contains("/  search"), "\(top)")
    try s.type("j")
    let scrolled = try await s.settle { $0.rows.first?.contains("↑") == true }
    #expect(!scrolled.contains("previous / next day"), "\(scrolled)")
    try s.send("End")
    let bottom = try await s.settle { $0.contains("Esc  close") }
    #expect(bottom.contains("mouse  tabs, wheel, drag"), "\(bottom)")
    #expect(bottom.rows.last?.contains("more") == false, "\(bottom)")
    try s.type("?")
    let closed = try await s.settle { !$0.contains("Keys") }
    #expect(closed.contains("Monday"), "\(closed)")
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }
}
