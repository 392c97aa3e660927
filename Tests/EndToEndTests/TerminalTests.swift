import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Resizes, quitting, signals: the terminal is always left as it was found.
@Suite("End to end: resize and exit", .serialized, youbiRequired)
struct TerminalTests {
  @Test(
    "a resize mid-slide settles to the same screen as a fresh youbi at the new size",
    arguments: [(100, 30), (60, 20)])
  func resizeMidSlide(width: Int, height: Int) async throws {
    let s = try startYoubi(["--day", "monday", "--duration", "2000"])
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    try s.send("Right")
    try await s.waitFor("a slide in progress", timeout: 2) { $0.isBetween(monday, monday) }
    try s.resize(width: width, height: height)
    let (day, resized) = try await s.settledDay(timeout: 10)
    #expect(day == "Tuesday")
    #expect(resized.rows.count == height)

    let f = try startYoubi(
      ["--day", "tuesday", "--duration", "2000"], width: width, height: height)
    defer { f.close() }
    let fresh = try await f.settledDay().screen
    expectLayout(resized, day: "Tuesday")
    #expect(resized == fresh, "after resize:\n\(resized)\nfresh at \(width)x\(height):\n\(fresh)")
  }

  @Test("Ctrl-L redraws the whole screen over what another program wrote on it")
  func ctrlLRedraws() async throws {
    let s = try startYoubi(["--day", "saturday"])
    defer { s.close() }
    let (_, normal) = try await s.settledDay()
    // Another program writes on the terminal youbi draws on (as `wall` or a stray job would).
    let tty = try s.server.run(["display-message", "-p", "-t", s.name, "#{pane_tty}"])
      .out.trimmingCharacters(in: .whitespacesAndNewlines)
    let handle = try #require(FileHandle(forWritingAtPath: tty))
    handle.write(Data("\u{1B}[5;10HSTRAY TEXT FROM ELSEWHERE".utf8))
    try handle.close()
    let spoiled = try await s.settle { $0.contains("STRAY TEXT") }
    #expect(spoiled != normal)
    try s.send("C-l")
    let redrawn = try await s.settle { !$0.contains("STRAY TEXT") }
    #expect(redrawn == normal, "after Ctrl-L:\n\(redrawn)\nbefore:\n\(normal)")
  }

  @Test(
    "below the minimum size a 'too small' notice; growing back restores the page",
    arguments: [(23, 6), (79, 7), (20, 23), (16, 5)])
  func tooSmall(width: Int, height: Int) async throws {
    let s = try startYoubi(["--day", "saturday"])
    defer { s.close() }
    let (_, normal) = try await s.settledDay()
    try s.resize(width: width, height: height)
    let small = try await s.settle { $0.rows.count == height && $0.currentDay == nil }
    #expect(small.contains("too small"), "at \(width)x\(height):\n\(small)")
    try s.resize(width: 80, height: 24)
    let back = try await s.settle { $0.currentDay != nil }
    #expect(back == normal, "after growing back:\n\(back)\nbefore:\n\(normal)")
  }

  @Test(
    "q and Ctrl-C quit (0, 130) and restore the terminal",
    arguments: [("q", Int32(0)), ("C-c", 130)])
  func quitKeys(key: String, status: Int32) async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.send(key)
    #expect(try await s.waitForExit() == status)
    try expectTerminalRestored(s)
  }

  @Test("Esc on the week quits nothing, at once (no ncurses delay), and says how to quit")
  func escapeOnTheWeekStays() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.send("Escape")
    let hint = try await s.settle("the footer's word") { $0.rows.last?.contains("q quits") == true }
    #expect(hint.currentDay == "Monday", "\(hint)")
    try s.type("l")  // the next keys still reach youbi, not a shell
    try await s.settle("Tuesday") { $0.currentDay == "Tuesday" }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("q mid-slide quits too")
  func quitMidSlide() async throws {
    let s = try startYoubi(["--day", "monday", "--duration", "3000"])
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    try s.send("Right")
    try await s.waitFor("a slide in progress", timeout: 2.5) { $0.isBetween(monday, monday) }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
    try expectTerminalRestored(s)
  }

  @Test(
    "SIGTERM, SIGHUP, SIGQUIT and any signal that ends a process restore the terminal, exit 128+N",
    arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF])
  func signalsRestoreTerminal(signal: Int32) async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.signal(signal)
    #expect(try await s.waitForExit() == 128 + signal)
    try expectTerminalRestored(s)
  }

  @Test("SIGTERM mid-slide restores the terminal")
  func sigtermMidSlide() async throws {
    let s = try startYoubi(["--day", "monday", "--duration", "3000"])
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    try s.send("Right")
    try await s.waitFor("a slide in progress", timeout: 2.5) { $0.isBetween(monday, monday) }
    try s.signal(SIGTERM)
    #expect(try await s.waitForExit() == 128 + SIGTERM)
    try expectTerminalRestored(s)
  }
}
