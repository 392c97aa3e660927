import Testing

/// The mouse in a real terminal: xterm SGR reports written to youbi's tty.
@Suite("End to end: mouse", .serialized, youbiRequired)
struct MouseTests {
  @Test("clicking a tab slides to that day; clicking 'next ›' steps")
  func clickTabAndHint() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    // 80 columns: seven tabs of 11 from column 1; Friday's is 45…55.
    try s.mouse(button: 0, x: 50, y: 0)
    try s.mouse(button: 0, x: 50, y: 0, release: true)
    #expect(try await s.settledDay().day == "Friday")
    // The hints row is second from the bottom; "Sat ›" sits at its right end.
    try s.mouse(button: 0, x: 77, y: 22)
    try s.mouse(button: 0, x: 77, y: 22, release: true)
    #expect(try await s.settledDay().day == "Saturday")
  }

  @Test("dragging left past half a page swipes to the next day, across the seam")
  func dragSwipes() async throws {
    let s = try startYoubi(["--day", "sunday"])
    defer { s.close() }
    try await s.settledDay()
    try s.mouse(button: 0, x: 70, y: 10)
    for x in stride(from: 64, through: 16, by: -8) { try s.mouse(button: 32, x: x, y: 10) }
    try s.mouse(button: 0, x: 16, y: 10, release: true)
    #expect(try await s.settledDay().day == "Monday")
  }

  @Test("a short drag that stops before letting go springs back")
  func cancelledDrag() async throws {
    let s = try startYoubi(["--day", "wednesday"])
    defer { s.close() }
    let (_, before) = try await s.settledDay()
    try s.mouse(button: 0, x: 40, y: 10)
    try s.mouse(button: 32, x: 34, y: 10)
    try await s.waitFor("the page follows the drag", timeout: 3) { $0 != before }
    // The finger rests: the page stays where the drag left it for longer than a
    // flick lasts (youbi takes a release 100 ms after the last motion as a rest).
    // Any delay on a loaded machine only makes the rest longer.
    try await s.settle("the page resting under the finger", quiet: 0.3) { $0 != before }
    try s.mouse(button: 0, x: 34, y: 10, release: true)
    let (day, after) = try await s.settledDay()
    #expect(day == "Wednesday")
    #expect(after == before)
  }

  @Test(
    "escape sequences youbi ignores (motion with no button, focus, OSC, Insert, Alt+key) are not an Escape press"
  )
  func unknownSequencesDoNotQuit() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    let (_, before) = try await s.settledDay()
    let sequences = [
      "\u{1B}[<35;51;1M", "\u{1B}[I", "\u{1B}[O", "\u{1B}]11;rgb:0/0/0\u{07}", "\u{1B}[2~",
      "\u{1B}x",
    ]
    for sequence in sequences {
      try s.raw(sequence)
    }
    try s.send("Right")
    #expect(try await s.settledDay().day == "Tuesday")
    try s.send("Left")
    #expect(try await s.settledDay().screen == before)
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }
}
