import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Errors raised by the end-to-end harness itself.
struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The outcome of running a helper process to completion.
struct ProcessResult: Sendable {
  var status: Int32
  var stdout: Data
  var stderr: Data
  var out: String { String(decoding: stdout, as: UTF8.self) }
  var err: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs `executable` with `arguments` and waits for it; stdout and stderr are collected.
/// `stdin` (if given) is written to the child's standard input. A child still running
/// after `timeout` seconds is killed, and the result reports status -1.
///
/// Uses `posix_spawn` with an EMPTY signal mask and DEFAULT signal dispositions: the
/// test runner's threads block and ignore most signals, and both are inherited across
/// exec. Spawned with Foundation's `Process`, the tmux server (and so every program in
/// its panes) would start with SIGTERM, SIGHUP, SIGCHLD… blocked — it then ignores
/// `kill-server`, never reaps its panes, and youbi's signal handling cannot be tested.
func runProcess(
  _ executable: String, _ arguments: [String], stdin: Data? = nil,
  environment: [String: String]? = nil, timeout: Double = 20
) throws -> ProcessResult {
  var inFds: [Int32] = [0, 0]
  var outFds: [Int32] = [0, 0]
  var errFds: [Int32] = [0, 0]
  // (pipe2 is not imported; set close-on-exec right away so other spawns don't inherit.)
  for i in 0..<3 {
    let ok: Bool =
      switch i {
      case 0: pipe(&inFds) == 0
      case 1: pipe(&outFds) == 0
      default: pipe(&errFds) == 0
      }
    guard ok else { throw HarnessError("pipe failed: errno \(errno)") }
  }
  for fd in inFds + outFds + errFds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, inFds[0], 0)
  posix_spawn_file_actions_adddup2(&actions, outFds[1], 1)
  posix_spawn_file_actions_adddup2(&actions, errFds[1], 2)

  var pid: pid_t = 0
  let rc = spawnWithDefaultSignals(
    executable, arguments, environment: environment, actions: &actions, pid: &pid)
  close(inFds[0])
  close(outFds[1])
  close(errFds[1])
  guard rc == 0 else {
    close(inFds[1])
    close(outFds[0])
    close(errFds[0])
    throw HarnessError("cannot run \(executable): errno \(rc)")
  }

  // Feed stdin and drain both pipes on background threads so nothing blocks.
  final class Box: @unchecked Sendable { var data = Data() }
  let out = Box()
  let err = Box()
  let group = DispatchGroup()
  let stdinFd = inFds[1]
  group.enter()
  DispatchQueue.global().async {
    if let stdin {
      let handle = FileHandle(fileDescriptor: stdinFd, closeOnDealloc: false)
      try? handle.write(contentsOf: stdin)
    }
    close(stdinFd)
    group.leave()
  }
  for (fd, box) in [(outFds[0], out), (errFds[0], err)] {
    group.enter()
    DispatchQueue.global().async {
      let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
      box.data = handle.readDataToEndOfFile()
      group.leave()
    }
  }

  var status: Int32 = 0
  var timedOut = false
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    let r = waitpid(pid, &status, WNOHANG)
    if r == pid { break }
    if r < 0 && errno != EINTR { throw HarnessError("waitpid failed: errno \(errno)") }
    if Date() > deadline && !timedOut {
      timedOut = true
      kill(pid, SIGKILL)
    }
    usleep(2_000)
  }
  // A child that left a grandchild holding its pipes (a daemon) must not block us.
  _ = group.wait(timeout: .now() + 5)
  let exit: Int32
  if timedOut {
    exit = -1
  } else if status & 0x7f == 0 {
    exit = (status >> 8) & 0xff
  } else {
    exit = 128 + (status & 0x7f)
  }
  return ProcessResult(status: exit, stdout: out.data, stderr: err.data)
}

/// `posix_spawn` of `executable` with `arguments`, `environment` (nil: this
/// process's) and `actions`, with no signal blocked and every signal at its
/// default action (the test runner's threads block and ignore most of them);
/// returns posix_spawn's result.
func spawnWithDefaultSignals(
  _ executable: String, _ arguments: [String], environment: [String: String]?,
  actions: inout posix_spawn_file_actions_t, pid: inout pid_t
) -> Int32 {
  var attr = posix_spawnattr_t()
  posix_spawnattr_init(&attr)
  defer { posix_spawnattr_destroy(&attr) }
  var empty = sigset_t()
  sigemptyset(&empty)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attr, &empty)
  posix_spawnattr_setsigdefault(&attr, &all)
  posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
  var cArgv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  var cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
  defer {
    for p in cArgv { free(p) }
    for p in cEnv { free(p) }
  }
  return posix_spawn(&pid, executable, &actions, &attr, &cArgv, &cEnv)
}

