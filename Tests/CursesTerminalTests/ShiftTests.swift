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

  /// A row of a few glyphs far apart (the columns' separators under the end of the
  /// lists) is shifted too: rewriting each moved glyph costs a cursor move and its
  /// attributes, a shift a few bytes.
  @Test func aSparseRowThatMovedIsShiftedToo() {
    let separators = "          │          │          │          │"
    #expect(shift(separators, String(separators.dropFirst(2))) == 2)
    #expect(shift(String(separators.dropFirst(1)), separators) == -1)
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

  /// The cells of `text` drawn on a row of 60.
  func cells(_ text: String) -> [Cell] {
    var canvas = Canvas(size: Size(width: 60, height: 1))
    canvas.draw(text, x: 0, y: 0)
    return canvas.cells
  }

  /// The shift found between two rows given cell by cell (halves of glyphs included).
  func shift(_ old: [Cell], _ new: [Cell]) -> Int? {
    old.withUnsafeBufferPointer { o in
      new.withUnsafeBufferPointer { n in
        CursesScreen.shift(of: n.baseAddress!, from: o.baseAddress!, width: 60, hint: nil)
      }
    }
  }

  @Test func aShiftNeverMovesHalfAGlyph() {
    let row = cells("  鍵 plain words that stay the same while the row slides sideways")
    // Right by 3: the old row starts with 鍵's second half (its first half off screen).
    let cut = Array(row.dropFirst(3)) + Array(repeating: Cell(), count: 3)
    #expect(shift(cut, row) == nil)
    // Left by 2: the old row ends with 鍵's first half (its second half off screen), so
    // the first cell coming in would be that glyph's second half.
    let text = String(String(repeating: "abcdefghij", count: 6).prefix(57))
    let glyph = cells(text + "鍵z")
    #expect(shift(Array(repeating: Cell(), count: 2) + Array(glyph.prefix(58)), glyph) == nil)
    let late = Array(repeating: Cell(), count: 1) + Array(row.prefix(59))
    let early = Array(late.dropFirst(1)) + [Cell()]
    // Whole glyphs on both seams still move.
    #expect(shift(late, early) == 1)
  }
}
