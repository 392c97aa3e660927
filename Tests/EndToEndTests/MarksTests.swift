import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A URL full of shell syntax; the schedule's check lets it through.
private let hostileURL =
  #"https://evil.test/$(touch${IFS}PWNED)/`touch${IFS}PWNED2`;touch${IFS}PWNED3;'"quoted"'&&|<>%s$HOME"#

/// Monday's serials for the marks tests, the first with a (hostile) link.
private func marksSchedule() -> String {
  let url = hostileURL.replacingOccurrences(of: "\"", with: "\\\"")
  return """
    {"title": "Marks", "days": {"monday": [
      {"title": "Alpha", "author": "Writer", "url": "\(url)"},
      {"title": "Bravo", "author": "Writer"},
      {"title": "Charlie"}
    ]}}
    """
}

/// Read marks, stars, links and the clipboard on the real binary, with the
/// state directory shared between runs (and between two runs at once).
@Suite("End to end: marks, links and the state file", .serialized, youbiRequired)
struct MarksEndToEndTests {
  /// A state directory and schedule that outlive one youbi, removed by the caller.
  final class Home {
    let dir: TemporaryDirectory
    let schedule: String
    init() throws {
      dir = TemporaryDirectory.scratch()
      try FileManager.default.createDirectory(
        atPath: dir("state"), withIntermediateDirectories: true)
      schedule = dir.write(marksSchedule(), to: "week.json")
    }
    var stateFile: String { dir("state/youbi/state.json") }
    var environment: [String: String] { ["XDG_STATE_HOME": dir("state")] }
  }

  func start(_ home: Home, environment: [String: String] = [:]) async throws -> TerminalSession {
    let s = try startYoubi(
      ["--day", "monday", home.schedule], environment: home.environment.merging(environment) { $1 })
    try await s.settle { $0.contains("Charlie") }
    return s
  }

  /// The row showing `title`.
  func row(_ screen: Screen, _ title: String) -> String? {
    screen.rows.first { $0.contains(title) }
  }

  enum End: String, CaseIterable { case q, sigterm, sighup, terminalGone }

  @Test("a mark survives the end of a run", arguments: End.allCases)
  func markSurvives(end: End) async throws {
    let home = try Home()
    defer { home.dir.remove() }
    let s = try await start(home)
    defer { s.close() }
    try s.send("j")
    try s.type("m")
    // Ended as soon as the ✓ shows: before the 200 ms debounce.
    try await s.waitFor("the read mark") { row($0, "Bravo")?.contains("✓") == true }
    switch end {
    case .q: try s.type("q")
    case .sigterm: try s.signal(SIGTERM)
    case .sighup: try s.signal(SIGHUP)
    case .terminalGone:
      let pid = try #require(s.programPID)
      try s.server.run(["kill-session", "-t", s.name])
      let deadline = Date().addingTimeInterval(10)
      while isRunning(pid) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
      #expect(!isRunning(pid))
    }
    if end != .terminalGone {
      #expect(try await s.waitForExit() == (end == .q ? 0 : end == .sigterm ? 143 : 129))
    }
    let again = try await start(home)
    defer { again.close() }
    let screen = try again.capture()
    #expect(row(screen, "Bravo")?.contains("Bravo ✓") == true, "\(screen)")
    #expect(row(screen, "Alpha")?.contains("✓") == false, "\(screen)")
    #expect(screen.contains("2 behind of 3"), "\(screen)")
  }

