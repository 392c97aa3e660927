import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness proved on stand-in programs (sh, cat): these run without YOUBI_BIN.
@Suite("Harness", .serialized)
struct HarnessTests {
  @Test("a session is a fixed 80x24 pane and its screen can be read")
  func fixedSizeAndCapture() async throws {
    let s = try TerminalSession(
      program: "/bin/sh", arguments: ["-c", "echo hello-e2e; stty size; exec cat"])
    defer { s.close() }
    #expect(try s.paneSize() == (80, 24))
    let screen = try await s.waitFor("the echo") { $0.contains("24 80") }
    #expect(screen.rows.count == 24)
    #expect(screen.contains("hello-e2e"))
  }

  @Test("keys reach the program, exit status and stty are recorded")
  func keysAndExitStatus() async throws {
    let s = try TerminalSession(
      program: "/bin/sh", arguments: ["-c", "read x; echo got-$x; exit 7"])
    defer { s.close() }
    try s.type("abc")
    try s.send("Enter")
    #expect(try await s.waitForExit() == 7)
    #expect(try s.capture().contains("got-abc"))
    #expect(s.sttyBefore != nil && s.sttyBefore == s.sttyAfter)
    #expect(s.programPID != nil)
  }

  @Test("Ctrl-C reaches the program, not only the wrapper")
  func ctrlCReachesProgram() async throws {
    let s = try TerminalSession(program: "/bin/cat", arguments: [])
    defer { s.close() }
    try await s.waitFor("the wrapper") { $0.contains("e2e-wrapper: starting") }
    try s.send("C-c")
    #expect(try await s.waitForExit() == 130)
  }

  @Test("signals reach the program; the pipe input mode works")
  func signalsAndPipe() async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write("line-from-pipe\n", to: "in.txt")
    let s = try TerminalSession(
      program: "/bin/sh", arguments: ["-c", "cat; read k < /dev/tty; echo key-$k; sleep 100"],
      input: .pipe(fromFile: file))
    defer { s.close() }
    try await s.waitFor("piped text") { $0.contains("line-from-pipe") }
    try s.type("z")
    try s.send("Enter")
    try await s.waitFor("key from tty") { $0.contains("key-z") }
    try s.signal(SIGTERM)
    #expect(try await s.waitForExit() == 128 + SIGTERM)
  }

  @Test("resize-window changes the pane size; settling waits for a quiet screen")
  func resizeAndSettle() async throws {
    let s = try TerminalSession(
      program: "/bin/sh",
      arguments: [
        "-c", "i=0; while [ $i -lt 5 ]; do i=$((i+1)); echo tick-$i; sleep 0.1; done; exec cat",
      ])
    defer { s.close() }
    let screen = try await s.settle()
    #expect(screen.contains("tick-5"))
    try s.resize(width: 100, height: 30)
    #expect(try s.paneSize() == (100, 30))
    #expect(try s.capture().rows.count == 30)
  }

  @Test("closing a session ends its program")
  func closeEndsProgram() async throws {
    let s = try TerminalSession(program: "/bin/sleep", arguments: ["1000"])
    let pid = try await {
      let deadline = Date().addingTimeInterval(5)
      while Date() < deadline {
        if let p = s.programPID { return p }
        try await Task.sleep(for: .milliseconds(20))
      }
      throw HarnessError("no pid")
    }()
    s.close()
    #expect(!isRunning(pid))
  }
}
