import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A terminal browser that has the terminal: Ctrl-C is its, not Youbi's.
@Suite("End to end: a terminal browser", .serialized, youbiRequired)
struct BrowserEndToEndTests {
  @Test("Ctrl-C in a terminal browser ends the browser; Youbi goes on")
  func controlCInTheBrowser() async throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    // A "w3m" (a terminal browser by its name) that says it is up, then waits.
    let browser = try dir.write(
      "bin/w3m", "#!/bin/sh\necho up > \(shellQuote(dir.path("up")))\nexec sleep 30\n")
    chmod(browser, 0o755)
    let schedule = #"{"days": {"monday": [{"title": "Alpha", "url": "https://example.com/a"}]}}"#
    let s = try startYoubi(
      ["--day", "monday", "week.json"], environment: ["BROWSER": browser],
      files: ["week.json": schedule])
    defer { s.close() }
    try await s.settle { $0.contains("Alpha") }
    try s.type("o")
    let deadline = Date().addingTimeInterval(10)
    while dir.read("up") == nil && Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(dir.read("up") != nil)
    try s.send("C-c")
    let back = try await s.waitFor("the week again") {
      $0.contains("Alpha") && ($0.rows.last ?? "").contains("w3m killed by signal 2")
    }
    #expect(s.exitStatus() == nil, "youbi ended: \(back)")
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }
}
