import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Stars and the starred filter (`f`, `*`).
@Suite struct AppStarFilterTests {
  @Test func fStarsAndStarShowsOnlyStarredKeepingTheCursor() {
    var state = marksState()
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    _ = state.press(.char("G"), at: .zero, effects: [saved([frieren: starredNow])])
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.press(.up, at: .zero)  // on Kaiju No. 8, not starred
    #expect(state.marks.starred(in: marksKey).count == 2)
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          3/4",
        "★  21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        " ▸       Kaiju No. 8",
        "★        Sakamoto Days                                                   Suzuki",
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
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  2 serials                                                          2/2",
        "★  21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "★▸       Sakamoto Days                                                   Suzuki",
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
        "  ‹ Sun                            Marks week                            Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    _ = state.press(.char("2"), at: .zero)
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        "            ━━━━━━━━━━━",
        " Tuesday  0 serials",
        "",
        "                         Nothing starred — * shows all",
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
    _ = state.press(.char("1"), at: .zero)
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          4/4",
        "★  21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "★▸       Sakamoto Days                                                   Suzuki",
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
      ])  // the same serial
    #expect(state.sections[0].starFilter == nil)
  }

  @Test func unstarringUnderTheFilterTakesTheSerialOffTheList() {
    var state = marksState()
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.serials(.monday).map(\.title) == ["Frieren: Beyond Journey's End"])
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.serials(.monday).isEmpty)
  }

  @Test func starsMergedFromAnotherProcessJoinTheFilter() {
    var state = marksState()
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: beforeMidnight)])
    var theirs = Marks()
    theirs.setStarred(true, SerialID(title: "Kaiju No. 8"), in: marksKey, at: testWall)
    state.step(.stateSynced(.success(theirs)), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.serials(.monday).map(\.title) == ["Kaiju No. 8"])
  }

  @Test func searchUnderTheFilterFindsOnlyWhatIsListed() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.pasted("a"), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.search?.hits == [SearchHit(section: 0, day: .monday, index: 0)])
  }
}
