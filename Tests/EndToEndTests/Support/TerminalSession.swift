import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// How the program under test gets its standard input.
enum Input {
  case terminal  // the pane's tty
  case pipe(fromFile: String)  // `cat FILE | program …` (keys still come from /dev/tty)
}

/// One program running in its own tmux session, under a wrapper shell that
/// - waits until the harness has attached `pipe-pane` (so every byte the program
///   writes to the terminal is logged to `output.log`),
/// - records `stty -g` before and after,
/// - runs the program in the foreground with `trap : INT` so Ctrl-C reaches it
///   (and the wrapper survives to record its status),
/// - records the program's pid and exit status (`status` appears atomically at the end),
/// - then sleeps, so the pane stays alive and its screen untouched (a dead pane under
///   `remain-on-exit` gets a "Pane is dead" line that scrolls the screen up by one).
///
/// `close()` kills the session and, if the program somehow outlived it, the program.
final class TerminalSession: @unchecked Sendable {
  let server: TmuxServer
  let name: String
  let dir: TemporaryDirectory
  private var closed = false
  private static let counter = Counter()

  /// Starts `program arguments…` in a `width`x`height` pane, in a scratch
  /// directory holding `files` (relative path → contents) and with its own config,
  /// state and home (`TemporaryDirectory.isolatedEnvironment`); `environment` is
  /// added last, so a test can still point a variable elsewhere.
  init(
    program: String, arguments: [String], input: Input = .terminal,
    width: Int = 80, height: Int = 24, environment: [String: String] = [:],
    files: [String: String] = [:]
  ) throws {
    server = try TmuxServer.get()
    dir = TemporaryDirectory.scratch()
    name = "t\(getpid())-\(TerminalSession.counter.next())"
    dir.write(files)
    let isolated = dir.isolatedEnvironment()

    let d = dir.path
    let command = ([program] + arguments).map(shellQuote).joined(separator: " ")
    let launch =
      "sh -c 'echo $$ > \"$0\"; exec \"$@\"' \(shellQuote(d + "/pid")) \(command)"
    let line: String
    switch input {
    case .terminal: line = launch
    case .pipe(let file): line = "cat \(shellQuote(file)) | \(launch)"
    }
    let exports =
      (["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"].merging(isolated) { $1 }
      .merging(environment) { $1 })
      .sorted { $0.key < $1.key }
      .map { "export \($0.key)=\(shellQuote($0.value))" }.joined(separator: "\n")
    let script = """
      trap : INT
      unset YOUBI_SCHEDULE
      \(exports)
      \(environment["TMUX"] == nil ? "unset TMUX" : "")
      cd \(shellQuote(d))
      \(shellQuote(server.tmux)) -L \(shellQuote(server.socket)) wait-for \(shellQuote("go-" + name))
      stty -g > stty-before
      echo "e2e-wrapper: starting"
      \(line)
      echo $? > status.tmp
      stty -g > stty-after
      mv status.tmp status
      echo "e2e-wrapper: exited"
      exec sleep 1000000

      """
    dir.write(script, to: "run.sh")

    try server.run([
      "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
      "sh " + shellQuote(dir("run.sh")),
    ])
    do {
      try server.run(["pipe-pane", "-t", name, "cat >> " + shellQuote(dir("output.log"))])
      try server.run(["wait-for", "-S", "go-" + name])
    } catch {
      close()
      throw error
    }
  }

  /// Starts youbi (from YOUBI_BIN) with `arguments`.
  convenience init(
    youbi arguments: [String], input: Input = .terminal, width: Int = 80, height: Int = 24,
    environment: [String: String] = [:], files: [String: String] = [:]
  ) throws {
    try self.init(
      program: try YoubiBinary.path(), arguments: arguments, input: input, width: width,
      height: height, environment: environment, files: files)
  }

  deinit { close() }

  /// Kills the session (its processes get SIGHUP), then makes sure the program is gone.
  func close() {
    if closed { return }
    closed = true
    let pid = exitStatus() == nil ? programPID : nil
    _ = try? server.run(["kill-session", "-t", name], check: false)
    if let pid, pid > 0 {
      // Give it a moment to handle SIGHUP, then make sure.
      for _ in 0..<100 where isRunning(pid) { usleep(10_000) }
      if isRunning(pid) { Glibc.kill(pid, SIGKILL) }
    }
    dir.remove()
  }
}

// Tests own their sessions with `let s = try …; defer { s.close() }` rather than a
// `withSession { s in … }` helper: Swift 6.3.1's SendNonSendable pass crashes the
// compiler on some async closures of that shape.

/// True while `pid` exists and is not a zombie.
func isRunning(_ pid: pid_t) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  let state = stat[stat.index(close, offsetBy: 2)]
  return state != "Z" && state != "X"
}

final class Counter: @unchecked Sendable {
  private var value = 0
  private let lock = NSLock()
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
