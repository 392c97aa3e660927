import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The binary under test, from `YOUBI_BIN` (an absolute path; `make test` sets it).
enum YoubiBinary {
  static let environmentValue: String? = {
    let value = ProcessInfo.processInfo.environment["YOUBI_BIN"] ?? ""
    return value.isEmpty ? nil : value
  }()

  static var isConfigured: Bool { environmentValue != nil }

  static let missingReason: Comment =
    "YOUBI_BIN is not set: the end-to-end tests drive the release binary and build nothing themselves; run `make test` (it builds .build/release/youbi and sets YOUBI_BIN)"

  /// The validated path, or a clear error.
  static func path() throws -> String {
    guard let value = environmentValue else { throw HarnessError("\(missingReason)") }
    guard value.hasPrefix("/") else {
      throw HarnessError("YOUBI_BIN must be an absolute path, got '\(value)'")
    }
    guard FileManager.default.isExecutableFile(atPath: value) else {
      throw HarnessError("YOUBI_BIN='\(value)' is not an executable file (build it: make release)")
    }
    return value
  }
}

/// Quotes a string for /bin/sh.
func shellQuote(_ s: String) -> String {
  "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// A scratch directory for one test, removed by `remove()`.
final class ScratchDirectory: @unchecked Sendable {
  let url: URL
  private static let counter = Counter()

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "youbi-e2e-\(getpid())-\(ScratchDirectory.counter.next())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let p = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: p))
    return p
  }

  func read(_ name: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path(name)) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Writes `files` (paths relative to this directory → contents), making directories.
  func write(_ files: [String: String]) throws {
    for (name, text) in files {
      let url = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  /// The environment every youbi under test runs with: its own config, state and
  /// home directories here, and a `BROWSER` that only records what it was asked to
  /// open (in `browser.log`), so no test reads or writes a developer's own files or
  /// opens their browser. `YOUBI_SCHEDULE` is left out; callers unset it.
  func isolatedEnvironment() throws -> [String: String] {
    for name in ["config", "state", "home"] {
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    let browser = try write("browser", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$0.log\"\n")
    chmod(browser, 0o755)
    return [
      "XDG_CONFIG_HOME": path("config"), "XDG_STATE_HOME": path("state"), "HOME": path("home"),
      "BROWSER": browser,
    ]
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
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
  let dir: ScratchDirectory
  private var closed = false
  private static let counter = Counter()

  /// Starts `program arguments…` in a `width`x`height` pane, in a scratch
  /// directory holding `files` (relative path → contents) and with its own config,
  /// state and home (`ScratchDirectory.isolatedEnvironment`); `environment` is
  /// added last, so a test can still point a variable elsewhere.
  init(
    program: String, arguments: [String], input: Input = .terminal,
    width: Int = 80, height: Int = 24, environment: [String: String] = [:],
    files: [String: String] = [:]
  ) throws {
    server = try TmuxServer.get()
    dir = try ScratchDirectory()
    name = "t\(getpid())-\(TerminalSession.counter.next())"
    try dir.write(files)
    let isolated = try dir.isolatedEnvironment()

    let d = dir.url.path
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
      unset TMUX
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
    try dir.write("run.sh", script)

    try server.run([
      "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
      "sh " + shellQuote(dir.path("run.sh")),
    ])
    do {
      try server.run(["pipe-pane", "-t", name, "cat >> " + shellQuote(dir.path("output.log"))])
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

  // MARK: reading the screen

  /// The screen; `joinWrapped` joins rows the terminal wrapped (`capture-pane -J`).
  func capture(joinWrapped: Bool = false) throws -> Screen {
    Screen(
      styled: try server.run(
        ["capture-pane", "-p", "-e"] + (joinWrapped ? ["-J"] : []) + ["-t", name]
      ).out)
  }

  func paneTitle() throws -> String {
    try server.run(["display-message", "-p", "-t", name, "#{pane_title}"]).out
      .trimmingCharacters(in: .newlines)
  }

  func paneSize() throws -> (width: Int, height: Int) {
    let s = try server.run(["display-message", "-p", "-t", name, "#{pane_width} #{pane_height}"])
      .out.split(separator: " ").map {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
      }
    return (s[0], s[1])
  }

  /// Raw bytes the program (and wrapper) wrote to the terminal so far.
  func output() -> Data {
    FileManager.default.contents(atPath: dir.path("output.log")) ?? Data()
  }

  /// Polls the screen until `condition` holds; on timeout records the last screen and throws.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (Screen) -> Bool
  ) async throws -> Screen {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try capture()
    while !condition(last) {
      if Date() > deadline {
        throw HarnessError(
          "timed out after \(timeout)s waiting for \(what); screen:\n\(last)\nexit status: \(exitStatus().map(String.init) ?? "running")"
        )
      }
      try await Task.sleep(for: .milliseconds(20))
      last = try capture()
    }
    return last
  }

  /// Waits until the screen has stayed the same (attributes included) for `quiet`
  /// seconds — longer than any frame — and `condition` holds for it.
  @discardableResult
  func settle(
    _ what: String = "a settled screen", quiet: Double = 0.3, timeout: Double = 10,
    _ condition: (Screen) -> Bool = { _ in true }
  ) async throws -> Screen {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try capture()
    var since = Date()
    while true {
      try await Task.sleep(for: .milliseconds(25))
      let now = try capture()
      if now != last {
        last = now
        since = Date()
      } else if Date().timeIntervalSince(since) >= quiet && condition(now) {
        return now
      }
      if Date() > deadline {
        throw HarnessError(
          "timed out after \(timeout)s waiting for \(what); last screen:\n\(last)\nexit status: \(exitStatus().map(String.init) ?? "running")"
        )
      }
    }
  }

  /// Settles on a screen showing exactly one day, and returns that day.
  @discardableResult
  func settledDay(timeout: Double = 10) async throws -> (day: String, screen: Screen) {
    // One full day name on the heading, and that day's tab highlighted with the indicator
    // under it: a frame stalled mid-slide can show one full name, not all of this.
    let s = try await settle("a settled screen showing one day", timeout: timeout) {
      guard let day = $0.currentDay, let i = Screen.dayNames.firstIndex(of: day),
        let tabs = $0.tabRanges, let bar = $0.indicatorColumns
      else { return false }
      return $0.highlightsTab(i, today: todayIndex()) && bar.overlaps(tabs[i])
    }
    return (s.currentDay!, s)
  }

  // MARK: driving

  /// `send-keys` with tmux key names, all in ONE tmux command.
  func send(_ keys: String...) throws { try send(keys) }
  func send(_ keys: [String]) throws {
    try server.run(["send-keys", "-t", name] + keys)
  }
  /// Sends text literally (`send-keys -l`).
  func type(_ text: String) throws {
    try server.run(["send-keys", "-t", name, "-l", text])
  }

  /// Sends a mouse report for a cell (0-based `x`, `y`) as tmux would to a
  /// program on its default `TERM=screen`: the X10 encoding `ESC [ M Cb Cx Cy`.
  /// `button` 0 is the left button, 32 added means motion with it held; a
  /// release is button 3. The bytes go straight to the program (`send-keys -H`).
  func mouse(button: Int, x: Int, y: Int, release: Bool = false) throws {
    let cb = 32 + (release ? 3 : button)
    try raw([0x1B, 0x5B, 0x4D, UInt8(cb), UInt8(33 + x), UInt8(33 + y)])
  }

  /// Sends raw bytes to the program, as a terminal would (`send-keys -H`).
  func raw(_ bytes: [UInt8]) throws {
    try server.run(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
  }
  func raw(_ text: String) throws { try raw(Array(text.utf8)) }

  func resize(width: Int, height: Int) throws {
    try server.run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  var programPID: pid_t? {
    dir.read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  func signal(_ sig: Int32) throws {
    guard let pid = programPID else { throw HarnessError("program pid unknown") }
    guard kill(pid, sig) == 0 else { throw HarnessError("kill(\(pid), \(sig)) failed") }
  }

  // MARK: exit

  /// The program's exit status as the shell saw it, once it has exited.
  func exitStatus() -> Int32? {
    dir.read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Waits for the program to exit and for tmux to have taken in all it wrote: the
  /// wrapper prints "e2e-wrapper: exited" afterwards, and tmux handles a pane's output
  /// in order, so once that line is on screen the terminal modes can be read.
  func waitForExit(timeout: Double = 10) async throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let s = exitStatus(), try capture(joinWrapped: true).contains("e2e-wrapper: exited") {
        return s
      }
      if Date() > deadline {
        throw HarnessError(
          "program did not exit within \(timeout)s; screen:\n\((try? capture())?.description ?? "?")"
        )
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  var sttyBefore: String? { dir.read("stty-before") }
  var sttyAfter: String? { dir.read("stty-after") }

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
