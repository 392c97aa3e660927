import CNcurses
import TerminalUI

/// Pure translations from TerminalUI styles to ncurses attributes and colours.
///
/// Kept apart from the screen so they can be tested without a terminal: they
/// only read constants, never the screen.
enum CursesMapping {
  /// The ncurses attributes for a style's attribute set (colour excluded).
  static func attributes(_ a: Style.Attributes) -> attr_t {
    var r = youbi_A_NORMAL()
    if a.contains(.bold) { r |= youbi_A_BOLD() }
    if a.contains(.reverse) { r |= youbi_A_REVERSE() }
    if a.contains(.underline) { r |= youbi_A_UNDERLINE() }
    if a.contains(.dim) { r |= youbi_A_DIM() }
    return r
  }

  /// The foreground colour number for `color` in `theme`, nil for the terminal's own.
  ///
  /// `many` is true on terminals with 16 colours or more, where muted text
  /// can be bright black (8, a mid grey readable on black and on white)
  /// instead of the default colour made dim. The light theme never uses
  /// cyan or white, which vanish on a white background.
  static func foreground(_ color: Color, theme: Theme, many: Bool) -> Int16? {
    switch (theme, color) {
    case (.mono, _), (_, .default): nil
    case (.dark, .accent): Int16(COLOR_CYAN)
    case (.light, .accent): Int16(COLOR_BLUE)
    case (.dark, .muted): many ? 8 : Int16(COLOR_WHITE)
    case (.light, .muted): many ? 8 : nil
    }
  }

  /// The attribute that stands in for `color` where colour is off or scarce,
  /// so the distinction it makes is kept.
  static func fallback(_ color: Color, colorsAvailable: Bool, many: Bool) -> attr_t {
    switch color {
    case .default: 0
    case .accent: colorsAvailable ? 0 : youbi_A_BOLD()
    case .muted: colorsAvailable && many ? 0 : youbi_A_DIM()
    }
  }

  /// Index into a style table of 16 attribute sets × `Color.allCases`.
  @inline(__always)
  static func styleIndex(_ s: Style) -> Int {
    Int(s.color.rawValue) << 4 | Int(s.attributes.rawValue & 0x0F)
  }

  /// The colour pair number used for `color` (0 is the terminal default).
  static func pair(_ color: Color) -> Int16 { Int16(color.rawValue) }
}
