import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// What the footer says when the marks cannot be saved or the state file is moved aside.
@Suite struct AppMarksSavingTests {
  @Test func aFailedSaveShowsInTheFooterUntilOneSucceeds() {
    var state = marksState()
    let error = StateFileError(.system(errno: 28), "cannot save marks: No space left on device")
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.stateSynced(.failure(error)), at: .zero, effects: [.wake(at: ms(200))])
    // The mark stays while it retries.
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
        " cannot save marks: No space left on device                      ? help  q quit",
      ])
    state.step(.stateSynced(.success(state.marks)), at: .zero, effects: [.wake(at: ms(200))])
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
  }

  @Test func aStateFileProblemShowsInTheFooter() {
    var state = marksState()
    state.step(
      .stateFileMovedAside(to: "/s/youbi/state.json.bad-20261202T120000Z"), at: .zero,
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
        " state file unreadable: moved aside to state.json.bad-20261202T120000Z   ? help",
      ])
  }
}
