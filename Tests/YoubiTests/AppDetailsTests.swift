import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The details box, opening a link and copying, as keys and clicks.
@Suite struct AppDetailsTests {
  @Test func enterOpensTheDetailsWrappedToTheWidthAndEnterOrEscCloseIt() {
    var state = marksState()
    state.expect(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = true
    }
    let screen = state.render(at: .zero)
    expectScreen(
      screen,
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "         Sakamoto Days                                                   Suzuki",
        "        ┌─ Details ────────────────────────────────────────────────────┐",
        "        │ Frieren: Beyond Journey's End                                │",
        "        │ 山田鐘人                                                     │",
        "        │ chapter 140, the long trip north through the snowy mountains │",
        "        │ of the plateau                                               │",
        "        │ Time 21:00                                                   │",
        "        │ https://example.com/frieren                                  │",
        "        │ [ o open ]  [ y copy link ]                                  │",
        "        └─ Enter Esc close ────────────────────────────────────────────┘",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    #expect(screen.cursor == Point(x: 10, y: 8), "the reading point is the box's first line")
    state.expect(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = false
    }
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.expect(.keyPressed(.escape), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = false
    }
  }

  @Test func theDetailsWrapWideTextByColumnsOnANarrowScreen() {
    var state = AppState(
      schedule: Schedule(days: [
        .monday: [Serial(title: "葬送のフリーレン 長いタイトルはここで折り返す", author: "山田鐘人")]
      ]), day: .monday, labels: .en, size: Size(width: 30, height: 12), wall: testWall)
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "ri  Sat  Sun  Mon  Tue  Wed  T",
        "             ━━━━━",
        "┌─ Details ──────────────────┐",
        "│ 葬送のフリーレン           │",
        "│ 長いタイトルはここで折り返 │",
        "│ す                         │",
        "│ 山田鐘人                   │",
        "│ [ y copy title ]           │",
        "└─ Enter Esc close ──────────┘",
        "",
        "  ‹ Sun                Tue ›",
        " ←→ day  ↑↓ move  ? help",
      ])
  }

  @Test func theDetailsTakeEveryKeyButTheirOwn() {
    var state = marksState()
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    for key: Key in [.down, .right, .char("j"), .char("?"), .char("/"), .char("*"), .tab] {
      state.expect(.keyPressed(key), at: .zero, effects: [.wake(at: beforeMidnight)]) { _ in }
    }
    state.step(.keyPressed(.char("\u{03}")), at: .zero, effects: [.quit(status: 130)])
    state.expect(.keyPressed(.char("q")), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = false
    }
  }

  @Test func oOpensTheLinkAndTheFooterSaysHowItWent() {
    var state = marksState()
    let url = webURL("https://example.com/frieren")
    state.step(
      .keyPressed(.char("o")), at: .zero,
      effects: [.open(webURL("https://example.com/frieren")), .wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "         Sakamoto Days                                                   Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " opening…                                                        ? help  q quit",
      ])
    state.step(.urlOpened(.success(url)), at: .zero, effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "         Sakamoto Days                                                   Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " opened                                                          ? help  q quit",
      ])
    state.step(
      .urlOpened(.failure(OpenFailure("no browser: xdg-open not found"))), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "         Sakamoto Days                                                   Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " no browser: xdg-open not found                                  ? help  q quit",
      ])
    state.step(.keyPressed(.down), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.notice == nil, "a key clears what the last action said")
  }

  @Test func oOnASerialWithoutALinkSaysSo() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    state.step(.keyPressed(.char("o")), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.notice == Notice(.link, "no link for this serial", isError: true))
  }

  @Test func yCopiesTheLinkOrTheTitle() {
    var state = marksState()
    state.step(
      .keyPressed(.char("y")), at: .zero,
      effects: [.copy("https://example.com/frieren"), .wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "         Sakamoto Days                                                   Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " sent to the terminal's clipboard                                ? help  q quit",
      ])
    // In a tmux that drops copies, the footer says how to let them through.
    var inTmux = state
    inTmux.stepQuietly(.tmuxClipboardOff, at: .zero)
    #expect(inTmux.notice == Notice(.clipboard, Labels.en.tmuxClipboardOff))
    _ = state.press(.char("G"), at: .zero)
    state.step(
      .keyPressed(.char("y")), at: .zero,
      effects: [.copy("Sakamoto Days"), .wake(at: beforeMidnight)])
  }

  @Test func aClickOnTheDetailsButtonsOrLinkOpensOrCopies() throws {
    var state = marksState()
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    let box = try #require(state.detailsBox())
    let open = try #require(box.buttons.first { $0.action == .open }).rect
    let copy = try #require(box.buttons.first { $0.action == .copy }).rect
    let url = webURL("https://example.com/frieren")
    func click(
      _ x: Int, _ y: Int, _ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation
    ) {
      state.step(
        .mouse(MouseEvent(.press, x: x, y: y)), at: .zero,
        effects: effects + [.wake(at: beforeMidnight)],
        sourceLocation: sourceLocation)
    }
    click(open.x + 2, open.y, [.open(url)])
    click(copy.x + 2, copy.y, [.copy(url.text)])
    click(12, 13, [.open(url)])  // row 13: the link's own line
    click(12, 9, [])  // the author's line does nothing
    #expect(state.showDetails)
    click(2, 20, [])
    #expect(!state.showDetails, "a click outside closes the box")
  }
}