/// Finds an executable on PATH (plus the usual system directories).
func findExecutable(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
  for dir in dirs where !dir.isEmpty {
    let candidate = dir + "/" + name
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// A private tmux server for one test run.
///
/// - It listens on its own socket (`tmux -L youbi-e2e-<pid>`) and reads no config
///   (`-f /dev/null`), so the user's tmux and its settings are never involved.
/// - One idle session lives for the whole run, so the server never exits between
///   tests (a server whose last session ends exits, and the next `new-session` would
///   race it). That idle session is also a watchdog: it polls the test process and
///   kills the server when the test process is gone, even if it crashed.
/// - `atexit` kills the server when the test process exits normally.
/// - Status line off (the pane is the whole window: `-x 80 -y 24` gives an 80x24 pane),
///   `remain-on-exit on` (the screen can still be read after the program exits),
///   `set-clipboard on` (an OSC 52 from the program would create a paste buffer,
///   which the tests can see).
///
/// Note: `set -g window-size manual` crashes tmux 3.3a on the next detached
/// `new-session`, so it is not set; `new-session -x -y` fixes each session's size and
/// `resize-window -x -y` switches that one window to manual sizing.
final class TmuxServer: Sendable {
  let tmux: String
  let socket: String

  /// The one server for this test process, started on first use.
  static let shared: Result<TmuxServer, HarnessError> = {
    do { return .success(try TmuxServer()) } catch let error as HarnessError {
      return .failure(error)
    } catch { return .failure(HarnessError("\(error)")) }
  }()

  static func get() throws -> TmuxServer { try shared.get() }

  private init() throws {
    guard let tmux = findExecutable("tmux") else {
      throw HarnessError("tmux is not installed (run `bash scripts/deps.sh test`)")
    }
    self.tmux = tmux
    self.socket = "youbi-e2e-\(getpid())"
    // After a crash, also remove the run's scratch directories (`TemporaryDirectory.scratch`).
    let scratch = FileManager.default.temporaryDirectory.path + "/youbi-e2e-\(getpid())-"
    let watchdog =
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
      + "rm -rf '\(scratch)'*; '\(tmux)' -L '\(socket)' kill-server; exit 0"
    let started = try runProcess(
      tmux,
      [
        "-u", "-L", socket, "-f", "/dev/null",
        "new-session", "-d", "-s", "idle", "-x", "80", "-y", "24", watchdog,
        ";", "set", "-g", "status", "off",
        ";", "set", "-g", "remain-on-exit", "on",
        ";", "set", "-g", "set-clipboard", "on",
        ";", "set", "-g", "default-terminal", "tmux-256color",
        ";", "set", "-g", "history-limit", "0",
        ";", "set", "-s", "escape-time", "0",
      ])
    guard started.status == 0 else {
      throw HarnessError("cannot start tmux server: \(started.err)")
    }
    TmuxServer.registerCleanup(tmux: tmux, socket: socket)
  }

  /// Runs one tmux command (arguments after `tmux -L socket`).
  @discardableResult
  func run(_ arguments: [String], check: Bool = true) throws -> ProcessResult {
    let result = try runProcess(tmux, ["-u", "-L", socket] + arguments)
    if check && result.status != 0 {
      throw HarnessError("tmux \(arguments.joined(separator: " ")) failed: \(result.err)")
    }
    return result
  }

  func kill() {
    _ = try? runProcess(tmux, ["-L", socket, "kill-server"], timeout: 5)
  }

  nonisolated(unsafe) private static var cleanupCommand: [String] = []

  private static func registerCleanup(tmux: String, socket: String) {
    cleanupCommand = [tmux, "-L", socket, "kill-server"]
    atexit {
      // Kill the server (and with it every pane's process group) when the test
      // process exits; the watchdog in the idle session covers crashes.
      let argv = TmuxServer.cleanupCommand
      guard !argv.isEmpty else { return }
      var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
      var pid: pid_t = 0
      if posix_spawn(&pid, argv[0], nil, nil, &cArgs, environ) == 0 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
      }
      for p in cArgs { free(p) }
    }
  }
}
