import Testing

@testable import TerminalUI

@Suite struct CanvasTests {
  @Test func wideCharactersTakeTwoColumns() {
    var c = Canvas(size: Size(width: 10, height: 1))
    let used = c.draw("月曜a", x: 0, y: 0)
    #expect(used == 5)
    #expect(c[0, 0].width == 2 && c[1, 0].isContinuation)
    #expect(c.line(0) == "月曜a     ")
  }

  @Test func longTextEndsInAnEllipsisAtTheVisibleWidth() {
    var c = Canvas(size: Size(width: 12, height: 1))
    c.draw("星屑の郵便配達人の旅", x: 0, y: 0, maxWidth: 9)
    // 9 columns: four wide glyphs would need 8 + the ellipsis 1 = 9.
    #expect(c.lines[0] == "星屑の郵…")
    var d = Canvas(size: Size(width: 12, height: 1))
    d.draw("abcdefghijklmnop", x: 2, y: 0, maxWidth: 10)
    #expect(d.lines[0] == "  abcdefghi…")
    // The clip only hides: text running off the canvas is cut, not truncated.
    var e = Canvas(size: Size(width: 12, height: 1))
    e.draw("abcdefghijklmnop", x: 2, y: 0)
    #expect(e.lines[0] == "  abcdefghij")
  }

  @Test func ellipsisNeverLeavesHalfAGlyph() {
    var c = Canvas(size: Size(width: 6, height: 1))
    c.draw("ab月曜日", x: 0, y: 0, maxWidth: 6)  // a b 月 曜 fill 6 columns, 日 overflows
    #expect(c.lines[0] == "ab月…")
    #expect(
      (0..<6).allSatisfy { x in c[x, 0].width != 2 || (x + 1 < 6 && c[x + 1, 0].isContinuation) })
  }

  @Test func wideGlyphCutByABlitEdgeBecomesBlank() {
    var page = Canvas(size: Size(width: 6, height: 1))
    page.draw("月火水", x: 0, y: 0)
    var screen = Canvas(size: Size(width: 6, height: 1))
    screen.blit(page, x: -1, y: 0)  // the left edge cuts 月 in half
    #expect(screen.lines[0] == " 火水")
    #expect(!screen[0, 0].isContinuation)
    var right = Canvas(size: Size(width: 6, height: 1))
    right.blit(page, x: 1, y: 0)  // the right edge cuts 水 in half
    #expect(right.lines[0] == " 月火")
    #expect(right[5, 0].width == 1)
  }

  @Test func unsafeCharactersNeverReachTheCanvas() {
    var c = Canvas(size: Size(width: 24, height: 1))
    c.draw("a\u{1B}[2J\u{9B}b\u{7}\u{202E}c\u{200B}d\u{FEFF}", x: 0, y: 0)
    #expect(c.lines[0] == "a␛[2J␦b␇⁇c⁇d⁇")
    for x in 0..<24 {
      let cell = c[x, 0]
      for s in [cell.scalar] + (cell.combining ?? []) { #expect(!SafeText.isUnsafe(s)) }
    }
    c.fill(Rect(x: 0, y: 0, width: 2, height: 1), with: Cell("\u{1B}"))
    #expect(c.lines[0].hasPrefix("  [2J"))
  }

  @Test func combiningMarksStayWithTheirBase() {
    var c = Canvas(size: Size(width: 5, height: 1))
    c.draw("e\u{301}x", x: 0, y: 0)
    #expect(c[0, 0].combining == ["\u{301}"])
    #expect(c[1, 0].scalar == "x")
  }

  @Test func clipCutsAWideGlyphToABlank() {
    var c = Canvas(size: Size(width: 8, height: 1))
    c.clipped(to: Rect(x: 2, y: 0, width: 4, height: 1)) { c in
      c.draw("月火水木", x: 1, y: 0)  // 月 straddles the left edge, 水 the right
    }
    #expect(c.lines[0] == "   火")
    #expect(c[5, 0].width == 1)
    #expect(c.clip == c.bounds)
  }

  @Test func wideGlyphOverAWideGlyph() {
    var c = Canvas(size: Size(width: 6, height: 1))
    c.draw("月曜日", x: 0, y: 0)
    c.draw("火", x: 0, y: 0)
    #expect(c.lines[0] == "火曜日")
    c.draw("水", x: 1, y: 0)
    #expect(c.lines[0] == " 水 日")
  }

  @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
    var c = Canvas(size: Size(width: 4, height: 1))
    c.draw("月", x: 0, y: 0)
    c.draw("x", x: 1, y: 0)
    #expect(c.lines[0] == " x")
  }
}

