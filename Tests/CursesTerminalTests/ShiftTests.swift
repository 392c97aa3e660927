import TerminalUI
import Testing

@testable import CursesTerminal

/// Finding the rows a slide only moved sideways, which the terminal shifts itself.
@Suite struct ShiftTests {
  /// The shift `shift(of:from:)` finds from a row showing `old` to one showing `new`.
  func shift(_ old: String, _ new: String, hint: CursesScreen.Move? = nil) -> CursesScreen.Move? {
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
    #expect(shift(Self.row, String(Self.row.dropFirst(3))) == .init(by: 3))
    #expect(shift(String(Self.row.dropFirst(3)), Self.row) == .init(by: -3))
    #expect(shift(Self.row, String(Self.row.dropFirst(7)), hint: .init(by: 7)) == .init(by: 7))
  }

  /// A row of a few glyphs far apart (the columns' separators under the end of the
  /// lists) is shifted too: rewriting each moved glyph costs a cursor move and its
  /// attributes, a shift a few bytes.
  @Test func aSparseRowThatMovedIsShiftedToo() {
    let separators = "          │          │          │          │"
    #expect(shift(separators, String(separators.dropFirst(2))) == .init(by: 2))
    #expect(shift(String(separators.dropFirst(1)), separators) == .init(by: -1))
    // Moved by many columns at once (a slide of fewer frames, a loaded machine): the
    // blanks coming in cost nothing, so the few glyphs that moved still make it worth it.
    let sparse = "    │         ·      │            │    ·   │       │         "
    #expect(shift(sparse, String(sparse.dropFirst(11))) == .init(by: 11))
  }

  @Test func aRowThatChangedOtherwiseIsLeftToNcurses() {
    #expect(shift(Self.row, Self.row.uppercased()) == nil)
    #expect(shift(Self.row, "▸" + Self.row.dropFirst()) == nil)  // a cell or two
    #expect(shift("", "") == nil)
  }

  /// A row that starts with CJK titles still shifts: where deleting at its start would
  /// cut a glyph in two, the characters are deleted where glyphs end on both sides of
  /// the cells that go, and the cells before that go out with the frame.
  @Test func aShiftNeverCutsAWideGlyph() {
    let wide = "月光ベーカリーの朝 and a long tail of plain words here"
    // Moving by one column cuts every glyph of the title: the seam is after it.
    #expect(shift(wide, " " + String(wide.dropFirst())) == .init(by: 1, at: 18))
    #expect(shift(wide, String(wide.dropFirst())) == .init(by: 2))
    // Right by one: the characters go in at the row's start, between whole glyphs.
    #expect(shift(String(wide.dropFirst()), " " + String(wide.dropFirst())) == .init(by: -1))
  }

  /// The row above's seam is kept where the cells before it did not change, so the
  /// cursor goes down from seam to seam; elsewhere the row's own seam is taken.
  @Test func theSeamOfTheRowAboveIsKeptWhereItIsFree() {
    let moved = String(Self.row.dropFirst(2))
    #expect(shift(Self.row, moved, hint: .init(by: 2, at: 1)) == .init(by: 2, at: 1))
    let other = "x" + Self.row.dropFirst()  // its first cell changes: no free seam there
    #expect(shift(other, moved, hint: .init(by: 2, at: 1)) == .init(by: 2))
  }

  /// The cells of `text` drawn on a row of 60.
  func cells(_ text: String) -> [Cell] {
    var canvas = Canvas(size: Size(width: 60, height: 1))
    canvas.draw(text, x: 0, y: 0)
    return canvas.cells
  }

  /// The shift found between two rows given cell by cell (halves of glyphs included).
  func shift(_ old: [Cell], _ new: [Cell]) -> CursesScreen.Move? {
    old.withUnsafeBufferPointer { o in
      new.withUnsafeBufferPointer { n in
        CursesScreen.shift(of: n.baseAddress!, from: o.baseAddress!, width: 60, hint: nil)
      }
    }
  }

  @Test func aShiftNeverMovesHalfAGlyph() {
    let row = cells("  鍵 plain words that stay the same while the row slides sideways")
    // Right by 3: the old row starts with 鍵's second half (its first half off screen, a
    // blank on the terminal): the characters go in after it, and the frame sends 鍵.
    let cut = Array(row.dropFirst(3)) + Array(repeating: Cell(), count: 3)
    #expect(shift(cut, row) == .init(by: -3, at: 1))
    // Left by 2: the old row ends with 鍵's first half (its second half off screen), a
    // blank on the terminal as in `curscr`; it moves as a blank and the frame sends 鍵.
    let text = String(String(repeating: "abcdefghij", count: 6).prefix(57))
    let glyph = cells(text + "鍵z")
    #expect(
      shift(Array(repeating: Cell(), count: 2) + Array(glyph.prefix(58)), glyph) == .init(by: 2))
    let late = Array(repeating: Cell(), count: 1) + Array(row.prefix(59))
    let early = Array(late.dropFirst(1)) + [Cell()]
    // Whole glyphs on both seams move.
    #expect(shift(late, early) == .init(by: 1))
  }

  /// A glyph the edge cut off (a blank in the last frame) comes in whole: the row still
  /// shifts, and `doupdate` sends the cell or two that differ; more than that, and the
  /// row is not the last one moved.
  @Test func aFewCellsOfTheMovedRunMayDiffer() {
    let text = String(String(repeating: "abcdefghij", count: 6).prefix(56))
    let new = cells(text + "山シ")  // 山 at 56–57, シ at 58–59
    let old = cells("xyz" + text)  // 山 at 59 did not fit: a blank
    #expect(old[59] == Cell())
    #expect(shift(old, new) == .init(by: 3))
    var changed = new
    for x in [10, 20, 30] { changed[x] = Cell("#") }
    #expect(shift(old, changed) == nil)
  }

  /// An insert pushes the row's last cells off the edge; where that would cut a glyph in
  /// two, the row is erased from the glyph's start first.
  @Test func anInsertNeverPushesHalfAGlyphOff() {
    let text = String(String(repeating: "abcdefghij", count: 6).prefix(56))
    let old = cells(text + "鍵zz")  // 鍵 at 56–57
    let new = Array(repeating: Cell(), count: 3) + Array(old.prefix(57))
    #expect(shift(old, new) == .init(by: -3, at: 0, clear: 56))
    let whole = cells(text + "zz鍵")  // 鍵 at 58–59: it goes off whole
    #expect(
      shift(whole, Array(repeating: Cell(), count: 3) + Array(whole.prefix(57))) == .init(by: -3))
  }
}
