import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// How a child process ended.
enum ChildEnd: Equatable, CustomStringConvertible {
  case exited(Int32)
  case killed(by: Int32)

  init(_ status: Int32) {
    self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: status & 0x7F)
  }

  var description: String {
    switch self {
    case .exited(let code): "exited \(code)"
    case .killed(let sig): "killed by signal \(sig)"
    }
  }
}

/// Runs `body` in a child process with a `TerminalGuard` that restores into a
/// pipe (as if the pipe were the terminal, with restore bytes "RESTORED"),
/// every guarded signal at its default action and unblocked first, and no core
/// files. With `handlerThatReturns`, that signal first gets a handler that does
/// nothing, as Swift's backtracer returns after printing. `body` may write to
/// the pipe; its return value is the exit status. Returns what reached the
/// pipe and how the child ended.
private func withGuardInChild(
  handlerThatReturns: Int32? = nil, _ body: (TerminalGuard, Int32) -> Int32
) -> (output: String, end: ChildEnd) {
  var fds: [Int32] = [-1, -1]
  #expect(pipe(&fds) == 0)
  let pid = fork()
  if pid == 0 {
    close(fds[0])
    var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
    var all = sigset_t()
    sigfillset(&all)
    _ = pthread_sigmask(SIG_UNBLOCK, &all, nil)
    let guarded =
      TerminalGuard.classicStopSignals + TerminalGuard.otherStopSignals
      + TerminalGuard.crashSignals + TerminalGuard.reportedSignals
    for sig in guarded { _ = signal(sig, SIG_DFL) }
    if let sig = handlerThatReturns { _ = signal(sig, { _ in }) }
    guard let terminalGuard = try? TerminalGuard(tty: fds[1], modes: nil) else { _exit(90) }
    terminalGuard.setRestoreBytes(Array("RESTORED".utf8))
    _exit(body(terminalGuard, fds[1]))
  }
  close(fds[1])
  var status: Int32 = 0
  _ = waitpid(pid, &status, 0)
  var bytes: [UInt8] = []
  var buf = [UInt8](repeating: 0, count: 256)
  while true {
    let n = read(fds[0], &buf, buf.count)
    if n <= 0 { break }
    bytes += buf[0..<n]
  }
  close(fds[0])
  return (String(decoding: bytes, as: UTF8.self), ChildEnd(status))
}

/// Writes `text` to `fd`.
private func say(_ fd: Int32, _ text: String) {
  var b = Array(text.utf8)
  _ = write(fd, &b, b.count)
}

/// Recurses until the stack overflows (the addition after the call keeps it
/// from becoming a loop).
@inline(never) private func overflowStack(_ n: Int) -> Int {
  n == 0 ? 0 : overflowStack(n &+ 1) &+ n
}

extension ProcessWideTests {
  @Suite struct Guard {
    static let stopSignals: [Int32] = [
      SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF,
      SIGIO, SIGPWR, __libc_current_sigrtmin() + 1,
    ]

    /// A signal that ends the process by default is reported through the
    /// signal pipe, so the run loop can save state and exit with 128 + N.
    @Test(arguments: stopSignals)
    func stopSignalsAreReportedNotFatal(sig: Int32) {
      let (output, end) = withGuardInChild { g, fd in
        _ = raise(sig)
        say(fd, "reported \(g.signalPipe.drain())")
        return 0
      }
      #expect(output == "reported [\(sig)]")
      #expect(end == .exited(0))
    }

    /// A second stop signal while the first waits (the main thread may be
    /// stuck) restores the terminal and exits at once.
    @Test(arguments: [SIGTERM, SIGUSR1])
    func secondStopSignalRestoresAndExits(sig: Int32) {
      let (output, end) = withGuardInChild { _, _ in
        _ = raise(sig)
        _ = raise(sig)
        return 0
      }
      #expect(output == "RESTORED")
      #expect(end == .exited(128 + sig))
    }

    /// While the terminal is handed over, stop signals are kept, never fatal; Ctrl-C and
    /// Ctrl-\\ are the other program's (ignored here, as `system(3)` does), and caught
    /// again afterwards.
    @Test func handOverKeepsStopSignalsForLater() {
      let (output, end) = withGuardInChild { g, fd in
        g.beginHandOver()
        _ = raise(SIGINT)
        _ = raise(SIGQUIT)
        _ = raise(SIGTERM)
        g.endHandOver()
        let kept = g.signalPipe.drain()
        _ = raise(SIGINT)  // caught again afterwards
        say(fd, "kept \(kept) then \(g.signalPipe.drain())")
        return 0
      }
      #expect(output == "kept [\(SIGTERM)] then [\(SIGINT)]")
      #expect(end == .exited(0))
    }

    /// A crash signal sent with `kill` restores the terminal and ends the
    /// process with that signal, even when the handler that was there before
    /// (Swift's backtracer, here a stand-in) returns instead of ending it.
    @Test(arguments: TerminalGuard.crashSignals)
    func sentCrashSignalsRestoreAndAlwaysKill(sig: Int32) {
      let (output, end) = withGuardInChild(handlerThatReturns: sig) { _, _ in
        _ = kill(getpid(), sig)
        return 0
      }
      #expect(output == "RESTORED")
      #expect(end == .killed(by: sig))
    }

    @Test(arguments: [true, false])
    func stackOverflowStillRestoresTheTerminal(previousHandler: Bool) {
      let (output, end) = withGuardInChild(handlerThatReturns: previousHandler ? SIGSEGV : nil) {
        _, _ in
        Int32(truncatingIfNeeded: overflowStack(1))
      }
      #expect(output == "RESTORED")
      #expect(end == .killed(by: SIGSEGV))
    }

    @Test func removePutsEveryActionBack() {
      let (output, end) = withGuardInChild { g, fd in
        g.remove()
        let untouched = (TerminalGuard.classicStopSignals + TerminalGuard.crashSignals).allSatisfy {
          var a = sigaction()
          sigaction($0, nil, &a)
          return unsafeBitCast(a.__sigaction_handler.sa_handler, to: Int.self) == 0
        }
        say(fd, "\(untouched)")
        return 0
      }
      #expect(output == "true")
      #expect(end == .exited(0))
    }
  }
}
