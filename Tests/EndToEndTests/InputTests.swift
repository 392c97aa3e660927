import Foundation
import TestSupport
import Testing

/// Schedules from files and stdin, hostile text, bad data — in a real terminal.
@Suite("End to end: schedules in the terminal", .serialized, youbiRequired)
struct InputTests {
  @Test("cat file | youbi - shows the piped schedule; keys still come from the terminal")
  func scheduleFromStdin() async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(Schedules.small(), to: "small.json")
    let s = try startYoubi(["--day", "monday", "-"], input: .pipe(fromFile: file))
    defer { s.close() }
    let (day, top) = try await s.settledDay()
    #expect(day == "Monday")
    #expect(top.contains("Mon-pipe-01") && top.contains("Mon-pipe-05"), "\(top)")
    try s.type("j")
    try await s.settle { $0 != top }
    try s.send("Right")
    let (next, screen) = try await s.settledDay()
    #expect(next == "Tuesday")
    #expect(screen.contains("Tue-pipe-01"), "\(screen)")
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
    try expectTerminalRestored(s)
  }

  @Test("a hostile schedule cannot retitle the pane, set the clipboard or wreck the screen")
  func hostileSchedule() async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(Schedules.hostile, to: "hostile.json")
    let s = try startYoubi(["--day", "monday", file])
    defer { s.close() }
    let titleBefore = try s.paneTitle()
    let (day, screen) = try await s.settledDay()
    #expect(day == "Monday")
    expectLayout(screen, day: "Monday")
    #expect(screen.contains("I plain"), "the last entry is missing:\n\(screen)")
    // Every entry stays on its own row: A … I in order, one each.
    let firstLetters = screen.rows.compactMap { row -> Character? in
      for tag in ["A ", "B ", "C ", "D ", "E ", "F ", "G ", "H ", "I "] where row.contains(tag) {
        return tag.first
      }
      return nil
    }
    #expect(String(firstLetters).contains("ABCDEFGHI"), "entries out of place:\n\(screen)")
    try s.send("Right")  // Tuesday's entry holds an OSC 2 ended by ST
    try await s.settledDay()
    try s.send("Left")
    let (_, again) = try await s.settledDay()
    #expect(again.hasTabBar)
    #expect(try s.paneTitle() == titleBefore)
    #expect(!(try s.paneTitle()).contains("pwned"))
    let buffers = try s.server.run(["list-buffers"], check: false).out
    #expect(buffers.isEmpty, "an OSC 52 reached tmux: \(buffers)")

    // Nothing raw reached the terminal.
    let output = String(decoding: s.output(), as: UTF8.self)
    for (bad, what) in [
      ("\u{1b}]", "OSC"), ("\u{1b}[2J", "ED 2"), ("\u{1b}[6n", "DSR"), ("\u{9b}", "C1 CSI"),
      ("\u{202e}", "RLO"), ("\u{200b}", "ZWSP"), ("\u{07}", "BEL"),
      ("\u{1b}[31mred", "the schedule's SGR"),
    ] {
      #expect(!output.contains(bad), "\(what) was written to the terminal raw")
    }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  struct BadStart: Sendable, CustomTestStringConvertible {
    let name: String
    let contents: String?  // written to broken.json, passed as the FILE
    let arguments: [String]
    let status: Int32
    let mentions: String
    var testDescription: String { name }
  }

  @Test(
    "bad input in a terminal: one-line error, exit code, the terminal never switched to curses",
    arguments: [
      BadStart(
        name: "bad JSON → 65", contents: "{\"days\": {\"monday\": [\"ok\",]\n", arguments: [],
        status: 65, mentions: "broken.json"),
      BadStart(
        name: "missing file → 66", contents: nil, arguments: ["/nonexistent/e2e.json"],
        status: 66, mentions: "/nonexistent/e2e.json"),
      BadStart(
        name: "bad option → 64", contents: nil, arguments: ["--frobnicate"], status: 64,
        mentions: "--frobnicate"),
    ])
  func badStartInTerminal(_ c: BadStart) async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    var args = c.arguments
    if let contents = c.contents { args.append(dir.write(contents, to: "broken.json")) }
    let s = try startYoubi(args)
    defer { s.close() }
    #expect(try await s.waitForExit() == c.status)
    let screen = try s.capture(joinWrapped: true)  // a long temp path wraps the line
    let marker = try #require(
      screen.rows.firstIndex { $0.contains("e2e-wrapper: starting") },
      "the screen was cleared:\n\(screen)")
    let end = try #require(screen.rows.firstIndex { $0.contains("e2e-wrapper: exited") })
    let after = screen.rows[(marker + 1)..<end].filter { !$0.isEmpty }
    #expect(after.count == 1, "expected one error line:\n\(screen)")
    #expect(
      after.first?.contains(c.mentions) == true, "error does not name \(c.mentions):\n\(screen)")
    let output = String(decoding: s.output(), as: UTF8.self)
    #expect(!output.contains("\u{1b}"), "youbi wrote escape sequences: \(output.debugDescription)")
    try expectTerminalRestored(s)
  }
}
