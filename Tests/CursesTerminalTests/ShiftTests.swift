import TerminalUI
import Testing

@testable import CursesTerminal

/// Finding the rows a slide only moved sideways, which the terminal shifts itself.
@Suite struct ShiftTests {
  /// The shift `shift(of:from:)` finds from a row showing `old` to one showing `new`.
  func shift(_ old: String, _ new: String, hint: Int? = nil) -> Int? {
    var before = Canvas(size: Size(width: 60, height: 1))
    var after = Canvas(size: Size(width: 60, height: 1))
    before.draw(old, x: 0, y: 0)
    after.draw(new, x: 0, y: 0)
    return before.cells.withUnsafeBufferPointer { o in
      after.cells.withUnsafeBufferPointer { n in
        CursesScreen.shift(of: n.baseAddress!, from: o.baseAddress!, width: 60, hint: hint)
      }
    }
  }

  static let row = "   Monday's title  Author │   Tuesday's title   Author │ Wed"

  @Test func aRowMovedLeftOrRightIsFound() {
    #expect(shift(Self.row, String(Self.row.dropFirst(3))) == 3)
    #expect(shift(String(Self.row.dropFirst(3)), Self.row) == -3)
    #expect(shift(Self.row, String(Self.row.dropFirst(7)), hint: 7) == 7)
  }

  @Test func aRowThatChangedOtherwiseIsLeftToNcurses() {
    #expect(shift(Self.row, Self.row.uppercased()) == nil)
    #expect(shift(Self.row, "▸" + Self.row.dropFirst()) == nil)  // a cell or two
    #expect(shift("", "") == nil)
  }

  @Test func aShiftNeverCutsAWideGlyph() {
    let wide = "月光ベーカリーの朝 and a long tail of plain words here"
    // Moving by one column would cut 月 in two; by two it moves whole glyphs.
    #expect(shift(wide, " " + String(wide.dropFirst())) == nil)
    #expect(shift(wide, String(wide.dropFirst())) == 2)
  }

  @Test func aShiftNeverMovesAGlyphCutAtAnEdge() {
    let tail = "  plain words that stay the same while the row slides sideways "
    // Right: 鍵's second half is at column 0 before (its first half off screen).
    let before = String(repeating: " ", count: 2) + tail
    #expect(shift(before, "   " + tail) == -1)
    #expect(shift("鍵" + tail, "  鍵" + tail) == -2)
    // Left, a glyph coming in at the right edge whose first half was already shown.
    let long = String(repeating: "x", count: 58)
    #expect(shift(" " + long + "鍵", long + "鍵") == nil)
  }
}
