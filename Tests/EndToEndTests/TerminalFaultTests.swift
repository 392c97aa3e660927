import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program with SIGHUP blocked (as a parent may leave it), records its
/// pid and, once it ends, its exit code, in files in a directory; survives a
/// hangup itself. Usage: python3 SCRIPT DIR PROGRAM ARGS…
private let hangupBlockedRunner = """
  import os, signal, sys
  out = sys.argv[1]
  def record(name, value):
      with open(f"{out}/{name}.tmp", "w") as f:
          f.write(str(value))
      os.rename(f"{out}/{name}.tmp", f"{out}/{name}")
  signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
  pid = os.fork()
  if pid == 0:
      for sig in (signal.SIGPIPE, signal.SIGINT, signal.SIGXFSZ):
          signal.signal(sig, signal.SIG_DFL)
      os.execv(sys.argv[2], sys.argv[2:])
  record("child-pid", pid)
  _, status = os.waitpid(pid, 0)
  record("child-status", os.waitstatus_to_exitcode(status))

  """

/// Reads tmux's flags for the pane's terminal modes.
private func modes(_ s: TerminalSession) throws -> String {
  try s.server.run([
    "display-message", "-p", "-t", s.name,
    "alternate_on=#{alternate_on} mouse_button_flag=#{mouse_button_flag} mouse_sgr_flag=#{mouse_sgr_flag}",
  ]).out.trimmingCharacters(in: .newlines)
}

/// The terminal going away, signals, suspend: youbi always ends (or comes
/// back) cleanly and leaves the terminal as it found it.
@Suite("End to end: terminal faults", .serialized, youbiRequired)
struct TerminalFaultTests {
  @Test("the terminal goes away with SIGHUP blocked: youbi ends with 129, no spin")
  func hangupWithSighupBlocked() async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let runner = dir.write(hangupBlockedRunner, to: "runner.py")
    let python = try #require(findExecutable("python3"), "python3 is needed (scripts/deps.sh test)")
    let s = try TerminalSession(
      program: python,
      arguments: [
        runner, dir.path, try YoubiBinary.path(), "--labels", "en", "--day", "monday",
      ])
    defer { s.close() }
    try await s.settledDay()
    let pid = try #require(dir.text("child-pid").flatMap { pid_t($0) })
    defer { if isRunning(pid) { kill(pid, SIGKILL) } }
    try s.server.run(["kill-session", "-t", s.name])  // the pty's master side closes
    let deadline = Date().addingTimeInterval(10)
    while dir.text("child-status") == nil && Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(dir.text("child-status") == "129", "youbi did not end after the hangup")
    #expect(!isRunning(pid))
  }

  @Test(
    "a crash signal sent with kill ends youbi with that signal and restores the terminal",
    arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP])
  func crashSignals(signal: Int32) async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.signal(signal)
    // On a terminal, the Swift runtime's backtracer prints a backtrace and then
    // waits up to 30 s for a key; any key but space and D lets it go on.
    try await s.waitFor("the process to end or the backtracer to ask", timeout: 30) {
      $0.contains("any other key to quit") || s.exitStatus() != nil
    }
    if s.exitStatus() == nil { try s.type("x") }
    #expect(try await s.waitForExit(timeout: 30) == 128 + signal)
    try expectTerminalRestored(s)
  }

  @Test("Ctrl-Z gives the terminal back; fg repaints, with mouse, drags and paste on again")
  func suspendAndResume() async throws {
    // bash with job control (set -m) puts youbi in its own foreground group,
    // reports the stop, and after Enter resumes it with fg.
    let script =
      #"set -m; "$0" --labels en --day sunday; echo "stopped-$?"; read -r _; fg; echo "fg-$?""#
    let s = try TerminalSession(
      program: "/bin/bash", arguments: ["-c", script, try YoubiBinary.path()])
    defer { s.close() }
    let (_, sunday) = try await s.settledDay()
    #expect(try modes(s) == "alternate_on=1 mouse_button_flag=1 mouse_sgr_flag=1")
    try s.send("C-z")
    try await s.waitFor("the shell after Ctrl-Z") { $0.contains("stopped-148") }
    #expect(try modes(s) == "alternate_on=0 mouse_button_flag=0 mouse_sgr_flag=0")
    try s.send("Enter")
    #expect(try await s.settledDay().screen == sunday)  // fg repainted it all
    #expect(try modes(s) == "alternate_on=1 mouse_button_flag=1 mouse_sgr_flag=1")
    try s.mouse(button: 0, x: 70, y: 10)
    for x in stride(from: 64, through: 16, by: -8) { try s.mouse(button: 32, x: x, y: 10) }
    try s.mouse(button: 0, x: 16, y: 10, release: true)
    #expect(try await s.settledDay().day == "Monday")
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
    #expect(try s.capture(joinWrapped: true).contains("fg-0"))
  }

  @Test(
    "valgrind finds no errors in an interactive run",
    .enabled(
      if: findExecutable("valgrind") != nil, "valgrind is not installed (make valgrind installs it)"
    ))
  func valgrindIsClean() async throws {
    let log = TemporaryDirectory.scratch()
    defer { log.remove() }
    let s = try TerminalSession(
      program: try #require(findExecutable("valgrind")),
      arguments: [
        "--error-exitcode=99", "--log-file=\(log("valgrind.log"))", try YoubiBinary.path(),
        "--labels", "en", "--day", "monday",
      ])
    defer { s.close() }
    try await s.settledDay(timeout: 60)
    try s.send("j", "j", "Right")
    try await s.settledDay(timeout: 30)
    try s.mouse(button: 0, x: 50, y: 0)
    try s.mouse(button: 0, x: 50, y: 0, release: true)
    try s.resize(width: 100, height: 30)
    try await s.settledDay(timeout: 30)
    try s.type("q")
    let status = try await s.waitForExit(timeout: 60)
    let report = log.text("valgrind.log") ?? ""
    #expect(status == 0, "valgrind reported errors:\n\(report)")
    #expect(report.contains("ERROR SUMMARY: 0 errors"), "\(report)")
  }
}
