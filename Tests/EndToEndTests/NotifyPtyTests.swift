import Foundation
import TestSupport
import Testing

/// The notifications again, on a raw pseudo-terminal with no tmux between youbi and
/// the test: Python's `pty` module runs youbi, keeps every byte it writes, presses q once
/// the sequence is out, and hands the bytes back (base64) with the exit status.
@Suite("End to end: notifications in a raw pty", .serialized, youbiRequired)
struct NotifyPtyTests {
  static let driver = #"""
    import base64, os, pty, select, sys, time
    marker = base64.b64decode(sys.argv[1])
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.argv[2], sys.argv[2:])
    out = b""
    deadline = time.time() + 30
    quit_at = None
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        if quit_at is None and marker in out:
            quit_at = time.time() + 0.5
        if quit_at is not None and time.time() >= quit_at:
            os.write(fd, b"q")
            quit_at = deadline + 1
    _, status = os.waitpid(pid, 0)
    print(base64.b64encode(out).decode())
    print(os.waitstatus_to_exitcode(status))
    """#

  /// Runs youbi on a pty until `marker` is out; its bytes and exit status.
  func run(_ via: String, marker: String, environment extra: [String: String] = [:]) throws
    -> (bytes: Data, status: Int32)
  {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write(SoonRelease(via: via).files)
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "UTC"
    environment["TMUX"] = nil
    environment.merge(extra) { $1 }
    let python = try #require(findExecutable("python3"), "python3 is not installed")
    let r = try runProcess(
      python,
      ["-c", Self.driver, Data(marker.utf8).base64EncodedString(), try YoubiBinary.path()],
      environment: environment, timeout: 40)
    let lines = r.out.split(separator: "\n")
    #expect(r.status == 0 && lines.count == 2, "\(r.err)")
    return (Data(base64Encoded: String(lines.first ?? "")) ?? Data(), Int32(lines.last ?? "") ?? -1)
  }

  @Test(
    "each OSC form reaches the terminal with the hostile title inside it",
    arguments: [
      ("osc9", "\u{1B}]9;", "\u{07}"), ("osc777", "\u{1B}]777;notify;", "\u{07}"),
      ("osc99", "\u{1B}]99;i=youbi:d=1:e=1:p=body;", "\u{1B}\\"),
    ])
  func oscForms(via: String, begin: String, end: String) throws {
    let (bytes, status) = try run(via, marker: begin)
    #expect(status == 0)
    let body = try #require(between(bytes, Array(begin.utf8), Array(end.utf8)))
    #expect(staysInside(body), "\(body)")
    #expect([UInt8](bytes).ranges(of: Array(begin.utf8)).count == 1)
  }

  @Test("auto in kitty picks OSC 99, and in an unknown terminal rings the bell")
  func auto() throws {
    let kitty = try run("auto", marker: "\u{1B}]99;", environment: ["KITTY_WINDOW_ID": "1"])
    #expect(kitty.status == 0)
    #expect(between(kitty.bytes, Array("\u{1B}]99;".utf8), Array("\u{1B}\\".utf8)) != nil)
    let plain = try run("auto", marker: "Out: Hostile", environment: ["TERM": "xterm-256color"])
    #expect(plain.status == 0)
    #expect([UInt8](plain.bytes).contains(0x07))
    #expect(!String(decoding: plain.bytes, as: UTF8.self).contains("\u{1B}]9;"))
  }
}
