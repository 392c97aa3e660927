#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// State read by signal handlers. Signal handlers cannot capture context, so
// this has to be global. Every value is written only from the main thread
// while the handlers that read it are not installed (or before they are), and
// handlers only read plain integers and pointers, write() and tcsetattr(),
// which are async-signal-safe.

/// Write end of the pipe the stop signals (SIGTERM, …) report to; -1 when none.
nonisolated(unsafe) var signalPipeWriteFD: Int32 = -1
/// The terminal to restore from a crash handler; -1 when none.
nonisolated(unsafe) var crashTTYFD: Int32 = -1
/// The terminal modes saved before ncurses started.
nonisolated(unsafe) var crashTermios: UnsafeMutablePointer<termios>? = nil
/// Precomputed bytes that leave the alternate screen, show the cursor and stop mouse reports.
nonisolated(unsafe) var crashBytes: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) var crashByteCount: Int = 0
/// The actions crash handlers replaced, by signal number (chained after restoring).
nonisolated(unsafe) var crashPreviousActions: UnsafeMutablePointer<sigaction>? = nil

/// Stop signals received since the stop handlers were installed. Only the
/// handlers touch it after that, and they block each other (see `sa_mask`).
nonisolated(unsafe) var stopSignalCount: Int32 = 0

/// The alternate stack crash handlers run on, so a stack overflow can still
/// restore the terminal (allocated once, kept for the life of the process).
nonisolated(unsafe) var crashAltStack: UnsafeMutableRawPointer? = nil
let crashAltStackSize = 64 * 1024
/// The alternate stack that was in place before ours, put back at stop().
nonisolated(unsafe) var previousAltStack = stack_t()

/// ncurses' own SIGWINCH action, which `resizeSignalHandler` runs first.
nonisolated(unsafe) var cursesResizeAction: UnsafeMutablePointer<sigaction>? = nil

/// Signals that end the process with a core dump. Swift runtime traps are
/// SIGILL on x86_64 (`ud2`) and SIGTRAP on arm64 (`brk`).
let crashSignals: [Int32] = [
  SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ,
]
let stopSignals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT, SIGINT]
let signalSlots = 65

/// Reports SIGCONT (after `fg`) to the signal pipe: the run loop re-enables
/// drags and repaints. ncurses' own SIGTSTP handler still does the suspend.
private func continueSignalHandler(_ sig: Int32) {
  let saved = errno
  var b = UInt8(truncatingIfNeeded: sig)
  if signalPipeWriteFD >= 0 { _ = write(signalPipeWriteFD, &b, 1) }
  errno = saved
}

/// Whether `sig` comes from the instruction that raised it, so it happens
/// again when the handler returns (the kernel does not let it be ignored).
private func isFault(_ sig: Int32) -> Bool {
  sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGTRAP
}

/// Puts the terminal back as the shell had it, from the precomputed bytes
/// and modes; async-signal-safe.
///
/// Output stopped with Ctrl-S is restarted so the bytes can go out: the tty
/// restarts output when IXON goes from on to off (`tcflow(TCOON)` only undoes
/// `TCOOFF`), so the saved modes are set first without IXON, then as saved.
/// The write is non-blocking so a terminal that does not drain (a hung pty)
/// cannot hang the exit.
private func restoreTerminalFromSignal() {
  guard crashTTYFD >= 0 else { return }
  let flags = fcntl(crashTTYFD, F_GETFL)
  if flags >= 0 { _ = fcntl(crashTTYFD, F_SETFL, flags | O_NONBLOCK) }
  if let t = crashTermios {
    var noFlowControl = t.pointee
    noFlowControl.c_iflag &= ~tcflag_t(IXON)
    _ = tcsetattr(crashTTYFD, TCSANOW, &noFlowControl)
  }
  if let b = crashBytes, crashByteCount > 0 { _ = write(crashTTYFD, b, crashByteCount) }
  if let t = crashTermios { _ = tcsetattr(crashTTYFD, TCSANOW, t) }
}

/// Reports the signal number to the signal pipe: the run loop does the rest.
///
/// A second stop signal while the first is still being handled (the main
/// thread may be stuck, e.g. in a write to a terminal that does not drain)
/// does not wait: it restores the terminal and exits with 128 + N.
private func stopSignalHandler(_ sig: Int32) {
  stopSignalCount += 1
  if stopSignalCount > 1 {
    restoreTerminalFromSignal()
    _exit(128 + sig)
  }
  let saved = errno
  var b = UInt8(truncatingIfNeeded: sig)
  if signalPipeWriteFD >= 0 { _ = write(signalPipeWriteFD, &b, 1) }
  errno = saved
}

/// Runs ncurses' SIGWINCH handler, then reports the resize to the signal pipe.
///
/// A resize arriving after the last `wget_wch` but before `poll` blocks, or
/// delivered to another thread, would not interrupt `poll`; the pipe byte does.
private func resizeSignalHandler(
  _ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  let saved = errno
  if let action = cursesResizeAction {
    if action.pointee.sa_flags & SA_SIGINFO != 0 {
      action.pointee.__sigaction_handler.sa_sigaction?(sig, info, context)
    } else if let handler = action.pointee.__sigaction_handler.sa_handler,
      unsafeBitCast(handler, to: Int.self) > 1  // not SIG_DFL (0) or SIG_IGN (1)
    {
      handler(sig)
    }
  }
  var b = UInt8(truncatingIfNeeded: sig)
  if signalPipeWriteFD >= 0 { _ = write(signalPipeWriteFD, &b, 1) }
  errno = saved
}