@Suite struct ListStateTests {
  @Test func cursorStaysVisible() {
    var s = ListState()
    s.move(by: 30, count: 40, rows: 10)
    #expect(s == ListState(cursor: 30, offset: 21))
    s.move(by: -25, count: 40, rows: 10)
    #expect(s == ListState(cursor: 5, offset: 5))
    s.move(to: 100, count: 40, rows: 10)
    #expect(s == ListState(cursor: 39, offset: 30))
    s.clamp(count: 0, rows: 10)
    #expect(s == ListState())
  }

  @Test func scrollDragsTheCursorAlong() {
    var s = ListState(cursor: 0, offset: 0)
    s.scroll(by: 3, count: 40, rows: 10)
    #expect(s == ListState(cursor: 3, offset: 3))
  }
}

@Suite struct TabBarTests {
  let labels = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  func render(_ position: Double, width: Int) -> [String] {
    var c = Canvas(size: Size(width: width, height: 2))
    TabBar(labels: labels, position: position).render(into: &c, area: c.bounds)
    return c.lines
  }

  @Test func spreadsTabsAndUnderlinesTheSelectedOne() {
    let lines = render(2, width: 35)
    #expect(lines[0] == " Mon  Tue  Wed  Thu  Fri  Sat  Sun")
    #expect(lines[1] == "          ━━━━━")
  }

  @Test(arguments: [0.0, 0.2, 0.4, 0.6, 1.0])
  func indicatorMovesContinuously(fraction: Double) {
    let lines = render(3 + fraction, width: 70)
    let start = Array(lines[1]).firstIndex(of: "━")
    #expect(start == Int(((3 + fraction) * 10).rounded(.down)))
  }

  @Test func indicatorWrapsFromTheLastTabToTheFirst() {
    let lines = render(6.5, width: 70)
    let bar = Array(lines[1])
    #expect(bar.count == 70)
    #expect(bar[0..<5].allSatisfy { $0 == "━" })
    #expect(bar[65..<70].allSatisfy { $0 == "━" })
  }

  @Test func narrowBarScrollsToKeepTheSelectionCentred() {
    let a = render(0, width: 15)[0]
    let b = render(3, width: 15)[0]
    #expect(a.contains("Mon") && b.contains("Thu"))
    let ca = Array(a).firstIndex(of: "M")!
    let cb = Array(b).firstIndex(of: "T")!
    #expect(ca == cb)
  }

  @Test func markedTabIsUnderlined() {
    var c = Canvas(size: Size(width: 35, height: 2))
    TabBar(labels: labels, position: 0, marked: 3).render(into: &c, area: c.bounds)
    #expect(c[16, 0].scalar == "T" && c[16, 0].style.attributes.contains(.underline))
    #expect(!c[1, 0].style.attributes.contains(.underline))
  }

  @Test func selectionIsTheTargetWhileTheIndicatorSlides() {
    // Mid-slide from Mon to Tue: Tue is selected at once, the line is between the two.
    var c = Canvas(size: Size(width: 70, height: 2))
    TabBar(labels: labels, position: 0.3, selected: 1).render(into: &c, area: c.bounds)
    #expect(c[13, 0].scalar == "T" && c[13, 0].style.attributes.contains(.bold))
    #expect(c[3, 0].scalar == "M" && !c[3, 0].style.attributes.contains(.bold))
    #expect(Array(c.lines[1]).firstIndex(of: "━") == 3)
  }

