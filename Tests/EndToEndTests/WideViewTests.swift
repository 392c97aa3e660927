import Foundation
import Testing

/// The week on a wide terminal: several days side by side, sliding and looping as one.
@Suite("End to end: the wide view", .serialized, youbiRequired)
struct WideViewTests {
  static let width = 200
  static let height = 50

  func start(_ arguments: [String], config: String? = nil) throws -> TerminalSession {
    var files = ["week.json": Schedules.small(perDay: 60)]
    if let config { files["config/youbi/config"] = config }
    return try startYoubi(
      arguments + ["week.json"], width: Self.width, height: Self.height, files: files)
  }

  /// The day names on the headings row, left to right.
  static func headings(_ screen: Screen) -> [String] { Screen.dayNames(in: screen.rows[2]) }

  /// The five days centred on `day` (index 0 = Monday).
  static func five(around day: Int) -> [String] { (-2...2).map { dayName(day + $0) } }

  /// Settles on a screen whose headings are `expected`.
  @discardableResult
  func settled(_ s: TerminalSession, on expected: [String]) async throws -> Screen {
    try await s.settle("headings \(expected)") { Self.headings($0) == expected }
  }

  /// The columns of one row from `from`, as characters.
  static func cells(_ row: String, from: Int, count: Int) -> [Character] {
    let all = Array(row) + Array(repeating: " ", count: width)
    return Array(all[from..<(from + count)])
  }

  @Test("at 200x50 five days show, the selected one flanked by two on each side")
  func fiveDaysTheSelectedInTheMiddle() async throws {
    let s = try start(["--day", "wednesday"])
    defer { s.close() }
    let screen = try await settled(s, on: Self.five(around: 2))
    let columns = screen.rows[2].firstRange(of: "Wednesday").map {
      screen.rows[2].distance(from: screen.rows[2].startIndex, to: $0.lowerBound)
    }
    #expect(columns == 81, "\(screen)")
    // The cursor ▸ is in the selected (middle) column only.
    let marks = screen.rows.compactMap { $0.firstIndex(of: "▸") }.map {
      screen.rows[0].distance(from: screen.rows[0].startIndex, to: $0)
    }
    #expect(marks.count == 1 && (80..<120).contains(marks.first ?? -1), "\(screen)")
  }

  @Test("seven → come back to the same screen, and so do seven ←", arguments: ["Right", "Left"])
  func sevenStepsComeBack(key: String) async throws {
    let s = try start(["--day", "thursday"])
    defer { s.close() }
    let first = try await settled(s, on: Self.five(around: 3))
    for step in 1...7 {
      try s.send(key)
      try await settled(s, on: Self.five(around: 3 + (key == "Right" ? step : -step)))
    }
    #expect(try s.capture() == first)
  }

  @Test("a list scrolled on Sunday keeps its rows through the seam and back")
  func sundaysScrollSurvivesTheSeam() async throws {
    let s = try start(["--day", "sunday"])
    defer { s.close() }
    try await settled(s, on: Self.five(around: 6))
    try s.send(Array(repeating: "j", count: 55))
    let scrolled = try await s.settle("Sunday scrolled") { $0.contains("Sun-pipe-56") }
    try s.send("Right")
    let moved = try await settled(s, on: Self.five(around: 7))
    // Sunday is now one column left: the same rows, without its cursor mark.
    for row in 3..<(Self.height - 2) {
      let before = Self.cells(scrolled.rows[row], from: 80, count: 39).map { $0 == "▸" ? " " : $0 }
      let after = Self.cells(moved.rows[row], from: 40, count: 39)
      #expect(before == after, "row \(row):\n\(scrolled)\n\(moved)")
    }
    try s.send("Left")
    try await settled(s, on: Self.five(around: 6))
    #expect(try s.capture() == scrolled)
  }

  @Test("a capture just before a cross-seam slide settles matches one just after the snap")
  func theSnapIsInvisible() async throws {
    let s = try start(["--day", "sunday", "--duration", "1500"])
    defer { s.close() }
    try await settled(s, on: Self.five(around: 6))
    try s.send("Right")
    // Every distinct screen of the slide, until it has stood still for a while.
    var frames = [try s.capture()]
    var still = Date()
    while Date().timeIntervalSince(still) < 0.5 {
      try await Task.sleep(for: .milliseconds(10))
      let now = try s.capture()
      if now != frames.last {
        frames.append(now)
        still = Date()
      }
    }
    let after = frames.removeLast()
    #expect(Self.headings(after) == Self.five(around: 7))
    let before = try #require(frames.last)
    // The last frame of the slide is the settled one moved by a column or a few: the
    // snap from the dummies to the real days brought no jump of its own.
    let shift = (0...6).first { d in
      (3..<(Self.height - 2)).allSatisfy { row in
        Self.cells(before.rows[row], from: d, count: Self.width - 8)
          == Self.cells(after.rows[row], from: 0, count: Self.width - 8)
      }
    }
    #expect(shift != nil, "last frames:\n\(before)\n\(after)")
  }

  @Test("columns = 1 at 200x50 shows one day, as today")
  func oneColumnShowsOneDay() async throws {
    let s = try start(["--day", "wednesday"], config: "columns = 1\n")
    defer { s.close() }
    let (day, screen) = try await s.settledDay()
    #expect(day == "Wednesday")
    #expect(Self.headings(screen) == ["Wednesday"])
    #expect(!screen.contains("│"))
  }
}
