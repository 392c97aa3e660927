import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ncurses backend of `Terminal`: shows canvases and reads keys, mouse,
/// pastes, resizes and signals from the controlling terminal.
///
/// A small facade over three parts: the `CursesScreen` (ncurses, colours,
/// drawing), the `InputReader` (poll, read, decode whole, wake) and the
/// `TerminalGuard` (signals, crash restore, the modes from before start).
/// It talks to `/dev/tty`, not stdin/stdout, so `cat file | youbi -` works.
/// Only one may run at a time (ncurses and signal handlers are per process).
/// Call `stop()` before exiting; `deinit` calls it too.
public final class CursesTerminal: Terminal {
  /// How to start the terminal.
  public struct Options: Sendable {
    /// Report mouse presses, releases, drags and the wheel.
    public var mouse: Bool
    /// The colours (when the terminal has them); `.mono` means attributes only.
    public var theme: Theme
    /// Show the terminal's cursor. Hidden or shown, it is placed after every
    /// frame where the canvas says, for screen readers and braille displays.
    public var showCursor: Bool

    /// The defaults: mouse on, the dark theme unless `NO_COLOR` asks for none, cursor hidden.
    ///
    /// `NO_COLOR` wins over any theme: it turns colour off wherever it is set.
    public init(mouse: Bool = true, theme: Theme = .dark, showCursor: Bool = false) {
      self.mouse = mouse
      self.theme = CursesTerminal.colorAllowedByEnvironment ? theme : .mono
      self.showCursor = showCursor
    }
  }

  /// False when `NO_COLOR` is set to a non-empty value (https://no-color.org).
  public static var colorAllowedByEnvironment: Bool {
    guard let v = getenv("NO_COLOR") else { return true }
    return v.pointee == 0
  }

