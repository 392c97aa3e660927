import CNcurses
import TerminalUI

/// Pure translations between ncurses codes and TerminalUI types.
///
/// Kept apart from `CursesTerminal` so they can be tested without a terminal:
/// they only read constants, never the screen.
enum CursesMapping {
  /// What one `wget_wch` result means to the app.
  enum Decoded: Equatable {
    case key(Key)
    case resize
    case mouse
    /// A code we do not map (e.g. KEY_DC, keypad keys): dropped.
    case ignored
  }

  /// Maps a `wget_wch` result: `code` is the character (when `isKeyCode` is
  /// false, i.e. `wget_wch` returned OK) or the KEY_* code (KEY_CODE_YES).
  static func decode(_ code: UInt32, isKeyCode: Bool) -> Decoded {
    if !isKeyCode {
      switch code {
      case 27: return .key(.escape)
      case 13, 10: return .key(.enter)  // nonl(): Enter arrives as \r
      case 9: return .key(.tab)
      case 127, 8: return .key(.backspace)
      default:
        guard let s = Unicode.Scalar(code) else { return .ignored }
        return .key(.char(s))
      }
    }
    let c = Int32(bitPattern: code)
    switch c {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME: return .key(.home)
    case KEY_END: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_BTAB: return .key(.backTab)
    case KEY_RESIZE: return .resize
    case KEY_MOUSE: return .mouse
    default:
      let f0 = youbi_KEY_F(0)
      if c > f0 && c <= f0 + 63 { return .key(.function(Int(c - f0))) }
      return .ignored
    }
  }

  /// Maps a mouse event's button state to an event kind, tracking whether
  /// button 1 is held (a motion report while it is held is a drag).
  ///
  /// Motion is checked first: some terminals report a held button with the
  /// motion bit, and that must read as a drag, not a second press.
  static func mouseKind(_ bstate: mmask_t, buttonDown: inout Bool) -> MouseEvent.Kind? {
    if bstate & youbi_REPORT_MOUSE_POSITION() != 0 {
      return buttonDown ? .drag : nil
    }
    if bstate & youbi_BUTTON4_PRESSED() != 0 { return .wheelUp }
    if bstate & youbi_BUTTON5_PRESSED() != 0 { return .wheelDown }
    if bstate & youbi_BUTTON1_PRESSED() != 0 {
      buttonDown = true
      return .press
    }
    if bstate & youbi_BUTTON1_RELEASED() != 0 {
      buttonDown = false
      return .release
    }
    return nil
  }

  /// The ncurses attributes for a style's attribute set (colour excluded).
  static func attributes(_ a: Style.Attributes) -> attr_t {
    var r = youbi_A_NORMAL()
    if a.contains(.bold) { r |= youbi_A_BOLD() }
    if a.contains(.reverse) { r |= youbi_A_REVERSE() }
    if a.contains(.underline) { r |= youbi_A_UNDERLINE() }
    if a.contains(.dim) { r |= youbi_A_DIM() }
    return r
  }

  /// Index into a style table of 16 attribute sets × `Color.allCases`.
  @inline(__always)
  static func styleIndex(_ s: Style) -> Int {
    Int(s.color.rawValue) << 4 | Int(s.attributes.rawValue & 0x0F)
  }

  /// The colour pair number used for `color` (0 is the terminal default).
  static func pair(_ color: Color) -> Int16 { Int16(color.rawValue) }
}
