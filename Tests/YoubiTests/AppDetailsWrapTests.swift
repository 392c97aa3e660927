import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The detail box on a small screen: a field too long for its line goes on under its
/// value, past its label (the slot's name, a link's key and name, `Time`), counted in
/// columns (a Japanese label is two a character).
@Suite struct AppDetailsWrapTests {
  func render(_ labels: Labels, height: Int) throws -> Canvas {
    try AppDetailsSlotsTests().state(
      labels, watchOn: ["crunchyroll"], size: Size(width: 40, height: height)
    ).render(at: .zero)
  }

  @Test func at40x12TheSlotsWrapUnderTheirTimes() throws {
    expectScreen(
      try render(.en, height: 12),
      [
        "┌─ Details ────────────────────────────┐",
        "│ Night Show                           │",
        "│ Time Sun 17:45 (Mon 01:45 JST)       │",
        "│ Next Sunday, 6 December 2026         │",
        "│ Where and when                       │",
        "│   TV Sun 15:15 (Sun 23:15 JST), next │",
        "│      6 Dec                           │",
        "│ ▸ Crunchyroll Sun 17:45 (Mon 01:45   │",
        "│               JST), next 6 Dec       │",
        "│   Netflix 10 Jan 2027 16:00 (Mon     │",
        "│ [ y copy title ]                     │",
        "└─ Enter Esc close ↓ ──────────────────┘",
      ])
  }

  @Test func inJapaneseTheIndentCountsColumns() throws {
    expectScreen(
      try render(.ja, height: 12),
      [
        "┌─ 詳細 ───────────────────────────────┐",
        "│ Night Show                           │",
        "│ 時刻 日 17:45 (月 01:45 JST)         │",
        "│ 次回 2026年12月6日 (日)              │",
        "│ 放送・配信                           │",
        "│   テレビ 日 15:15 (日 23:15          │",
        "│          JST)、次回 12月6日          │",
        "│ ▸ Crunchyroll 日 17:45 (月 01:45     │",
        "│               JST)、次回 12月6日     │",
        "│   Netflix 2027年1月10日 16:00 (月    │",
        "│ [ y 題名をコピー ]                   │",
        "└─ Enter Esc で閉じる ↓ ───────────────┘",
      ])
  }

  @Test func aLinkWrapsUnderItsURL() throws {
    let lines = try render(.en, height: 24).lines
    #expect(lines.contains("│   Netflix 10 Jan 2027 16:00 (Mon     │"), "\(lines)")
    #expect(lines.contains("│           00:00 JST)                 │"), "\(lines)")
    #expect(lines.contains("│ 1 Crunchyroll https://www.crunchyrol │"), "\(lines)")
    #expect(lines.contains("│               l.com/series/G1        │"), "\(lines)")
  }

  @Test func aWrappedLinkOpensFromItsSecondLineToo() throws {
    var state = try AppDetailsSlotsTests().state(
      .en, watchOn: ["crunchyroll"], size: Size(width: 40, height: 24))
    let box = try #require(state.detailsBox())
    let row = try #require(box.lines.firstIndex { $0.text == "l.com/series/G1" })
    #expect(box.lines[row].indent == 14)
    let effects = state.checkedUpdate(
      .mouse(MouseEvent(.press, x: box.frame.x + 20, y: box.frame.y + 1 + row)),
      at: Moment(uptime: .zero, wall: state.wall))
    #expect(effects.contains(.open(try WebURL(checking: "https://www.crunchyroll.com/series/G1"))))
  }

  @Test func aLabelWiderThanHalfTheLineIsNotHungFrom() {
    let (indent, lines) = TextWidth.wrap("b c", width: 8, after: "aaaaa ")
    #expect(indent == 0)
    #expect(lines == ["aaaaa b", "c"])
    #expect(TextWidth.wrap("一二三 四五", width: 12, after: "時刻 ") == (5, ["時刻 一二三", "四五"]))
  }
}