  @Test("a star survives a restart and * shows only starred serials")
  func starSurvives() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    let s = try await start(home)
    defer { s.close() }
    try s.send("G")
    try s.type("f")
    try await s.waitFor("the star") { row($0, "Charlie")?.hasPrefix("★") == true }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
    let again = try await start(home)
    defer { again.close() }
    try again.type("*")
    let starred = try await again.settle { !$0.contains("Alpha") }
    #expect(row(starred, "Charlie")?.hasPrefix("★▸ Charlie") == true, "\(starred)")
    #expect(!starred.contains("Bravo"))
  }

  @Test("a state file that does not parse is moved aside, with a footer notice")
  func corruptStateMovedAside() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    home.dir.write(["state/youbi/state.json": "{\"format\": \"youbi-state\", torn"])
    let s = try await start(home)
    defer { s.close() }
    let screen = try await s.waitFor("the footer notice") {
      ($0.rows.last ?? "").contains("state file unreadable: moved aside to state.json.bad-")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: home.dir("state/youbi"))
    let aside = try #require(names.first { $0.hasPrefix("state.json.bad-") }, "\(names)")
    #expect(home.dir.text("state/youbi/\(aside)") == "{\"format\": \"youbi-state\", torn")
    #expect((screen.rows.last ?? "").contains(aside), "\(screen)")
    // Marks still work and are saved to a fresh file.
    try s.type("m")
    try await s.waitFor("the read mark") { row($0, "Alpha")?.contains("✓") == true }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
    #expect(home.dir.text("state/youbi/state.json")?.contains("\"Alpha\"") == true)
  }

  @Test("o hands a hostile URL to $BROWSER as one literal argument; nothing runs")
  func hostileURLOpened() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    let log = home.dir("argv.log")
    let browser = home.dir.write(
      "#!/bin/sh\n{ echo \"argc=$#\"; for a in \"$@\"; do printf '%s\\n' \"$a\"; done; } > \(shellQuote(log)).tmp\nmv \(shellQuote(log)).tmp \(shellQuote(log))\n",
      to: "browser.sh", executable: true)
    let s = try await start(home, environment: ["BROWSER": browser])
    defer { s.close() }
    try s.type("o")
    try await s.waitFor("the footer to say it opened") { ($0.rows.last ?? "").contains("opened") }
    let deadline = Date().addingTimeInterval(10)
    while home.dir.text("argv.log") == nil && Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(home.dir.text("argv.log") == "argc=1\n\(hostileURL)\n")
    for dir in [home.dir.path, s.dir.path] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
      #expect(!names.contains { $0.hasPrefix("PWNED") }, "\(dir): \(names)")
    }
  }

  @Test("Enter shows the details; a click on its open button opens the link")
  func detailsClickOpens() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    let s = try await start(home)
    defer { s.close() }
    try s.send("Enter")
    let box = try await s.waitFor("the details box") { $0.contains("Details") }
    let y = try #require(box.rows.firstIndex { $0.contains("[ o open ]") }, "\(box)")
    let x = try #require(box.rows[y].range(of: "[ o open ]")).lowerBound
    let column = box.rows[y].distance(from: box.rows[y].startIndex, to: x) + 2
    try s.mouse(button: 0, x: column, y: y)
    try s.mouse(button: 0, x: column, y: y, release: true)
    try await s.waitFor("the footer to say it opened") { ($0.rows.last ?? "").contains("opened") }
    let deadline = Date().addingTimeInterval(10)
    while s.dir.text("browser.log") == nil && Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(s.dir.text("browser.log") == hostileURL + "\n")
    try s.send("Escape")
    try await s.waitFor("the box to close") { !$0.contains("Details") }
  }

  @Test("y copies with OSC 52, which reaches tmux's paste buffer")
  func copyReachesTmux() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    let s = try await start(home)
    defer { s.close() }
    try s.send("j")
    try s.type("y")
    try await s.waitFor("the footer to say it was sent") {
      ($0.rows.last ?? "").contains("sent to the terminal's clipboard")
    }
    // A buffer holds the title (Bravo has no link). It is deleted at once:
    // other suites check that their youbi made no buffer on this shared server.
    let deadline = Date().addingTimeInterval(10)
    var found = false
    while !found && Date() < deadline {
      let names = try s.server.run(["list-buffers", "-F", "#{buffer_name}"]).out
        .split(separator: "\n").map(String.init)
      for name in names where try s.server.run(["show-buffer", "-b", name]).out == "Bravo" {
        try s.server.run(["delete-buffer", "-b", name])
        found = true
      }
      if !found { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(found, "no tmux buffer holds the copied title")
  }

  @Test("y in a tmux with set-clipboard off says how to turn it on, not that it copied")
  func copyInATmuxThatDropsIt() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    // The sessions run outside tmux's sight (no TMUX); this one is told its server.
    let server = try TmuxServer.shared.get()
    let socket = try server.run(["display", "-p", "#{socket_path}"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let s = try await start(home, environment: ["TMUX": socket + ",1,0"])
    defer { s.close() }
    let before = try s.server.run(["show", "-gv", "set-clipboard"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try s.server.run(["set", "-g", "set-clipboard", "off"])
    defer { _ = try? s.server.run(["set", "-g", "set-clipboard", before]) }
    try s.send("j")
    try s.type("y")
    try await s.waitFor("the footer to say how to let copies through") {
      ($0.rows.last ?? "").contains("tmux set -g set-clipboard on")
    }
  }

  @Test("two youbis marking different serials at once both keep their marks")
  func twoInstances() async throws {
    let home = try Home()
    defer { home.dir.remove() }
    let a = try await start(home)
    defer { a.close() }
    let b = try await start(home)
    defer { b.close() }
    try a.type("m")  // Alpha
    try await a.waitFor("A's mark") { row($0, "Alpha")?.contains("✓") == true }
    // A's save is on disk before B marks, so B's save must merge, not overwrite.
    let deadline = Date().addingTimeInterval(10)
    while home.dir.text("state/youbi/state.json")?.contains("\"Alpha\"") != true
      && Date() < deadline
    {
      try await Task.sleep(for: .milliseconds(20))
    }
    try b.send("G")
    try b.type("m")  // Charlie
    try await b.waitFor("B's mark and A's, merged in") {
      row($0, "Charlie")?.contains("✓") == true && row($0, "Alpha")?.contains("✓") == true
    }
    try a.type("q")
    try b.type("q")
    #expect(try await a.waitForExit() == 0)
    #expect(try await b.waitForExit() == 0)
    let c = try await start(home)
    defer { c.close() }
    let screen = try c.capture()
    #expect(row(screen, "Alpha")?.contains("✓") == true, "\(screen)")
    #expect(row(screen, "Charlie")?.contains("✓") == true, "\(screen)")
    #expect(row(screen, "Bravo")?.contains("✓") == false, "\(screen)")
  }
}
