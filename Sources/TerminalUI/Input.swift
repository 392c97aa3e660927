/// A key the user pressed, as the backend decoded it.
public enum Key: Equatable, Hashable, Sendable {
  /// A printable character or a control character (Ctrl-A is U+0001).
  case char(Unicode.Scalar)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab, backTab
  case function(Int)
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
  /// The terminal now has this size.
  case resized(Size)
  /// Another thread called the terminal's waker (e.g. a load finished).
  case woken
  /// A signal asked the program to stop (SIGTERM, SIGHUP, SIGQUIT, SIGINT).
  case terminated(signal: Int32)
}

/// Wakes a terminal blocked in `nextInput` from any thread.
public struct Waker: Sendable {
  private let action: @Sendable () -> Void
  public init(_ action: @escaping @Sendable () -> Void) { self.action = action }
  public func wake() { action() }
}

/// What the app needs from a terminal: its size, a way to show a canvas, input, and time.
///
/// The ncurses backend implements it for real; `TestTerminal` records canvases
/// and replays scripted input with a clock the test controls.
public protocol Terminal: AnyObject {
  /// The current size in cells.
  var size: Size { get }
  /// Shows `canvas` (the backend sends only what changed).
  func draw(_ canvas: Canvas)
  /// Waits for the next input, or until `deadline` (nil: no deadline). Returns nil at the deadline.
  func nextInput(until deadline: Duration?) -> TerminalInput?
  /// Monotonic time since an origin of the terminal's choosing.
  func now() -> Duration
  /// A handle other threads use to interrupt `nextInput` with `.woken`.
  var waker: Waker { get }
}
