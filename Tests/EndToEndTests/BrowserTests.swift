import Foundation
import TestSupport
import Testing

/// A terminal browser that has the terminal: Ctrl-C is its, not Youbi's.
@Suite("End to end: a terminal browser", .serialized, youbiRequired)
struct BrowserEndToEndTests {
  /// Ctrl-C while a terminal browser had the terminal once ended Youbi too: the
  /// browser ran in Youbi's process group. Youbi ignores SIGINT and SIGQUIT while it
  /// waits (as system(3) does); the browser, reset to the default, ends.
  @Test("Ctrl-C in a terminal browser ends the browser; Youbi goes on and its screen returns")
  func controlCInTheBrowser() async throws {
    let tools = TemporaryDirectory()
    defer { tools.remove() }
    // A "w3m" (a terminal browser by its name) that shows the link, then waits for a line.
    let browser = tools.write(
      "#!/bin/sh\nprintf 'fake w3m showing %s\\n' \"$1\"\nread line\n", to: "bin/w3m",
      executable: true)
    let schedule = #"{"days": {"monday": [{"title": "Alpha", "url": "https://example.com/a"}]}}"#
    let s = try startYoubi(
      ["--day", "monday", "week.json"], environment: ["BROWSER": browser],
      files: ["week.json": schedule])
    defer { s.close() }
    try await s.settle { $0.contains("Alpha") }
    try s.type("o")
    try await s.settle("the browser's screen") {
      $0.contains("fake w3m showing https://example.com/a")
    }
    try s.send("C-c")
    let back = try await s.settle("the week again") {
      $0.contains("Alpha") && ($0.rows.last ?? "").contains("w3m killed by signal 2")
    }
    #expect(s.exitStatus() == nil, "youbi ended: \(back)")
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }
}
