import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct AppRenderTests {
  @Test func midSlideShowsBothDaysSideBySide() {
    var state = makeState(day: .tuesday, size: Size(width: 50, height: 8))
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // Half way: Tuesday's right half (its authors) on the left of the screen,
    // Wednesday's left half (its heading and titles) on the right.
    expectScreen(
      state.render(at: ms(125)),
      [
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "          ━━━━━━━",
        "                    1/40  Wednesday  40 serials",
        "                Author 1  ▸ Wed 01",
        "                Author 2    Wed 02",
        "                Author 3    Wed 03",
        "  ‹ Tue             Test week              Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
  }

  @Test func indicatorFollowsTheSlide() {
    var state = makeState(day: .monday, size: Size(width: 77, height: 8))
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    state.pager = Pager(mode: .looping(count: 7), page: 0, duration: slide, easing: .linear)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // 77 columns: seven tabs of 11; at 40 % of the slide the bar starts at 4.
    expectScreen(
      state.render(at: ms(100)),
      [
        "    Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        "    ━━━━━━━━━━━",
        "                                         1/40  Tuesday  40 serials",
        "                                     Author 1  ▸ Tue 01",
        "                                     Author 2    Tue 02",
        "                                     Author 3    Tue 03",
        "  ‹ Mon                           Test week                           Wed ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func indicatorWrapsAtTheSeam() {
    var state = makeState(day: .sunday, size: Size(width: 77, height: 8))
    state.pager = Pager(mode: .looping(count: 7), page: 6, duration: slide, easing: .linear)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // Half way: half the bar at the right edge, half at the left.
    expectScreen(
      state.render(at: ms(125)),
      [
        "    Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        "━━━━━                                                                  ━━━━━━",
        "                                 1/40  Monday  40 serials",
        "                             Author 1  ▸ Mon 01",
        "                             Author 2    Mon 02",
        "                             Author 3    Mon 03",
        "  ‹ Sun                           Test week                           Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func loadingShowsASpinnerThenTheList() {
    var state = loadingState(size: Size(width: 40, height: 8))
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "  ━━━━━",
        " Monday",
        "",
        "  ⠋ Loading schedule…",
        "",
        "  ‹ Sun                          Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
    #expect(state.nextFrame(after: .zero) != nil)
    state.step(
      .scheduleLoaded(path: "week.json", .success([SafeSchedule(testWeek())])), at: ms(5),
      effects: [.wake(at: beforeMidnight + ms(5))])
    expectScreen(
      state.render(at: ms(5)),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "  ━━━━━",
        " Monday  40 serials                1/40",
        " ▸ Mon 01                      Author 1",
        "   Mon 02                      Author 2",
        "   Mon 03                      Author 3",
        "  ‹ Sun        Test week         Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
    #expect(state.nextFrame(after: ms(5)) == nil)
  }

  @Test func notesShowWhenThereIsRoom() {
    let state = AppState(
      schedule: Schedule(days: [.monday: [Serial(title: "Title", author: "Author", note: "ep. 48")]]
      ),
      day: .monday, labels: .en, size: Size(width: 40, height: 8), wall: testWall)
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "  ━━━━━",
        " Monday  1 serial                   1/1",
        " ▸ Title  ep. 48                 Author",
        "",
        "",
        "  ‹ Sun                          Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }

  @Test func emptyDayHasAFriendlyNote() {
    let state = AppState(
      schedule: Schedule(days: [:]), day: .monday, labels: .en,
      size: Size(width: 40, height: 8), wall: testWall)
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "  ━━━━━",
        " Monday  0 serials",
        "",
        "     Nothing on Monday — a day off.",
        "",
        "  ‹ Sun                          Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }
}
