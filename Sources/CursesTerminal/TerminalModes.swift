import TerminalUI

/// The terminal modes the backend sets itself, outside terminfo, and the bytes for each.
///
/// Every mode turned on here is turned off again by `off` at stop, hand-over
/// and suspend, and by `restoreAfterCrash` from a signal handler.
enum TerminalModes {
  /// Mouse reports: presses and releases (1000), drags (1002), in the SGR
  /// encoding (1006), which has no column limit. A terminal without 1006 sends
  /// X10 reports instead; the decoder reads both.
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
  static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
  /// Bracketed paste (2004): pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~`.
  static let pasteOn = "\u{1B}[?2004h"
  static let pasteOff = "\u{1B}[?2004l"
  /// DECRQM for synchronized output (2026). The reply comes back as input,
  /// whenever it comes; nothing waits for it.
  static let askSynchronizedOutput = "\u{1B}[?2026$p"
  /// Synchronized output: the terminal shows what comes between these at once.
  static let beginFrame = "\u{1B}[?2026h"
  static let endFrame = "\u{1B}[?2026l"

  /// The modes to turn on when curses starts or comes back.
  static func on(mouse: Bool) -> String { (mouse ? mouseOn : "") + pasteOn }

  /// What curses says first, on the alternate screen before the first frame
  /// (which clears whatever a terminal that does not parse the question
  /// prints): the question about synchronized output, and the modes.
  static func greeting(mouse: Bool) -> String { askSynchronizedOutput + on(mouse: mouse) }

  /// The modes to turn off when curses stops or steps aside.
  static func off(mouse: Bool) -> String { (mouse ? mouseOff : "") + pasteOff }

  /// What a crash handler writes, ahead of terminfo's own restore strings:
  /// every mode off whether or not it was on (a terminal ignores resetting a
  /// mode it does not have), and any frame in progress ended.
  static let restoreAfterCrash = endFrame + mouseOff + pasteOff
}
