import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The search prompt: what typing, pasting and clicking do to the query, and hostile text.
@Suite struct AppSearchPromptTests {
  @Test func keysThatMoveOrQuitAreTextInThePrompt() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    for key: Key in [.char("q"), .down, .right, .tab, .char("j"), .pageDown, .function(5)] {
      #expect(state.update(.keyPressed(key), at: .zero).allSatisfy { $0 != .quit(status: 0) })
    }
    #expect(state.search?.query == "qj")
    #expect(state.selectedDay == .monday && state.current == 0 && state.lists[0].cursor == 0)
    #expect(state.update(.keyPressed(.char("\u{03}")), at: .zero).contains(.quit(status: 130)))
  }

  @Test(
    "Backspace deletes a whole character",
    arguments: [
      "か\u{3099}", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "漢",
    ])
  func backspaceDeletesAWholeCharacter(character: String) {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(.pasted("ab" + character), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search?.query == "ab" + character)
    state.step(.keyPressed(.backspace), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search?.query == "ab")
  }

  @Test func backspaceOnAnEmptyPromptCancels() {
    var state = searchState()
    let before = state
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.expect(.keyPressed(.backspace), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0 = before
    }
  }

  @Test func pastedTextGoesIntoThePromptAsOneLine() {
    var state = searchState()
    // no prompt: pasted text is nothing
    state.step(.pasted("q"), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search == nil)
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(.pasted("ka\nme\u{1b}[2J\tx"), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search?.query == "ka me[2J x")
    expectScreen(
      state.render(at: .zero),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  3 serials                      1/3",
        " ▸ Frieren",
        "   Kame Quest                            亀",
        "   Dandadan",
        "",
        "  ‹ Sun            Anime             Tue ›",
        " /ka me[2J x                       no match",
      ])
  }

  @Test func controlCharactersTypedAreDropped() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    for c: Unicode.Scalar in ["\u{1b}", "\u{07}", "\u{9b}", "a"] {
      state.step(.keyPressed(.char(c)), at: .zero, effects: [.wake(at: beforeMidnight)])
    }
    #expect(state.search?.query == "a")
    // Ctrl-U
    state.step(.keyPressed(.char("\u{15}")), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search?.query == "")
  }

  @Test func enterOnAnEmptyPromptEndsTheSearch() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search == nil)
  }

  @Test func aClickWhileTypingKeepsTheResult() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    let t = state.type("かめ", at: .zero)
    state.step(
      .mouse(MouseEvent(.wheelDown, x: 10, y: 5)), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(353_553_391))])
    #expect(state.search != nil && state.focus == .page && state.selectedDay == .wednesday)
  }

  @Test func aLongQueryShowsItsEnd() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(
      .pasted(String(repeating: "x", count: 60) + "END"), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  3 serials                      1/3",
        " ▸ Frieren",
        "   Kame Quest                            亀",
        "   Dandadan",
        "",
        "  ‹ Sun            Anime             Tue ›",
        " /xxxxxxxxxxxxxxxxxxxxxxxxxxxxEND  no match",
      ])
    #expect(state.render(at: .zero).cursor?.x ?? 0 < 44)
  }

  @Test func hostileTextStaysInertWhenHighlighted() {
    let hostile = Schedule(
      days: [.monday: [Serial(title: "\u{1b}]0;pwned\u{07}かめ\u{1b}[2J", author: "\u{202e}かめ")]])
    var state = AppState(
      schedule: hostile, day: .monday, labels: .en, size: Size(width: 44, height: 10),
      wall: testWall)
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(.pasted("かめ"), at: .zero, effects: [.wake(at: beforeMidnight)])
    let screen = state.render(at: .zero)
    expectScreen(
      screen,
      [
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  1 serial                       1/1",
        " ▸ ␛]0;pwned␇かめ␛[2J                 ⁇かめ",
        "",
        "",
        "",
        "",
        "  ‹ Sun                              Tue ›",
        " /かめ                              1 match",
      ])
    for y in 0..<screen.size.height {
      for x in 0..<screen.size.width {
        let v = screen[x, y].scalar.value
        #expect(!(v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x202E), "raw \(v) at \(x),\(y)")
      }
    }
    #expect(screen[15, 3].style.attributes.contains(.underline))  // か, highlighted
  }

  @Test func aPastedInvisibleCharacterMatchesItsPlaceholder() {
    var state = AppState(
      schedule: Schedule(days: [.monday: [Serial(title: "a\u{200b}b")]]), day: .monday,
      labels: .en, size: Size(width: 44, height: 10), wall: testWall)
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(.pasted("a\u{200b}b"), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search?.hits.count == 1)
  }

  @Test func aScheduleThatLoadsDuringASearchIsSearchedToo() {
    var state = searchState()
    state.sections.append(
      SectionState(name: "late.json", source: .file("late.json"), schedule: nil, day: .monday))
    state.sectionPager = Pager(mode: .bounded(count: 3), page: 0, duration: slide)
    // Not `type`: the loading spinner never lets time settle.
    for key: Key in [.char("/"), .char("か"), .char("め")] {
      state.stepQuietly(.keyPressed(key), at: .zero)
    }
    #expect(state.search?.hits.count == 2)
    let late = Schedule(days: [.friday: [Serial(title: "カメラ")]])
    state.step(
      .scheduleLoaded(path: "late.json", .success([SafeSchedule(late)])), at: ms(1),
      effects: [.wake(at: .nanoseconds(17_666_667))])
    #expect(state.search?.hits.last == SearchHit(section: 2, day: .friday, index: 0))
    #expect(state.current == 0 && state.selectedDay == .wednesday, "the view stays")
  }
}