  @Test(arguments: [0.0, 0.3, 0.5, 0.8, 1.0])
  func blockIndicatorSlidesCellByCell(fraction: Double) {
    var c = Canvas(size: Size(width: 70, height: 2))
    TabBar(labels: labels, position: 2 + fraction, selected: 3, indicator: .block)
      .render(into: &c, area: c.bounds)
    let reversed = (0..<70).filter { c[$0, 0].style.attributes.contains(.reverse) }
    let start = Int(((2 + fraction) * 10).rounded(.down))
    #expect(reversed == Array(start..<(start + 10)))
    #expect(c.lines[1].isEmpty, "a block indicator leaves the second row blank")
  }

  @Test func blockIndicatorWrapsAtTheSeam() {
    var c = Canvas(size: Size(width: 70, height: 2))
    TabBar(labels: labels, position: 6.5, selected: 0, indicator: .block)
      .render(into: &c, area: c.bounds)
    let reversed = (0..<70).filter { c[$0, 0].style.attributes.contains(.reverse) }
    #expect(reversed == Array(0..<5) + Array(65..<70))
  }

  @Test func restyleKeepsWideGlyphsWhole() {
    var c = Canvas(size: Size(width: 6, height: 1))
    c.draw("月火水", x: 0, y: 0)
    c.restyle(Rect(x: 1, y: 0, width: 2, height: 1)) { $0.attributes.insert(.reverse) }
    #expect(c.lines == ["月火水"])
    // Each glyph's halves agree: 月 takes its left half's style, 火 is reversed whole.
    #expect(c[0, 0].style == c[1, 0].style && c[2, 0].style == c[3, 0].style)
    #expect(c[2, 0].style.attributes.contains(.reverse))
  }

  @Test func hitTesting() {
    let bar = TabBar(labels: labels, position: 0)
    #expect(bar.tab(atColumn: 12, width: 70) == 1)
    #expect(bar.tab(atColumn: 69, width: 70) == 6)
  }
}

@Suite struct TextLinesTests {
  @Test func tailKeepsWholeCharactersThatFit() {
    #expect(TextWidth.tail(of: "abcかめ", fitting: 5) == "cかめ")
    #expect(TextWidth.tail(of: "abcかめ", fitting: 4) == "かめ")
    #expect(TextWidth.tail(of: "abcかめ", fitting: 3) == "め")
    #expect(TextWidth.tail(of: "ab", fitting: 0) == "")
  }

  @Test func wrapBreaksAtSpacesElseBetweenCharacters() {
    #expect(TextWidth.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(TextWidth.wrap("abcdefgh", width: 3) == ["abc", "def", "gh"])
    #expect(TextWidth.wrap("かめかめ", width: 5) == ["かめ", "かめ"])
  }

  @Test func highlightsRestyleTheirScalarsOnly() {
    var canvas = Canvas(size: Size(width: 10, height: 1))
    let mark = Style(.underline)
    canvas.draw("a\u{1b}bかc", x: 0, y: 0, highlights: [1..<3], highlight: mark)
    #expect(canvas.line(0) == "a␛bかc    ")
    #expect(canvas[0, 0].style == .plain && canvas[1, 0].style == mark)
    #expect(canvas[2, 0].style == mark && canvas[3, 0].style == .plain)
    // Cut by the width: the ellipsis is in the row's style.
    canvas = Canvas(size: Size(width: 10, height: 1))
    canvas.draw("abcdef", x: 0, y: 0, maxWidth: 4, highlights: [2..<6], highlight: mark)
    #expect(canvas.line(0) == "abc…      ")
    #expect(canvas[2, 0].style == mark && canvas[3, 0].style == .plain)
  }
}
