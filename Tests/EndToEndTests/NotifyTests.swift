import Foundation
import TestSupport
import Testing

/// A week with one release a little ahead, and the config that announces it a few
/// seconds from now: `notify-before` is the time to the release less three seconds, so
/// the test waits seconds, not a minute, on the real clock (in UTC).
struct SoonRelease {
  /// A title that tries to end the string, ring the bell and set the window title.
  static let hostileTitle = "Hostile\u{07}\u{1B}]0;pwn\u{1B}\\;x\u{9C}"
  /// What `SafeText` makes of it.
  static let safeTitle = "Hostile␇␛]0;pwn␛\\;x␦"

  let files: [String: String]

  init(via: String, extra: String = "") {
    let now = Date()
    let release = Date(
      timeIntervalSince1970: (now.timeIntervalSince1970 / 60 + 0.25).rounded(.up) * 60)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: release)
    let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
    let before = Int(release.timeIntervalSince(now)) - 3
    let title = String(
      data: try! JSONSerialization.data(withJSONObject: [Self.hostileTitle]), encoding: .utf8)!
    let week = """
      {"title": "Anime", "days": {"\(days[parts.weekday! - 1])": [
        {"title": \(title.dropFirst().dropLast()), "time": "\(time)"}]}}
      """
    files = [
      "config/youbi/week.json": week,
      "config/youbi/config": """
      labels = en
      schedule = week.json
      notify = all
      notify-via = \(via)
      notify-before = \(before)s
      \(extra)
      """,
    ]
  }
}

/// The bytes between `start` and the first `end` after it, when both are there.
func between(_ data: Data, _ start: [UInt8], _ end: [UInt8]) -> [UInt8]? {
  let bytes = [UInt8](data)
  guard let s = bytes.firstRange(of: start) else { return nil }
  let rest = bytes[s.upperBound...]
  guard let e = rest.firstRange(of: end) else { return nil }
  return Array(rest[..<e.lowerBound])
}

/// No byte that could end an OSC string (BEL, ESC) and no C1 control.
func staysInside(_ body: [UInt8]) -> Bool {
  !body.contains(0x07) && !body.contains(0x1B)
    && !String(decoding: body, as: UTF8.self).unicodeScalars.contains {
      (0x80...0x9F).contains($0.value)
    }
}

@Suite("End to end: notifications in tmux", .serialized, youbiRequired)
struct NotifyEndToEndTests {
  /// Starts youbi on a release due in seconds, announced by `via`.
  func start(_ via: String, program: [String] = [], extra: String = "") throws -> TerminalSession {
    let soon = SoonRelease(via: via, extra: extra)
    if program.isEmpty {
      return try TerminalSession(youbi: [], environment: ["TZ": "UTC"], files: soon.files)
    }
    return try TerminalSession(
      program: program[0], arguments: Array(program.dropFirst()) + [try YoubiBinary.path()],
      environment: ["TZ": "UTC"], files: soon.files)
  }

  /// Waits until the raw output holds `start` … `end`; returns what is between.
  func sent(_ s: TerminalSession, _ start: String, _ end: String) async throws -> [UInt8] {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let body = between(s.output(), Array(start.utf8), Array(end.utf8)) { return body }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw HarnessError("no \(start.debugDescription) in the output within 30 s")
  }

  /// Quits with q and checks the release is recorded in the state file.
  func quitAndCheckState(_ s: TerminalSession) async throws {
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    let state = s.dir.text("state/youbi/state.json") ?? ""
    #expect(state.contains("\"notified\""), "\(state)")
  }

  @Test(
    "OSC 9, 777 and 99 are sent once, and a hostile title stays inside the string",
    arguments: [
      ("osc9", "\u{1B}]9;", "\u{07}"), ("osc777", "\u{1B}]777;notify;", "\u{07}"),
      ("osc99", "\u{1B}]99;i=youbi:d=0:e=1:p=title;", "\u{1B}\\"),
    ])
  func oscForms(via: String, begin: String, end: String) async throws {
    let s = try start(via)
    defer { s.close() }
    let body = try await sent(s, begin, end)
    #expect(staysInside(body), "\(body)")
    if via != "osc99" {
      #expect(
        String(decoding: body, as: UTF8.self).hasPrefix(
          SoonRelease.safeTitle.replacing(";", with: via == "osc777" ? "," : ";")))
    }
    // Sent once in the whole run: counted once youbi has quit, not after a guessed wait.
    try await quitAndCheckState(s)
    let count = [UInt8](s.output()).ranges(of: Array(begin.utf8)).count
    #expect(count == 1)
  }

  @Test("the bell rings and the footer says what came out")
  func bell() async throws {
    let s = try start("bell")
    defer { s.close() }
    let screen = try await s.waitFor("the notice", timeout: 30) { $0.contains("Out: Hostile") }
    #expect(screen.contains(SoonRelease.safeTitle), "\(screen)")
    #expect([UInt8](s.output()).contains(0x07))
    try await quitAndCheckState(s)
  }

  @Test("inside tmux an OSC form is wrapped for passthrough")
  func tmuxPassthrough() async throws {
    let s = try start("osc9", program: ["/usr/bin/env", "TMUX=/tmp/youbi-fake-tmux,1,0"])
    defer { s.close() }
    let body = try await sent(s, "\u{1B}Ptmux;\u{1B}\u{1B}]9;", "\u{07}\u{1B}\\")
    #expect(staysInside(body), "\(body)")
    try await quitAndCheckState(s)
  }

  @Test("notify-command runs with --, then the title and the body as two arguments, no shell")
  func command() async throws {
    let s = try start("command", extra: "notify-command = ./record.sh first-word")
    defer { s.close() }
    s.dir.write(
      "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > args.tmp\nmv args.tmp args.txt\n",
      to: "record.sh", executable: true)
    let deadline = Date().addingTimeInterval(30)
    while s.dir.text("args.txt") == nil && Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
    }
    let lines = (s.dir.text("args.txt") ?? "").split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(lines)")
    #expect(lines.first == "first-word")
    #expect(lines.dropFirst().first == "--", "a title starting with - is no option")
    #expect(lines.dropFirst(2).first == SoonRelease.safeTitle)
    #expect(lines.last?.hasPrefix("Anime · ") == true)
    try await quitAndCheckState(s)
  }
}
