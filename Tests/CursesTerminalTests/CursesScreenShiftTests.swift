import TerminalUI
import Testing

@testable import CursesTerminal

extension ProcessWideTests.Screen {
  /// ncurses inserts and deletes no character itself (`idcok` off): a row that lost
  /// a character in its middle is rewritten from there. Only whole rows a slide moved
  /// are shifted, by CursesScreen+Shift, which never cuts a wide glyph.
  @Test func ncursesShiftsNoPartOfARowItself() throws {
    let h = try PipeHarness(size: Size(width: 40, height: 3))
    var c = Canvas(size: Size(width: 40, height: 3))
    c.draw("月曜日の連載 abcdefghijklmnopqrstuvwx", x: 0, y: 1)
    h.term.draw(c)
    let mark = h.output().count
    var d = Canvas(size: Size(width: 40, height: 3))
    d.draw("月曜日の連載 bcdefghijklmnopqrstuvwx", x: 0, y: 1)
    h.term.draw(d)
    let sent = h.text(since: mark)
    #expect(sent.contains("bcdefghijklmnopqrstuvwx"), "\(sent.debugDescription)")
    for dchOrIch in ["\u{1B}[P", "\u{1B}[1P", "\u{1B}[@", "\u{1B}[1@"] {
      #expect(!sent.contains(dchOrIch), "\(sent.debugDescription)")
    }
  }
}
