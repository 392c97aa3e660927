#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// What signal handlers read. Handlers cannot capture context, so this has to
// be global, and this file alone holds it. Each value is written on the main
// thread while no handler that reads it can run (before install, after
// removal, or published count-last), and handlers only read plain integers and
// pointers and call async-signal-safe functions (write, tcsetattr, fcntl,
// sigaction, raise, _exit).

/// Write end of the pipe every caught signal is reported to; -1 when none.
nonisolated(unsafe) private var signalPipeFD: Int32 = -1
/// The terminal a crash handler restores; -1 when none.
nonisolated(unsafe) private var crashTTY: Int32 = -1
/// The terminal modes from before start.
nonisolated(unsafe) private var crashModes: UnsafeMutablePointer<termios>? = nil
/// Bytes that end curses' modes (mouse, paste, alternate screen, hidden cursor).
nonisolated(unsafe) private var crashBytes: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) private var crashByteCount = 0
/// Terminating signals since install (hand-over excepted). Handlers for them
/// block one another (`sa_mask`), so only one handler touches it at a time.
nonisolated(unsafe) private var stopSignalCount: Int32 = 0
/// True while another program has the terminal: signals are only reported.
nonisolated(unsafe) private var handingOver = false
/// The actions the crash handlers replaced, by signal number (run before dying).
nonisolated(unsafe) private var crashPreviousActions: UnsafeMutablePointer<sigaction>? = nil
/// The alternate stack crash handlers run on, so a stack overflow can still
/// restore the terminal (allocated once, kept for the life of the process).
nonisolated(unsafe) private var crashAltStack: UnsafeMutableRawPointer? = nil
nonisolated(unsafe) private var previousAltStack = stack_t()

private let crashAltStackSize = 64 * 1024
private let signalSlots = 65

/// Reports `sig` to the signal pipe, keeping errno: the one thing every
/// reporting handler does.
private func reportSignal(_ sig: Int32) {
  let saved = errno
  var b = UInt8(truncatingIfNeeded: sig)
  if signalPipeFD >= 0 { _ = write(signalPipeFD, &b, 1) }
  errno = saved
}

/// Puts the terminal back as the shell had it; async-signal-safe.
///
/// Output stopped with Ctrl-S is restarted so the bytes can go out: the tty
/// restarts output when IXON goes from on to off (`tcflow(TCOON)` only undoes
/// `TCOOFF`), so the saved modes are set first without IXON, then as saved.
/// The write is non-blocking so a terminal that does not drain (a hung pty)
/// cannot hang the exit.
private func restoreTerminal() {
  guard crashTTY >= 0 else { return }
  let flags = fcntl(crashTTY, F_GETFL)
  if flags >= 0 { _ = fcntl(crashTTY, F_SETFL, flags | O_NONBLOCK) }
  if let t = crashModes {
    var noFlowControl = t.pointee
    noFlowControl.c_iflag &= ~tcflag_t(IXON)
    _ = tcsetattr(crashTTY, TCSANOW, &noFlowControl)
  }
  if let b = crashBytes, crashByteCount > 0 { _ = write(crashTTY, b, crashByteCount) }
  if let t = crashModes { _ = tcsetattr(crashTTY, TCSANOW, t) }
}

/// A signal whose default action ends the process: reported to the signal
/// pipe, so the run loop can save what it must and exit with 128 + N.
///
/// A second one while the first is still being handled (the main thread may
/// be stuck, e.g. writing to a terminal that does not drain) does not wait:
/// it restores the terminal and exits. While the terminal is handed over the
/// main thread is busy by design, so signals are only reported, none lost.
private func stopSignalHandler(_ sig: Int32) {
  if !handingOver {
    stopSignalCount += 1
    if stopSignalCount > 1 {
      restoreTerminal()
      _exit(128 + sig)
    }
  }
  reportSignal(sig)
}

/// Restores the terminal, lets the action it replaced see the crash (Swift's
/// backtracer prints where it happened), then ends the process with the signal.
///
/// Runs on the alternate stack, so a stack overflow gets here too. Whatever
/// the earlier handler does or returns, the process ends: the action is
/// reset to the default and the signal raised again (it is not blocked here,
/// `SA_NODEFER`), for faults and for signals sent with `kill` alike.
private func crashSignalHandler(
  _ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  restoreTerminal()
  if let previous = crashPreviousActions, sig > 0, Int(sig) < signalSlots {
    let action = previous[Int(sig)]
    if action.sa_flags & SA_SIGINFO != 0 {
      action.__sigaction_handler.sa_sigaction?(sig, info, context)
    } else if let handler = action.__sigaction_handler.sa_handler,
      unsafeBitCast(handler, to: Int.self) > 1  // not SIG_DFL (0) or SIG_IGN (1)
    {
      handler(sig)
    }
  }
  _ = signal(sig, SIG_DFL)
  _ = raise(sig)
  _exit(128 + sig)
}

/// Owns everything process-wide the backend changes: signal actions, the
/// signal pipe, the crash restore and the terminal modes from before start.
///
/// Installed once, before `newterm` (so ncurses, seeing handlers in place,
/// installs none of its own), and removed once, after curses is gone.
/// Only one may exist at a time.
final class TerminalGuard {
  /// Terminating signals that are always caught, as the user expects Ctrl-C and `kill` to work.
  static let classicStopSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// Every other signal whose default action ends the process, caught unless it is ignored.
  static let otherStopSignals: [Int32] =
    [SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGSTKFLT, SIGVTALRM, SIGPROF, SIGIO, SIGPWR]
    + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
  /// Signals that dump core by default. Swift runtime traps are SIGILL on
  /// x86_64 (`ud2`) and SIGTRAP on arm64 (`brk`).
  static let crashSignals: [Int32] = [
    SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ,
  ]
  /// Signals that only inform: a resize, a resume (`fg`), a suspend (Ctrl-Z).
  static let reportedSignals: [Int32] = [SIGWINCH, SIGCONT, SIGTSTP]

