import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Read marks: the check, the counts behind, a new week, raw titles.
@Suite struct AppMarksTests {
  @Test func mMarksTheReleaseSeenWithACheckAndDimsTheRow() {
    var state = marksState()
    _ = state.press(.down, at: .zero)
    // Saved once the debounce passes.
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    let monday = date(2026, 11, 30)
    #expect(state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday))
    #expect(state.saving.unsaved)
    let screen = state.render(at: .zero)
    // From the first mark on, what came out and is not seen is behind: +N, never a bare number.
    expectScreen(
      screen,
      [
        "   Mon +3     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      2/4",
        "   21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        " ▸       Dandadan ✓",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
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
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    #expect(screen[3, 4].style.attributes.contains(.dim), "the read row is dimmed as well")
    #expect(!screen[3, 5].style.attributes.contains(.dim))
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(!state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday))
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +4     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 behind of 4                                                      2/4",
        "   21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        " ▸       Dandadan +1",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
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
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func aNewWeekStartsUnread() {
    var state = marksState()
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +3     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End ✓  chapter 140, the long trip…  山田鐘人",
        "         Dandadan +1",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
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
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    // The same app a week later: Monday's mark belongs to last week.
    state.step(
      .timerFired, at: moment(.seconds(7 * 86_400)),
      effects: [saved([frieren: seenMonday]), .wake(at: .seconds(644400))])
    let screen = state.render(at: .seconds(7 * 86_400))
    expectScreen(
      screen,
      [
        "   Mon +4     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 behind of 4                                                      1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        "         Dandadan +2",
        "         Kaiju No. 8 +2",
        "         Sakamoto Days +2                                                Suzuki",
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
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func allReadShowsACheckOnTheTabAndCountsGiveWayWhenNarrow() {
    var state = marksState()
    state.step(.keyPressed(.char("1")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.press(.char("2"), at: .zero)
    for _ in 0..<2 {
      state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
      state.step(.keyPressed(.down), at: .zero, effects: [.wake(at: ms(200))])
    }
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon       Tue ✓       Wed        Thu        Fri        Sat        Sun",
        "            ━━━━━━━━━━━",
        " Tuesday  0 behind of 2                                                     2/2",
        "   One Piece ✓",
        " ▸ Blue Lock ✓",
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
        "",
        "",
        "  ‹ Mon                            Marks week                            Wed ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    state.step(.resized(Size(width: 40, height: 24)), at: .zero, effects: [.wake(at: ms(200))])
    let narrow = state.render(at: .zero)
    // The counts do not fit: plain labels; the heading keeps the count.
    expectScreen(
      narrow,
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "       ━━━━━",
        " Tuesday  0 behind of 2             2/2",
        "   One Piece ✓",
        " ▸ Blue Lock ✓",
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
        "",
        "",
        "  ‹ Mon        Marks week        Wed ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }

  @Test func controlCharactersInTheRawTitleKeepTheirOwnIdentity() {
    let raw = Schedule(days: [.monday: [Serial(title: "A\u{1}"), Serial(title: "A\u{2}")]])
    var state = AppState(
      schedule: raw, day: .monday, labels: .en, size: Size(width: 80, height: 24), wall: testWall)
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +1       Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  1 behind of 2                                                      1/2",
        " ▸ A␁ ✓",
        "   A␂ +1",
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
        "",
        "",
        "  ‹ Sun                                                                  Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}
