/// A key the user pressed, as the backend decoded it.
public enum Key: Equatable, Hashable, Sendable {
  /// A printable character or a control character (Ctrl-A is U+0001).
  case char(Unicode.Scalar)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab, backTab
  case function(Int)

  /// Ctrl-C read as a key (raw input, where the terminal sends no SIGINT): it means
  /// "stop" wherever focus is.
  public static let interrupt = Key.char("\u{03}")
}

/// A mouse action at a cell.
public struct MouseEvent: Equatable, Hashable, Sendable {
  public enum Kind: Equatable, Hashable, Sendable {
    case press, release, drag, wheelUp, wheelDown
  }

  public var kind: Kind
  public var x: Int
  public var y: Int

  public init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}

/// Something that reached the program from its terminal.
public enum TerminalInput: Equatable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// Text pasted with bracketed paste: typed by nobody, so never read as keys.
  ///
  /// Untrusted, exactly as the terminal sent it.
  case paste(String)
  /// The terminal now has this size.
  case resized(Size)
  /// Another thread called the terminal's waker (e.g. a load finished).
  case woken
  /// A signal asked the program to stop (SIGTERM, SIGHUP, SIGQUIT, SIGINT, …), or the
  /// terminal went away, which counts as SIGHUP.
  case terminated(signal: Int32)
  /// No input will ever come again: the terminal was stopped, or a test script ran out.
  case endOfInput
}

/// Wakes a terminal blocked in `nextInput` from any thread.
public struct Waker: Sendable {
  private let action: @Sendable () -> Void
  private let started: @Sendable () -> Void
  private let ended: @Sendable () -> Void

  /// `action` interrupts the wait; `started` and `ended` hear of work on other
  /// threads (a terminal on a simulated clock waits for it; a real one need not).
  public init(
    _ action: @escaping @Sendable () -> Void, started: @escaping @Sendable () -> Void = {},
    ended: @escaping @Sendable () -> Void = {}
  ) {
    self.action = action
    self.started = started
    self.ended = ended
  }

  public func wake() { action() }

  /// Work that will hand back a result has started on another thread.
  public func workStarted() { started() }

  /// That work has handed its result back: wakes the wait.
  public func workEnded() {
    ended()
    action()
  }
}

/// What the app needs from a terminal: its size, a way to show a canvas, and input.
///
/// The terminal keeps no time: the run loop reads an injected clock and passes
/// timeouts in. The ncurses backend implements it for real; the tests' `TestTerminal`
/// records canvases and replays scripted input on a clock the test controls.
public protocol Terminal: AnyObject {
  /// The current size in cells.
  var size: Size { get }
  /// Shows `canvas` (the backend sends only what changed) and leaves the
  /// terminal's cursor at `canvas.cursor`.
  func draw(_ canvas: Canvas)
  /// Waits for the next input, at most `timeout` (nil: no limit). Returns nil
  /// when the time is up with nothing to report.
  func nextInput(timeout: Duration?) -> TerminalInput?
  /// A handle other threads use to interrupt `nextInput` with `.woken`.
  var waker: Waker { get }
  /// Puts `text` on the system clipboard through the terminal (OSC 52).
  func copyToClipboard(_ text: String)
  /// Writes `sequence` as it is, between frames: a notification or the bell. Its
  /// constructors made it safe, so a backend needs no check of its own.
  func send(_ sequence: ControlSequence)
  /// Gives the terminal to another program for the time `body` runs (a
  /// terminal browser), then takes it back and repaints.
  func handOver(_ body: () -> Void)
}
