import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How every `Style` is drawn in ncurses: attributes, a colour pair, and a
/// blank `cchar_t` per style that cells are made from.
///
/// Built once after `newterm`, since colour pairs need `start_color`.
struct CursesPalette {
  private var attributes: [attr_t] = []
  private var pairs: [Int16] = []
  /// A blank `cchar_t` per style, built with `setcchar`. A cell without
  /// combining marks is a copy with the base scalar set, which is what
  /// `setcchar` would build, without a call per cell.
  private var templates: [cchar_t] = []

  /// Sets up the colours of `theme` when the terminal has them; with `.mono`
  /// or no colours, styles keep their distinctions with attributes alone.
  /// The background is always the terminal's own.
  init(theme: Theme) {
    let colorsAvailable = theme != .mono && has_colors()
    var many = false
    var pairOf: [Color: Int16] = [:]
    if colorsAvailable {
      _ = start_color()
      let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
      many = youbi_COLORS() >= 16
      for c in Color.allCases {
        guard let foreground = CursesMapping.foreground(c, theme: theme, many: many) else {
          continue
        }
        let p = CursesMapping.pair(c)
        if init_pair(p, foreground, background) == OK { pairOf[c] = p }
      }
    }
    for c in Color.allCases {
      let extra = CursesMapping.fallback(c, colorsAvailable: colorsAvailable, many: many)
      for a in 0..<16 {
        attributes.append(CursesMapping.attributes(Style.Attributes(rawValue: UInt8(a))) | extra)
        pairs.append(pairOf[c] ?? 0)
      }
    }
    var blank: [wchar_t] = [0x20, 0]
    templates = zip(attributes, pairs).map { attr, pair in
      var t = cchar_t()
      _ = setcchar(&t, &blank, attr, pair, nil)
      return t
    }
  }

  /// Writes `cell` as ncurses' `cchar_t` at `target`.
  @inline(__always)
  func fill(_ target: UnsafeMutablePointer<cchar_t>, _ cell: Cell) {
    let i = CursesMapping.styleIndex(cell.style)
    guard let marks = cell.combining, !marks.isEmpty else {
      // The common case: the style's template with the base scalar.
      var c = templates[i]
      c.chars.0 = wchar_t(bitPattern: cell.scalar.value)
      target.pointee = c
      return
    }
    var text = [wchar_t(bitPattern: cell.scalar.value)]
    text += marks.prefix(Int(CCHARW_MAX) - 1).map { wchar_t(bitPattern: $0.value) }
    text.append(0)
    _ = setcchar(target, &text, attributes[i], pairs[i], nil)
  }
}
