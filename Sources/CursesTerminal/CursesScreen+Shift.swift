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
  /// A row to shift before the frame is sent: its move, and which row.
  struct Shift: Equatable {
    var row: Int32
    var move: Move
  }

  /// How a row moves: content left by `by` columns (negative: right), with that many
  /// characters deleted (or inserted) at column `at`; the cells before `at` are left to
  /// `doupdate`. `clear`: the column the row is erased from first, when an insert would
  /// push a wide glyph half off the right edge.
  struct Move: Equatable {
    var by: Int
    var at: Int = 0
    var clear: Int? = nil
  }

  /// The farthest a row is looked for sideways: a frame of a slide moves a few columns.
  static let maximumShift = 48

  /// The farthest right of a row's start that characters are deleted or inserted, when
  /// the start itself is inside a wide glyph: the cells before it are sent as they are.
  static let maximumSeam = 24

  /// The most cells of a moved run that may differ from the last frame's (then sent).
  static let maximumDifferences = 2

  /// How row `new` is row `old` moved sideways (positive: left), when that is so and
  /// shifting saves sending most of the row; nil otherwise.
  ///
  /// `hint` (the move found for the row above) is tried first: every row of a slide
  /// moves by the same amount. The characters are deleted (or inserted) where no wide
  /// glyph is cut in two: at the row's start, or a few columns on when a glyph sits
  /// across that seam (a column of CJK titles at the screen's left edge); the cells
  /// before the seam then go out with the rest of the frame. The row above's seam is
  /// kept where it costs nothing (the cells before it are unchanged), so the cursor
  /// goes from one row's seam to the next one's in a byte.
  static func shift(
    of new: UnsafePointer<Cell>, from old: UnsafePointer<Cell>, width w: Int, hint: Move?
  ) -> Move? {
    let (equal, blank) = (CellEquality(), BlankTest())
    // Worth it when the row changed in more cells than the ones sent anyway: a shift
    // costs a few bytes, a changed cell at least one, and a run of them a cursor move.
    // More than five, to look at all; how many is counted with the move, in its pass.
    var changed = 0
    for x in 0..<w where !equal(new + x, old + x) {
      changed += 1
      if changed > 5 { break }
    }
    guard changed > 5 else { return nil }
    let limit = min(maximumShift, w / 2)
    let seam = hint?.at ?? 0
    let first = hint?.by ?? 0
    if first != 0, abs(first) <= limit,
      let move = moved(new, old, width: w, by: first, seam: seam, equal, blank)
    {
      return move
    }
    for d in 1...max(1, limit) {
      if d != first, let move = moved(new, old, width: w, by: d, seam: seam, equal, blank) {
        return move
      }
      if -d != first, let move = moved(new, old, width: w, by: -d, seam: seam, equal, blank) {
        return move
      }
    }
    return nil
  }

  /// The move by `d` columns that shows `new` from `old`, if there is one and it sends
  /// fewer cells than the row's changed ones; at `seam` if that costs nothing more.
  ///
  /// The seam where characters go (or come) never falls inside a wide glyph (its
  /// continuation has width 0), nor the edge where they leave: the terminal and `curscr`
  /// could split the glyph differently, and a stale half would stay on screen. A glyph
  /// the screen's edge cut is drawn as a blank, on the terminal and in `curscr` alike,
  /// and moves as one; where the frame shows it whole, `doupdate` sends it.
  @inline(__always)
  static func moved(
    _ new: UnsafePointer<Cell>, _ old: UnsafePointer<Cell>, width w: Int, by d: Int, seam: Int,
    _ equal: CellEquality, _ blank: BlankTest
  ) -> Move? {
    let m = abs(d)
    let n = w - m
    guard n > 0 else { return nil }
    // Characters may go (or come) at column x when a glyph starts there in the old row
    // and, for a delete, `d` columns on.
    func whole(_ x: Int) -> Bool { old[x].width != 0 && (d < 0 || old[x + d].width != 0) }
    var at = 0
    var free = false  // the cells before the seam are unchanged: they cost nothing
    if seam > 0, seam < n, whole(seam), unchanged(new, old, before: seam, equal) {
      (at, free) = (seam, true)
    } else {
      while at < n && !whole(at) {
        at += 1
        if at > maximumSeam { return nil }
      }
    }
    guard at < n else { return nil }
    // An insert pushes the row's last `m` cells off the edge: when that cuts a glyph,
    // the row is erased from the glyph's start first.
    let clear: Int? = d < 0 && old[n].width == 0 ? n - 1 : nil
    let end = clear ?? n
    guard end > at else { return nil }
    // A cell or two of the moved run may differ, which `doupdate` sends: a glyph the
    // edge cut off (a blank in the last frame) that comes in whole. Most moves tried
    // fail here, in a few cells, so this comes first; in the same pass, how many cells
    // of the row changed from the last frame's where they are.
    var (differ, changed) = (0, 0)
    let (a, b) = d > 0 ? (new, old + d) : (new + m, old)
    for x in at..<end {
      if !equal(a + x, b + x) {
        differ += 1
        if differ > maximumDifferences { return nil }
      }
      if !equal(new + x, old + x) { changed += 1 }
    }
    for x in 0..<at where !equal(new + x, old + x) { changed += 1 }
    for x in end..<w where !equal(new + x, old + x) { changed += 1 }
    // The cells coming in are blanks on the terminal: only those that are not cost.
    let incoming = d > 0 ? n..<w : at..<(at + m)
    var coming = 0
    for x in incoming where !blank.matches(new + x) { coming += 1 }
    let cost = coming + (free ? 0 : at) + (clear == nil ? 4 : 16)
    guard changed > cost + differ else { return nil }
    return Move(by: d, at: at, clear: clear)
  }

  /// Whether the first `count` cells of the two rows are the same.
  @inline(__always)
  static func unchanged(
    _ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, before count: Int, _ equal: CellEquality
  ) -> Bool {
    for x in 0..<count where !equal(a + x, b + x) { return false }
    return true
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
    // Where the last `doupdate` left the cursor, and where ncurses believes it is.
    let home = (row: getcury(current), column: getcurx(current))
    var bytes = ""
    var at: (row: Int32, column: Int32)? = nil  // where the cursor is
    func go(_ row: Int32, _ column: Int32) {
      bytes += caps.motion(from: at, to: (row, column))
      at = (row, column)
    }
    for shift in shifts {
      let (row, move) = (shift.row, shift.move)
      if let clear = move.clear, let erase = caps.erase {
        go(row, Int32(clear))
        bytes += erase
      }
      go(row, Int32(move.at))
      bytes += move.by > 0 ? caps.delete(move.by) : caps.insert(-move.by)
      Self.apply(move, to: current, row: row)
    }
    _ = wmove(current, home.row, home.column)
    return bytes + caps.address(home.row, home.column)
  }

  /// Row `row` of `window` moved as the terminal's is: erased from `clear` first, then
  /// characters deleted (or the window's blanks inserted) at the seam.
  static func apply(_ move: Move, to window: UnsafeMutablePointer<WINDOW>, row: Int32) {
    var blank = cchar_t()
    _ = wgetbkgrnd(window, &blank)
    if let clear = move.clear {
      _ = wmove(window, row, Int32(clear))
      _ = wclrtoeol(window)
    }
    for _ in 0..<abs(move.by) {
      _ = wmove(window, row, Int32(move.at))
      _ = move.by > 0 ? wdelch(window) : wins_wch(window, &blank)
    }
  }
}
