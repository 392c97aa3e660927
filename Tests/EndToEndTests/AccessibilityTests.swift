import Foundation
import Testing

/// Where the terminal's cursor rests: screen readers and braille displays
/// follow it even while it is hidden, so after every frame it must be on the
/// start of the selected serial's title (on the arriving page mid-slide), or
/// where the reader should be in a box.
@Suite("End to end: the cursor follows the selection", .serialized, youbiRequired)
struct AccessibilityTests {
  /// The screen's rows and the cursor, read by one tmux command so no frame
  /// can land between them.
  struct Sample: Equatable {
    let rows: [String]
    let x: Int
    let y: Int

    /// Where `text` starts on screen (column, row), counting one column per
    /// character: the fixtures here are ASCII, with one-column marks.
    func place(of text: String) -> (x: Int, y: Int)? {
      for (y, row) in rows.enumerated() {
        if let r = row.range(of: text) { return (row[..<r.lowerBound].count, y) }
      }
      return nil
    }

    var description: String {
      "cursor (\(x),\(y)) on:\n"
        + rows.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }
        .joined(separator: "\n")
    }
  }

  func sample(_ s: TerminalSession) throws -> Sample {
    let out = try s.server.run([
      "capture-pane", "-p", "-t", s.name, ";", "display-message", "-p", "-t", s.name,
      "#{cursor_x},#{cursor_y}",
    ]).out
    var lines = out.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    let cursor = (lines.popLast() ?? "").split(separator: ",").compactMap { Int($0) }
    guard cursor.count == 2 else { throw HarnessError("no cursor position in:\n\(out)") }
    return Sample(rows: lines, x: cursor[0], y: cursor[1])
  }

  /// Waits for a settled screen, then expects the cursor at the start of `title`.
  /// Polls whole frames (two samples alike: a frame reaches tmux in more than
  /// one write, and between them the cursor is wherever ncurses was drawing)
  /// until `condition` holds for one, or throws after `timeout` seconds.
  func waitForFrame(
    _ s: TerminalSession, _ what: String, timeout: Double = 20, _ condition: (Sample) -> Bool
  ) async throws -> Sample {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let now = try sample(s)
      if try sample(s) == now && condition(now) { return now }
      try await Task.sleep(for: .milliseconds(15))
    }
    throw HarnessError("timed out after \(timeout)s waiting for \(what); screen:\n\(try sample(s))")
  }

  func expectCursor(
    on title: String, _ s: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await s.settle { $0.contains(title) }
    let now = try sample(s)
    let place = try #require(
      now.place(of: title), "\(title) not on screen", sourceLocation: sourceLocation)
    #expect(
      now.x == place.x && now.y == place.y,
      "expected the cursor on \(title) at (\(place.x),\(place.y)); \(now.description)",
      sourceLocation: sourceLocation)
  }

  func start(_ arguments: [String], perDay: Int = 5, width: Int = 80, height: Int = 24) throws
    -> TerminalSession
  {
    try startYoubi(
      arguments + ["week.json"], width: width, height: height,
      files: ["week.json": Schedules.small(perDay: perDay)])
  }

  @Test("at start, and after moves that scroll the list")
  func startAndMoves() async throws {
    let s = try start(["--day", "monday"], perDay: 40)
    defer { s.close() }
    try await expectCursor(on: "Mon-pipe-01", s)
    try s.send("j", "j")
    try await expectCursor(on: "Mon-pipe-03", s)
    try s.send("k")
    try await expectCursor(on: "Mon-pipe-02", s)
    try s.send("G")
    try await expectCursor(on: "Mon-pipe-40", s)
    try s.send("PageUp")
    try await s.settle()
    let up = try sample(s)
    #expect(
      up.rows[up.y].contains("Mon-pipe-") && up.rows[up.y].contains("▸"),
      "after PgUp the cursor is not on the selected row; \(up.description)")
  }

  @Test("mid-slide it rests on the arriving page; after the slide on its selection")
  func duringASlide() async throws {
    // A four-second slide, so Tuesday is seen arriving even when the pane is
    // captured slowly on a loaded machine; the loop below polls until the slide is over.
    let s = try start(["--day", "monday", "--duration", "4000"])
    defer { s.close() }
    try await expectCursor(on: "Mon-pipe-01", s)
    try s.send("j")
    try await expectCursor(on: "Mon-pipe-02", s)
    let home = try #require(try sample(s).place(of: "Mon-pipe-02"))
    try s.send("Right")
    // The condition waited for: Tuesday on its way in, whole, not yet where
    // Monday's list rests; then every frame until it rests there.
    var frame = try await waitForFrame(s, "Tuesday arriving mid-slide") {
      $0.place(of: "Tue-pipe-01").map { $0.x != home.x } ?? false
    }
    while let arriving = frame.place(of: "Tue-pipe-01"), arriving.x != home.x {
      #expect(
        frame.x == arriving.x && frame.y == arriving.y,
        "mid-slide the cursor is not on Tuesday's first serial; \(frame.description)")
      frame = try await waitForFrame(s, "the next frame of the slide") { $0 != frame }
    }
    try await expectCursor(on: "Tue-pipe-01", s)
    try s.send("Left")
    try await expectCursor(on: "Mon-pipe-02", s)  // Monday kept its row
  }

  @Test("across the seam, both ways")
  func acrossTheSeam() async throws {
    let s = try start(["--day", "sunday"])
    defer { s.close() }
    try await expectCursor(on: "Sun-pipe-01", s)
    try s.send("j", "Right")
    try await expectCursor(on: "Mon-pipe-01", s)
    try s.send("Left")
    try await expectCursor(on: "Sun-pipe-02", s)
  }

  @Test("after resizes, smaller and larger")
  func afterAResize() async throws {
    let s = try start(["--day", "wednesday"], perDay: 40)
    defer { s.close() }
    try s.send("G")
    try await expectCursor(on: "Wed-pipe-40", s)
    try s.resize(width: 50, height: 12)
    try await s.waitFor("the small size") { $0.rows.count == 12 }
    try await expectCursor(on: "Wed-pipe-40", s)
    try s.send("k", "k")
    try await expectCursor(on: "Wed-pipe-38", s)
    try s.resize(width: 100, height: 30)
    try await s.waitFor("the large size") { $0.rows.count == 30 }
    try await expectCursor(on: "Wed-pipe-38", s)
  }

  @Test("in the help box on its first line, and back on the selection when it closes")
  func helpBox() async throws {
    let s = try start(["--day", "friday"])
    defer { s.close() }
    try s.send("j")
    try await expectCursor(on: "Fri-pipe-02", s)
    try s.send("?")
    try await s.settle { $0.contains("previous / next day") }
    let help = try sample(s)
    let first = try #require(help.place(of: "← h"))
    #expect(help.x == first.x && help.y == first.y, "\(help.description)")
    try s.send("Escape")
    try await expectCursor(on: "Fri-pipe-02", s)
  }

  @Test("hidden by default and still placed; --cursor shows it")
  func visibility() async throws {
    for (arguments, flag) in [([String](), "0"), (["--cursor"], "1")] {
      let s = try start(["--day", "monday"] + arguments)
      defer { s.close() }
      try await expectCursor(on: "Mon-pipe-01", s)
      let shown = try s.server.run(["display-message", "-p", "-t", s.name, "#{cursor_flag}"])
        .out.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(shown == flag, "cursor_flag with \(arguments)")
    }
  }

  @Test(
    "without colour (NO_COLOR, or theme mono) each state still has a shape or an attribute",
    arguments: [(["--theme", "mono"], [:]), ([], ["NO_COLOR": "1"])])
  func noColour(arguments: [String], environment: [String: String]) async throws {
    let s = try TerminalSession(
      youbi: ["--labels", "en", "--day", "tuesday", "week.json"] + arguments,
      environment: environment, files: ["week.json": Schedules.small()])
    defer { s.close() }
    let screen = try await s.settle { $0.contains("Tue-pipe-01") }
    let coloured = screen.attributeRows.joined().filter {
      let parts = $0.split(separator: "|", omittingEmptySubsequences: false)
      return parts.count == 3 && (!parts[1].isEmpty || !parts[2].isEmpty)
    }
    #expect(coloured.isEmpty, "colours under NO_COLOR: \(Set(coloured))")
    // The selected row has its mark, the selected tab its indicator and an attribute.
    let row = try #require(screen.rows.firstIndex { $0.contains("Tue-pipe-01") })
    #expect(screen.rows[row].contains("▸"), "\(screen)")
    let tabs = try #require(screen.tabRanges)
    let bar = try #require(screen.indicatorColumns)
    #expect(bar.overlaps(tabs[1]), "\(screen)")
    #expect(screen.highlightsTab(1, today: todayIndex()), "\(screen)")
  }
}