  let screen: CursesScreen
  private let reader: InputReader
  /// Nil for a terminal on plain streams (tests, benchmarks): no signals, no tty.
  private let terminalGuard: TerminalGuard?
  /// The terminal, for its size (TIOCGWINSZ); -1 on plain streams.
  private let tty: Int32
  /// The streams opened on `/dev/tty`, closed at stop; nil when the caller owns them.
  private let ownedStreams: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)?
  private let mouse: Bool
  private var queue: [TerminalInput] = []
  private var queueHead = 0
  private(set) var stopped = false
  /// The terminal went away: nothing more will come.
  private var inputEnded = false
  /// `.endOfInput` has been returned once; later calls wait for wakes and signals.
  private var endReported = false

  /// Starts ncurses on the controlling terminal.
  ///
  /// Opens `/dev/tty`, installs the guard (signal handlers, crash restore),
  /// switches to the alternate screen and turns on mouse reporting and
  /// bracketed paste. A missing or unusable `TERM` or no terminal at all is an
  /// error value with a one-line `message`.
  ///
  /// `now` is the monotonic clock the input reader times escape sequences by.
  public convenience init(
    options: Options = Options(), now: @escaping @Sendable () -> Duration
  ) throws(CursesTerminalError) {
    guard let termEnv = getenv("TERM"), termEnv.pointee != 0 else { throw .termNotSet }
    let term = String(cString: termEnv)
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .noTerminal }
    var modes = termios()
    let inFD = tcgetattr(fd, &modes) == 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1
    guard inFD >= 0 else {
      close(fd)
      throw .noTerminal
    }
    guard let out = fdopen(fd, "w"), let inp = fdopen(inFD, "r") else {
      close(fd)
      close(inFD)
      throw .system("fdopen", errno)
    }
    let parts: (TerminalGuard, CursesScreen, InputReader)
    do throws(CursesTerminalError) {
      // Before newterm, so that ncurses, finding handlers in place, installs none.
      let terminalGuard = try TerminalGuard(tty: fd, modes: modes)
      do throws(CursesTerminalError) {
        let reader = try InputReader(
          fd: inFD, signalFD: terminalGuard.signalPipe.readFD, now: now)
        let screen = try CursesScreen(
          term: term, output: out, input: inp, theme: options.theme,
          showCursor: options.showCursor, greeting: TerminalModes.greeting(mouse: options.mouse))
        parts = (terminalGuard, screen, reader)
      } catch {
        terminalGuard.restoreModes()
        terminalGuard.remove()
        throw error
      }
    } catch {
      fclose(out)
      fclose(inp)
      throw error
    }
    self.init(
      screen: parts.1, reader: parts.2, guard: parts.0, tty: fd, ownedStreams: (out, inp),
      mouse: options.mouse)
  }

  /// Assembles the parts; every other initializer ends here.
  init(
    screen: CursesScreen, reader: InputReader, guard terminalGuard: TerminalGuard?, tty: Int32,
    ownedStreams: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)?,
    mouse: Bool
  ) {
    self.screen = screen
    self.reader = reader
    self.terminalGuard = terminalGuard
    self.tty = tty
    self.ownedStreams = ownedStreams
    self.mouse = mouse
    terminalGuard?.setRestoreBytes(
      Array(TerminalModes.restoreAfterCrash.utf8) + screen.restoreBytes)
    screen.needsRepaint = true
  }

  deinit { stop() }

  /// Gives the terminal back: modes off, `endwin`, modes as before start.
  ///
  /// Idempotent. Afterwards `stty -g` reads what it read before `init`, and
  /// the signal handlers are the ones that were there before.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    screen.send(TerminalModes.off(mouse: mouse))
    screen.close()
    terminalGuard?.restoreModes()
    terminalGuard?.remove()
    if let ownedStreams {
      fclose(ownedStreams.output)
      fclose(ownedStreams.input)
    }
  }

  // MARK: Terminal

  public var size: Size { screen.size }

  public var waker: Waker { reader.waker }

  public func draw(_ canvas: Canvas) {
    guard !stopped else { return }
    screen.draw(canvas)
  }

  /// Sends OSC 52, which asks the terminal (and tmux with `set-clipboard on`)
  /// to put `text` on the clipboard.
  public func copyToClipboard(_ text: String) { send(.clipboard(text)) }

  /// Writes a notification or the bell, as it is: `ControlSequence` made it safe.
  public func send(_ sequence: ControlSequence) {
    guard !stopped else { return }
    screen.send(String(decoding: sequence.bytes, as: UTF8.self))
  }

  /// Leaves curses for the time `body` runs, as an editor launched from git
  /// does: modes off, the main screen and the shell's modes; then the
  /// program's modes, mouse and paste again, and a full repaint.
  ///
  /// Signals that arrive meanwhile are kept for `nextInput` (a stop signal
  /// then ends the run); none forces an exit while `body` has the terminal.
  /// Ctrl-Z stops the whole job, as it would any other.
  public func handOver(_ body: () -> Void) {
    guard !stopped else { return body() }
    leaveCurses()
    terminalGuard?.beginHandOver()
    body()
    terminalGuard?.endHandOver()
    returnToCurses()
  }

  /// Returns the next input, waiting at most `timeout` (nil: no limit).
  public func nextInput(timeout: Duration?) -> TerminalInput? {
    let deadline = timeout.map { reader.now() + $0 }
    while true {
      if let e = dequeue() { return e }
      if stopped { return .endOfInput }
      if inputEnded && !endReported {
        // Said once; the program may still be finishing work whose results
        // come back as wakes (a last save), so later calls wait for those.
        endReported = true
        return .endOfInput
      }
      guard let events = reader.wait(until: deadline) else { return nil }
      for event in events { handle(event) }
    }
  }

  // MARK: Events

  private func handle(_ event: InputReader.Event) {
    switch event {
    case .decoded(.key(let key)):
      // Ctrl-L redraws the whole screen, as in less, vim and htop: whatever another
      // program wrote over it goes. The key still reaches the program, which draws.
      if key == .char("\u{0C}") { screen.needsRepaint = true }
      enqueue(.key(key))
    case .decoded(.mouse(let m)): if mouse { enqueue(.mouse(m)) }
    case .decoded(.paste(let text)): enqueue(.paste(text))
    case .decoded(.modeReport(let mode, let setting)):
      // 1 set, 2 reset: the terminal has the mode. 0 unknown, 4 permanently reset: it has not.
      if mode == 2026 { screen.synchronizedOutput = setting == 1 || setting == 2 }
    case .signal(let sig): handle(signal: sig)
    case .woken: enqueue(.woken)
    case .hangUp:
      inputEnded = true
      enqueue(.terminated(signal: SIGHUP))
    }
  }

  private func handle(signal sig: Int32) {
    switch sig {
    case SIGWINCH: resized()
    case SIGCONT: resumed()
    case SIGTSTP: suspend()
    default: enqueue(.terminated(signal: sig))
    }
  }

  /// Takes the terminal's size from the tty and repaints in full.
  private func resized() {
    var ws = winsize()
    if tty >= 0, ioctl(tty, UInt(TIOCGWINSZ), &ws) == 0 {
      screen.resize(to: Size(width: Int(ws.ws_col), height: Int(ws.ws_row)))
    }
    screen.needsRepaint = true
    enqueueResize()
  }

  /// After `fg` (SIGCONT) when someone else stopped us (SIGSTOP): the shell
  /// may have changed modes and drawn on the screen meanwhile.
  func resumed() { returnToCurses() }

  /// Ctrl-Z: hands the terminal back, stops, and on `fg` takes it again.
  private func suspend() {
    guard let terminalGuard else { return }
    leaveCurses()
    terminalGuard.suspendProcess()
    // Reports from before the stop: a second Ctrl-Z must not stop us again,
    // and the resume is handled right here.
    for sig in reader.pendingSignals() where sig != SIGTSTP && sig != SIGCONT {
      handle(signal: sig)
    }
    returnToCurses()
  }

  private func leaveCurses() {
    screen.send(TerminalModes.off(mouse: mouse))
    screen.leave()
  }

  /// The program's modes, mouse and paste on again, the size read afresh,
  /// and a `.resized` so the app draws a frame, which repaints it all.
  private func returnToCurses() {
    screen.enter()
    screen.send(TerminalModes.on(mouse: mouse))
    resized()
  }

  /// Queues `.resized` with the current size, replacing one still queued last.
  private func enqueueResize() {
    let s = size
    if let lastIndex = queue.indices.last, lastIndex >= queueHead, case .resized = queue[lastIndex]
    {
      queue[lastIndex] = .resized(s)
    } else {
      enqueue(.resized(s))
    }
  }

  private func enqueue(_ e: TerminalInput) { queue.append(e) }

  private func dequeue() -> TerminalInput? {
    guard queueHead < queue.count else {
      if queueHead > 0 {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      return nil
    }
    defer { queueHead += 1 }
    return queue[queueHead]
  }
}
