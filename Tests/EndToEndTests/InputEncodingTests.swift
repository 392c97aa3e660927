import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Starts youbi (English labels) under `TERM=term`, whatever the pane's default.
func startYoubi(_ arguments: [String], term: String, width: Int = 80, height: Int = 24) throws
  -> TerminalSession
{
  try TerminalSession(
    program: try YoubiBinary.path(), arguments: ["--labels", "en"] + arguments, width: width,
    height: height, environment: ["TERM": term])
}

/// What terminals send, decoded whatever TERM says: the bytes go straight to
/// youbi (`send-keys -H`), as a terminal other than tmux would send them.
@Suite("End to end: input encodings", .serialized, youbiRequired)
struct InputEncodingTests {
  @Test(
    "Home and End as ESC[1~ / ESC[4~ (tmux, PuTTY, rxvt) work under any TERM",
    arguments: ["xterm", "xterm-256color", "vt220", "tmux-256color"])
  func homeAndEndInTildeForm(term: String) async throws {
    let s = try startYoubi(["--day", "monday"], term: term)
    defer { s.close() }
    let (_, top) = try await s.settledDay()
    try s.type("G")
    let bottom = try await s.settle { $0 != top && $0.currentDay == "Monday" }
    try s.type("g")
    try await s.settle { $0 == top }
    try s.raw("\u{1B}[4~")
    #expect(try await s.settle { $0 != top } == bottom, "ESC[4~ is not End under \(term)")
    try s.raw("\u{1B}[1~")
    #expect(try await s.settle { $0 != bottom } == top, "ESC[1~ is not Home under \(term)")
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("an X10 mouse report ESC [ M q + % is one report: its payload never quits")
  func x10ReportIsConsumedWhole() async throws {
    let s = try startYoubi(["--day", "monday"], term: "xterm")
    defer { s.close() }
    try await s.settledDay()
    try s.raw("\u{1B}[Mq+%")
    try s.send("Right")
    #expect(try await s.settledDay().day == "Tuesday")
    #expect(s.exitStatus() == nil)
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("an invalid byte costs only itself: FF then q quits")
  func invalidByteThenQuit() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.raw([0xFF, 0x71])
    #expect(try await s.waitForExit() == 0)
    try expectTerminalRestored(s)
  }

  @Test("a bracketed paste holding q is text, not a q: youbi keeps running")
  func pasteIsNotKeys() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    let (_, before) = try await s.settledDay()
    let buffer = "youbi-e2e-\(s.name)"
    try s.server.run(["set-buffer", "-b", buffer, "q j G q"])
    // -p: bracketed, as youbi asked for with mode 2004 (tmux sends it plain otherwise).
    try s.server.run(["paste-buffer", "-p", "-d", "-b", buffer, "-t", s.name])
    try s.send("Right")
    #expect(try await s.settledDay().day == "Tuesday")
    try s.send("Left")
    #expect(try await s.settledDay().screen == before)
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("SGR (1006) mouse reports work past column 223")
  func sgrClickPastColumn223() async throws {
    // 252 columns: seven tabs of 36; Sunday's is columns 216…251, out of X10's reach.
    // One day in view (`auto` would show six), so the screen names one day.
    let s = try startYoubi(["--day", "monday", "--columns", "1"], width: 252, height: 24)
    defer { s.close() }
    try await s.waitFor("the first frame") { $0.currentDay == "Monday" }
    try s.raw("\u{1B}[<0;241;1M\u{1B}[<0;241;1m")
    try await s.waitFor("Sunday after a click on its tab") { $0.currentDay == "Sunday" }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }
}
