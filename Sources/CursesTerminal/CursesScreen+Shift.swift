import CNcurses
import TerminalUI

/// Rows that only moved sideways, shifted by the terminal instead of rewritten.
///
/// ncurses optimises vertical scrolls but rewrites a row whose content moved sideways
/// nearly in full, and a slide moves every row of the page: with five days in view, a
/// switch sent eight times the bytes of a one-day one. Where the terminal has `dch` and
/// `ich`, a row that is the last frame's row moved left (or right) by a few columns is
/// shifted with one delete (or insert) of that many characters at its start, and
/// ncurses' picture of the screen (`curscr`) is shifted the same way, so `doupdate`
/// sends only the columns that came in. A shift never cuts a wide glyph in two.
extension CursesScreen {
  /// A row to shift before the frame is sent: content moves left by `by` (negative: right).
  struct Shift: Equatable {
    var row: Int32
    var by: Int
  }

  /// The terminal's parametrised delete and insert character, when it has both.
  struct ShiftCapabilities {
    let delete: UnsafeMutablePointer<CChar>
    let insert: UnsafeMutablePointer<CChar>
    let cursor: UnsafeMutablePointer<CChar>
    /// `cud1`, one row down keeping the column, when terminfo has it.
    let down: String?

    /// `dch`, `ich` and `cup` from terminfo, or nil when one is missing.
    static func load() -> ShiftCapabilities? {
      guard let dch = tigetstr("dch"), Int(bitPattern: dch) != -1,
        let ich = tigetstr("ich"), Int(bitPattern: ich) != -1,
        let cup = tigetstr("cup"), Int(bitPattern: cup) != -1
      else { return nil }
      var down: String? = nil
      if let cud1 = tigetstr("cud1"), Int(bitPattern: cud1) != -1 {
        down = String(cString: cud1)
      }
      return ShiftCapabilities(delete: dch, insert: ich, cursor: cup, down: down)
    }

    /// A one-number capability with its number (delays, `$<…>`, are not expected here).
    func format(_ capability: UnsafeMutablePointer<CChar>, _ n: Int) -> String {
      guard let text = youbi_tiparm1(capability, Int32(n)) else { return "" }
      return String(cString: text)
    }

    /// The cursor at `row`, `column`.
    func address(_ row: Int32, _ column: Int32) -> String {
      guard let text = youbi_tiparm2(cursor, row, column) else { return "" }
      return String(cString: text)
    }
  }

  /// The farthest a row is looked for sideways: a frame of a slide moves a few columns.
  static let maximumShift = 48

  /// How far row `new` is row `old` moved sideways (positive: left), when that is so
  /// and shifting saves sending most of the row; nil otherwise.
  ///
  /// `hint` (the shift found for the row above) is tried first: every row of a slide
  /// moves by the same amount.
  static func shift(
    of new: UnsafePointer<Cell>, from old: UnsafePointer<Cell>, width w: Int, hint: Int?
  ) -> Int? {
    var changed = 0
    for x in 0..<w where !cellsEqual(new + x, old + x) { changed += 1 }
    func moved(_ d: Int) -> Bool {
      let n = w - abs(d)
      // Neither seam of the moved run may fall inside a wide glyph (its continuation has
      // width 0), the edge that goes nor the edge where new cells come in, and no glyph
      // the screen's edge cut (drawn as a blank) may move: the terminal and `curscr`
      // could split it differently, and a stale half would stay on screen.
      guard n > 0 else { return false }
      let seams =
        d > 0
        ? old[d].width != 0 && new[n].width != 0 && old[w - 1].width != 2
        : old[n].width != 0 && old[0].width != 0 && new[-d].width != 0
      guard seams else { return false }
      let (a, b) = d > 0 ? (new, old + d) : (new - d, old)
      for x in 0..<n where !cellsEqual(a + x, b + x) { return false }
      return true
    }
    let limit = min(maximumShift, w / 2)
    var candidates = hint.map { [$0] } ?? []
    for d in 1...max(1, limit) { candidates += [d, -d] }
    // Worth it when the row changed in more cells than the ones coming in: a shift
    // costs a few bytes, a changed cell at least one, and a run of them a cursor move.
    for d in candidates where d != 0 && abs(d) <= limit && changed > abs(d) + 4 {
      if moved(d) { return d }
    }
    return nil
  }

  /// The bytes that shift the rows (cursor to each row's start, `dch` or `ich`, then
  /// back where the cursor was), and ncurses' `curscr` shifted the same way, so
  /// `doupdate` works out the rest from what the terminal will show.
  ///
  /// The bytes are made here and sent straight to the terminal, before `doupdate`:
  /// sent through terminfo's `putp` and `mvcur`, the shifts arrived late or never next
  /// to ncurses' own output, and the screen came out garbled.
  static func shifted(_ shifts: [Shift], with caps: ShiftCapabilities) -> String {
    guard !shifts.isEmpty, let current = youbi_curscr() else { return "" }
    var blank = cchar_t()
    _ = wgetbkgrnd(current, &blank)
    // Where the last `doupdate` left the cursor, and where ncurses believes it is.
    let home = (row: getcury(current), column: getcurx(current))
    var bytes = ""
    var at: Int32? = nil  // the row the cursor is at the start of
    for shift in shifts {
      let n = abs(shift.by)
      // One row down from a row's start is one byte (`cud1`) instead of an address;
      // the row below exists, so it never scrolls.
      if let at, at + 1 == shift.row, let down = caps.down {
        bytes += down
      } else {
        bytes += caps.address(shift.row, 0)
      }
      at = shift.row
      bytes += caps.format(shift.by > 0 ? caps.delete : caps.insert, n)
      for _ in 0..<n {
        _ = wmove(current, shift.row, 0)
        if shift.by > 0 {
          _ = wdelch(current)
        } else {
          _ = wins_wch(current, &blank)
        }
      }
    }
    _ = wmove(current, home.row, home.column)
    return bytes + caps.address(home.row, home.column)
  }

  /// Whether two cells are the same, read as two words as `rowsEqual` reads them.
  @inline(__always)
  static func cellsEqual(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
    guard cellIsTwoWords else { return a.pointee == b.pointee }
    let mask = cellMask
    return UnsafeRawPointer(a).loadUnaligned(as: SIMD2<UInt64>.self) & mask
      == UnsafeRawPointer(b).loadUnaligned(as: SIMD2<UInt64>.self) & mask
  }
}