  /// The pipe every caught signal writes its number to.
  let signalPipe: SelfPipe
  private let tty: Int32
  private let modes: termios?
  private var savedActions: [(Int32, sigaction)] = []
  private var installed = true

  /// Installs every handler; `tty` is restored to `modes` on a crash and at `remove()`.
  init(tty: Int32, modes: termios?) throws(CursesTerminalError) {
    precondition(signalPipeFD < 0, "only one TerminalGuard at a time")
    guard let pipe = SelfPipe() else { throw .system("pipe", errno) }
    signalPipe = pipe
    self.tty = tty
    self.modes = modes
    if let modes {
      let p = UnsafeMutablePointer<termios>.allocate(capacity: 1)
      p.initialize(to: modes)
      crashModes = p
    }
    crashTTY = tty
    signalPipeFD = pipe.writeFD
    stopSignalCount = 0
    handingOver = false

    let stopSignals = Self.classicStopSignals + Self.otherStopSignals
    for sig in stopSignals {
      guard Self.classicStopSignals.contains(sig) || Self.isDefault(sig) else { continue }
      install(sig, handler: { stopSignalHandler($0) }, blocking: stopSignals)
    }
    for sig in Self.reportedSignals { install(sig, handler: { reportSignal($0) }, blocking: []) }
    installCrashHandlers()
  }

  /// Sets the bytes a crash handler writes to leave curses (published count-last).
  func setRestoreBytes(_ bytes: [UInt8]) {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
    buffer.initialize(from: bytes, count: bytes.count)
    let old = crashBytes
    crashByteCount = 0
    crashBytes = buffer
    crashByteCount = bytes.count
    old?.deallocate()
  }

  /// Puts the terminal modes from before start back.
  func restoreModes() {
    guard var t = modes else { return }
    _ = tcsetattr(tty, TCSADRAIN, &t)
  }

  /// Puts back every action and the alternate stack, and forgets the terminal. Idempotent.
  func remove() {
    guard installed else { return }
    installed = false
    Self.restore(savedActions.reversed())
    savedActions = []
    if crashAltStack != nil { _ = sigaltstack(&previousAltStack, nil) }
    signalPipeFD = -1
    crashTTY = -1
    crashByteCount = 0
    crashBytes?.deallocate()
    crashBytes = nil
    crashModes?.deallocate()
    crashModes = nil
  }

  deinit { remove() }

  // MARK: Hand-over and suspend

  /// While another program has the terminal: stop signals are reported (the
  /// run loop acts on them afterwards) but never force an exit, and Ctrl-Z
  /// stops the whole job, this process included, as it would any shell job.
  ///
  /// Ctrl-C and Ctrl-\\ are the other program's, as `system(3)` has them: Youbi
  /// ignores SIGINT and SIGQUIT until it has the terminal back (the program
  /// starts with every signal at its default action).
  func beginHandOver() {
    handingOver = true
    _ = signal(SIGTSTP, SIG_DFL)
    _ = signal(SIGINT, SIG_IGN)
    _ = signal(SIGQUIT, SIG_IGN)
  }

  /// Back from `beginHandOver`.
  func endHandOver() {
    let stopSignals = Self.classicStopSignals + Self.otherStopSignals
    for sig in [SIGINT, SIGQUIT] {
      install(sig, handler: { stopSignalHandler($0) }, blocking: stopSignals, save: false)
    }
    install(SIGTSTP, handler: { reportSignal($0) }, blocking: [], save: false)
    handingOver = false
  }

  /// Stops this process as Ctrl-Z would have, returning once it is continued (`fg`).
  ///
  /// Call after the terminal was given back to the shell. SIGTSTP's handler
  /// only reported it; this does the stop itself, with the default action.
  func suspendProcess() {
    _ = signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    var old = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &set, &old)
    _ = raise(SIGTSTP)  // the process stops here until SIGCONT
    pthread_sigmask(SIG_SETMASK, &old, nil)
    install(SIGTSTP, handler: { reportSignal($0) }, blocking: [], save: false)
  }

  // MARK: Installing

  private func install(
    _ sig: Int32, handler: @convention(c) (Int32) -> Void, blocking: [Int32], save: Bool = true
  ) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    for other in blocking { sigaddset(&action.sa_mask, other) }
    action.sa_flags = SA_RESTART  // poll() still wakes: the pipe byte makes it readable
    var old = sigaction()
    if sigaction(sig, &action, &old) == 0 && save { savedActions.append((sig, old)) }
  }

  /// Installs the crash handlers on an alternate stack for this (the main) thread.
  ///
  /// A signal that is ignored and not a fault (SIGXFSZ, SIGXCPU, SIGSYS) is
  /// no crash, and stays ignored.
  private func installCrashHandlers() {
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
    for sig in Self.crashSignals {
      let previous = crashPreviousActions! + Int(sig)
      guard sigaction(sig, nil, previous) == 0 else { continue }
      let ignored =
        unsafeBitCast(previous.pointee.__sigaction_handler.sa_handler, to: Int.self) == 1
      if ignored && [SIGSYS, SIGXCPU, SIGXFSZ].contains(sig) { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { crashSignalHandler($0, $1, $2) }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK
      if sigaction(sig, &action, nil) == 0 { savedActions.append((sig, previous.pointee)) }
    }
  }
}