/// Puts the terminal back as the shell had it, then lets the crash proceed.
///
/// Runs on the alternate signal stack, so a stack overflow gets here too.
/// Uses only async-signal-safe calls. It reinstalls the action it replaced
/// (the default, or Swift's backtracer) and then re-raises the signal, except
/// a hardware fault, which returns so the fault happens again under that
/// action (and its backtrace shows where it happened).
private func crashSignalHandler(
  _ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  restoreTerminalFromSignal()
  if let prev = crashPreviousActions, sig >= 0, Int(sig) < signalSlots {
    _ = sigaction(sig, prev + Int(sig), nil)
  } else {
    _ = signal(sig, SIG_DFL)
  }
  // si_code <= 0: sent by kill/raise/abort (SI_USER, SI_TKILL, …); > 0: from
  // the kernel, which for a fault means the instruction faults again.
  if !isFault(sig) || info == nil || info!.pointee.si_code <= 0 { _ = raise(sig) }
}

enum SignalHandlers {
  /// Installs the stop handlers, returning the previous actions to restore.
  static func installStopHandlers() -> [(Int32, sigaction)] {
    var saved: [(Int32, sigaction)] = []
    stopSignalCount = 0
    for sig in stopSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { stopSignalHandler($0) }
      sigemptyset(&action.sa_mask)
      for other in stopSignals { sigaddset(&action.sa_mask, other) }  // one at a time
      action.sa_flags = 0  // no SA_RESTART: poll() returns EINTR (it never restarts anyway)
      var old = sigaction()
      if sigaction(sig, &action, &old) == 0 { saved.append((sig, old)) }
    }
    return saved
  }

  /// Installs the SIGCONT handler, returning the previous action to restore.
  static func installContinueHandler() -> [(Int32, sigaction)] {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { continueSignalHandler($0) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART  // poll() still returns EINTR; other calls carry on
    var old = sigaction()
    return sigaction(SIGCONT, &action, &old) == 0 ? [(SIGCONT, old)] : []
  }

  /// Wraps the SIGWINCH handler ncurses installed so a resize also writes to
  /// the signal pipe; ncurses' handler still runs first and does its work.
  static func wrapResizeHandler() {
    let current = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    current.initialize(to: sigaction())
    guard sigaction(SIGWINCH, nil, current) == 0 else {
      current.deallocate()
      return
    }
    cursesResizeAction = current
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { resizeSignalHandler($0, $1, $2) }
    action.sa_mask = current.pointee.sa_mask
    action.sa_flags = SA_SIGINFO | (current.pointee.sa_flags & SA_RESTART)
    _ = sigaction(SIGWINCH, &action, nil)
  }

  /// Puts ncurses' SIGWINCH handler back (stop() then restores the original).
  static func unwrapResizeHandler() {
    guard let action = cursesResizeAction else { return }
    _ = sigaction(SIGWINCH, action, nil)
    cursesResizeAction = nil
    action.deallocate()
  }

  /// Installs the crash handlers, on an alternate stack for this (the main)
  /// thread; call after the crash globals are set.
  ///
  /// A signal that is ignored and not a fault (SIGXFSZ, SIGXCPU, SIGSYS) is
  /// no crash, and stays ignored.
  static func installCrashHandlers() {
    if crashPreviousActions == nil {
      let p = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
      p.initialize(repeating: sigaction(), count: signalSlots)
      crashPreviousActions = p
    }
    if crashAltStack == nil { crashAltStack = malloc(crashAltStackSize) }
    if let stack = crashAltStack {
      var ss = stack_t(ss_sp: stack, ss_flags: 0, ss_size: crashAltStackSize)
      _ = sigaltstack(&ss, &previousAltStack)
    }
    for sig in crashSignals {
      let prev = crashPreviousActions! + Int(sig)
      guard sigaction(sig, nil, prev) == 0 else { continue }
      let ignored = unsafeBitCast(prev.pointee.__sigaction_handler.sa_handler, to: Int.self) == 1
      if ignored && !isFault(sig) && sig != SIGABRT { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { crashSignalHandler($0, $1, $2) }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK
      _ = sigaction(sig, &action, nil)
    }
  }

  /// Puts back the actions the crash handlers replaced, and the alternate stack.
  static func removeCrashHandlers() {
    guard let prev = crashPreviousActions else { return }
    for sig in crashSignals { _ = sigaction(sig, prev + Int(sig), nil) }
    if crashAltStack != nil { _ = sigaltstack(&previousAltStack, nil) }
  }

  /// Saves the current action of each signal.
  static func save(_ signals: [Int32]) -> [(Int32, sigaction)] {
    signals.compactMap { sig in
      var old = sigaction()
      return sigaction(sig, nil, &old) == 0 ? (sig, old) : nil
    }
  }

  static func restore(_ saved: [(Int32, sigaction)]) {
    for (sig, action) in saved {
      var a = action
      _ = sigaction(sig, &a, nil)
    }
  }
}

/// A non-blocking, close-on-exec pipe; closed when the last owner lets go.
///
/// The waker's closure holds it, so a `Waker` used after `stop()` writes into
/// a pipe nobody reads instead of into a reused file descriptor.
final class SelfPipe: Sendable {
  let readFD: Int32
  let writeFD: Int32

  init?() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }  // pipe2 is not in Swift's Glibc module
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    readFD = fds[0]
    writeFD = fds[1]
  }

  deinit {
    close(readFD)
    close(writeFD)
  }

  /// Writes one byte (thread-safe; a full pipe already means "wake up").
  func poke() {
    var b: UInt8 = 1
    _ = write(writeFD, &b, 1)
  }

  /// Reads everything pending; returns the bytes.
  func drain() -> [UInt8] {
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 64)
    while true {
      let n = buf.withUnsafeMutableBytes { read(readFD, $0.baseAddress, 64) }
      if n <= 0 { break }
      out.append(contentsOf: buf[0..<n])
    }
    return out
  }
}
