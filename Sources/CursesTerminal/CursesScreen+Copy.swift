import CNcurses
import TerminalUI

/// Copying a canvas row into ncurses' window: whole (on a window just erased), or only
/// the cells that differ from what the window holds, the last frame's row moved the way
/// the terminal will move it.
///
/// A slide changes every row, but a row it only moved differs from the last one moved in
/// a few cells: the ones coming in. Copying the whole row cost a fifth of a wide frame's
/// CPU (each cell's colour pair worked out, and its width by ncurses' `wcwidth`).
extension CursesScreen {
  /// Copies row `y` (its cells from `start`, `width` of them) into the window in runs;
  /// on a window just erased, the plain blanks (`skipBlanks`) are left out.
  @inline(__always)
  func copyRow(
    _ start: UnsafePointer<Cell>, y: Int, width w: Int, skipBlanks: Bool, blank: BlankTest
  ) {
    var n = 0
    var runStart = 0  // the column of row[0]
    var x = 0
    while x < w {
      let c = start[x]
      if skipBlanks && blank.matches(start + x) {
        if n > 0 { _ = mvwadd_wchnstr(window, Int32(y), Int32(runStart), row, Int32(n)) }
        n = 0
        x += 1
        runStart = x
        continue
      }
      x += fill(n, with: c, at: x, width: w)
      n += 1
    }
    if n > 0 { _ = mvwadd_wchnstr(window, Int32(y), Int32(runStart), row, Int32(n)) }
  }

  /// Copies the cells of row `y` (from `new`) that differ from the window's: the last
  /// canvas's row (`old`), first moved in the window by `move` as the terminal will be.
  ///
  /// A run copied never starts or ends inside a wide glyph, the new one's or the one
  /// the window holds there, so ncurses never overwrites half a glyph. A glyph the
  /// screen's edge cut is drawn as a blank: where it comes to or from an edge, its cell
  /// is copied even when the canvas cells are equal.
  /// - Complexity: O(width) comparisons; copies O(changed cells).
  func copyChanges(
    _ new: UnsafePointer<Cell>, from old: UnsafePointer<Cell>, y: Int, width w: Int, move: Move?
  ) {
    if let move { moveWindowRow(Int32(y), by: move) }
    let equal = CellEquality()
    let source = RowSource(move: move, width: w)
    func cut(_ p: UnsafePointer<Cell>, _ i: Int) -> Bool {
      (i == w - 1 && p[i].width == 2) || (i == 0 && p[i].width == 0)
    }
    func same(_ x: Int) -> Bool {
      guard let r = source[x], equal(new + x, old + r) else { return false }
      return r == x || (!cut(new, x) && !cut(old, r))
    }
    func inGlyph(_ x: Int) -> Bool { new[x].width == 0 || (source[x].map { old[$0].width } == 0) }
    var x = 0
    while x < w {
      while x < w && same(x) { x += 1 }
      guard x < w else { break }
      var (first, end) = (x, x + 1)
      while end < w && !same(end) { end += 1 }
      while first > 0 && inGlyph(first) { first -= 1 }
      while end < w && inGlyph(end) { end += 1 }
      copyRow(new, y: y, columns: first..<end, width: w)
      x = end
    }
  }

  /// Where each cell of a moved row was in the last frame's row: nil for the cells the
  /// move leaves blank (the ones coming in).
  struct RowSource {
    let move: Move?
    let width: Int

    @inline(__always)
    subscript(x: Int) -> Int? {
      guard let move, x >= move.at else { return x }
      let m = abs(move.by)
      if move.by > 0 { return x < width - m ? x + m : nil }
      guard x >= move.at + m else { return nil }
      if let clear = move.clear, x - m >= clear { return nil }
      return x - m
    }
  }

  /// Row `y` of the window moved as `shifted` moves the terminal's and `curscr`.
  ///
  /// (Moving `newscr` as well, so `doupdate` would compare only the cells copied, saves
  /// nothing: with colours on, it compares every cell of a touched row anyway.)
  func moveWindowRow(_ y: Int32, by move: Move) {
    Self.apply(move, to: window, row: y)
  }

  /// Puts cell `c`, at column `x` of a row `w` wide, into `row[n]`; the columns it takes.
  @inline(__always)
  private func fill(_ n: Int, with c: Cell, at x: Int, width w: Int) -> Int {
    if c.width == 2 && x + 1 < w {
      palette.fill(row + n, c)
      return 2  // ncurses marks the next cell as the glyph's continuation
    }
    // A stray continuation, or a wide glyph cut by the right edge, is a blank.
    palette.fill(row + n, c.width == 1 ? c : Cell(" ", style: c.style))
    return 1
  }

  /// Copies the cells `columns` of row `y` (from `start`) into the window as one run.
  @inline(__always)
  func copyRow(_ start: UnsafePointer<Cell>, y: Int, columns: Range<Int>, width w: Int) {
    var n = 0
    var x = columns.lowerBound
    while x < columns.upperBound {
      let c = start[x]
      x += fill(n, with: c, at: x, width: w)
      n += 1
    }
    if n > 0 { _ = mvwadd_wchnstr(window, Int32(y), Int32(columns.lowerBound), row, Int32(n)) }
  }
}
