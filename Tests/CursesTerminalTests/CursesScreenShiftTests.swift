import TerminalUI
import Testing

@testable import CursesTerminal

extension ProcessWideTests.Screen {
  /// ncurses inserts and deletes no character itself (`idcok` off): a row that lost
  /// a character in its middle, farther in than the backend looks for a seam, is
  /// rewritten from there. Only rows a slide moved are shifted, by CursesScreen+Shift,
  /// which never cuts a wide glyph.
  @Test func ncursesShiftsNoPartOfARowItself() throws {
    let h = try PipeHarness(size: Size(width: 40, height: 3))
    var c = Canvas(size: Size(width: 40, height: 3))
    c.draw("月曜日の連載、水曜日の連載 abcdefghijklm", x: 0, y: 1)
    h.term.draw(c)
    let mark = h.output().count
    var d = Canvas(size: Size(width: 40, height: 3))
    d.draw("月曜日の連載、水曜日の連載 bcdefghijklm", x: 0, y: 1)
    h.term.draw(d)
    let sent = h.text(since: mark)
    #expect(sent.contains("bcdefghijklm"), "\(sent.debugDescription)")
    for dchOrIch in ["\u{1B}[P", "\u{1B}[1P", "\u{1B}[@", "\u{1B}[1@"] {
      #expect(!sent.contains(dchOrIch), "\(sent.debugDescription)")
    }
  }

  /// Rows a slide moved go out as one address and, row after row, a line feed and a
  /// delete (`cud1`, `dch`), with a column right or left (`cuf1`, `cub1`) to a seam.
  @Test func shiftedRowsAreReachedByLineFeeds() throws {
    let h = try PipeHarness(size: Size(width: 40, height: 4))
    let rows = [
      "   Tea for Ghosts    Ottilie Hart │   Q", "   ことりの帳簿  羽村つぐみ        │   R",
      "   Northbound         Jonah Reyes │   S",
    ]
    var c = Canvas(size: Size(width: 40, height: 4))
    for (y, row) in rows.enumerated() { c.draw(row, x: 0, y: y) }
    var d = Canvas(size: Size(width: 40, height: 4))
    d.blit(c, x: -4, y: 0)
    for y in 0..<3 { d.draw("x", x: 39, y: y) }
    h.term.draw(c)
    let mark = h.output().count
    h.term.draw(d)
    let sent = h.text(since: mark)
    // ことり starts at column 3: four columns on cuts こ, so that row's seam is at 1
    // (a line feed and one column right); the next row's is at 0 again (and one left).
    #expect(
      sent.contains("\u{1B}[1;1H\u{1B}[4P\n\u{1B}[C\u{1B}[4P\n\u{8}\u{1B}[4P"),
      "\(sent.debugDescription)")
    #expect(sent.contains("x"), "\(sent.debugDescription)")
  }
}
