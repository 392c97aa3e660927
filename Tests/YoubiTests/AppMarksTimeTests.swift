import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Marks with times and dates: the time-ordered lists, the calendar's weeks,
/// the next release in the details.
@Suite struct AppMarksWithTimesTests {
  /// Monday: an untimed serial first in the file, then a timed one (listed first).
  func timedState() -> AppState {
    var state = AppState(
      schedule: Schedule(
        title: "Timed",
        days: [
          .monday: [
            Serial(title: "Untimed"),
            Serial(
              title: "Timed", time: ReleaseTime(hour: 9, minute: 0), start: date(2026, 11, 2),
              skip: [date(2026, 12, 7)]),
          ]
        ]), day: .monday, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      slideDuration: slide, source: .file("/home/me/week.json"))
    state.markKeys[.file("/home/me/week.json")] = marksKey
    return state
  }

  @Test func aMarkLandsOnTheSerialOnScreenNotTheOneAtItsPlaceInTheFile() {
    var state = timedState()
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  2 serials                                                          1/2",
        " ▸ 09:00 Timed #5",
        "         Untimed",
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
        "  ‹ Sun                              Timed                               Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    // the cursor is on the first row: Timed
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.marks.isSeen(SerialID(title: "Timed"), in: marksKey, on: date(2026, 11, 30)))
    #expect(!state.marks.isSeen(SerialID(title: "Untimed"), in: marksKey, on: date(2026, 11, 30)))
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +1       Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  1 behind of 2                                                      1/2",
        " ▸ 09:00 Timed ✓ #5",
        "         Untimed +1",
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
        "  ‹ Sun                              Timed                               Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func aReleaseNotOutIsMarkedOnlyFromTheDetailsAndABreakNever() {
    var state = timedState()
    var t = state.press(.char("c"), at: .zero)  // the calendar, on today (Wednesday)
    t = state.press(.char("]"), at: t + ms(1))  // next week
    t = state.press(.char("1"), at: t + ms(1))  // its Monday, 2026-12-07: Timed is skipped
    let screen = state.render(at: t)
    // A break counts as nothing, and is dimmed.
    expectScreen(
      screen,
      [
        "    Mon 7      Tue 8      Wed 9     Thu 10     Fri 11     Sat 12     Sun 13",
        " ━━━━━━━━━━━",
        " Monday, 7 December 2026  1 serial                                          1/2",
        " ▸ 09:00 Timed                                                         on break",
        "         Untimed",
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
        "  ‹ Sun 6                            Timed                             Tue 8 ›",
        " next week  ←→ day  [ ] week  t today  c week view  ? help  q quit",
      ])
    #expect(screen[5, 3].style.attributes.contains(.dim), "a break is dimmed")
    state.step(
      .keyPressed(.char("m")), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(855_553_391))])
    #expect(state.marks.isEmpty)
    expectScreen(
      state.render(at: t),
      [
        "    Mon 7      Tue 8      Wed 9     Thu 10     Fri 11     Sat 12     Sun 13",
        " ━━━━━━━━━━━",
        " Monday, 7 December 2026  1 serial                                          1/2",
        " ▸ 09:00 Timed                                                         on break",
        "         Untimed",
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
        "  ‹ Sun 6                            Timed                             Tue 8 ›",
        " on break: nothing to mark                                       ? help  q quit",
      ])
    t = state.press(.down, at: t)
    state.step(
      .keyPressed(.char("m")), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(855_553_391))])
    #expect(state.marks.isEmpty, "not out yet: refused")
    expectScreen(
      state.render(at: t),
      [
        "    Mon 7      Tue 8      Wed 9     Thu 10     Fri 11     Sat 12     Sun 13",
        " ━━━━━━━━━━━",
        " Monday, 7 December 2026  1 serial                                          2/2",
        "   09:00 Timed                                                         on break",
        " ▸       Untimed",
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
        "  ‹ Sun 6                            Timed                             Tue 8 ›",
        " not out yet (Enter, then m marks it ahead)                      ? help  q quit",
      ])
    // From the detail box, on purpose: marked ahead.
    state.step(
      .keyPressed(.enter), at: t, effects: [.wake(at: beforeMidnight + .nanoseconds(855_553_391))])
    state.step(
      .keyPressed(.char("m")), at: t, effects: [.wake(at: .seconds(1) + .nanoseconds(55_553_391))])
    let untimed = SerialID(title: "Untimed")
    #expect(state.marks.isSeen(untimed, in: marksKey, on: date(2026, 12, 7)))
    #expect(!state.marks.isSeen(untimed, in: marksKey, on: date(2026, 11, 30)))
  }

  @Test func theDetailsNameTheNextReleaseAndItsEpisode() {
    var state = timedState()
    // Wednesday 2 December: Timed's next Monday is the 7th, skipped, so the 14th, episode 6.
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  2 serials                                                          1/2",
        " ▸ 09:00 Timed #5",
        "         Untimed",
        "",
        "",
        "",
        "",
        "        ┌─ Details ────────────────────────────────────────────────────┐",
        "        │ Timed                                                        │",
        "        │ Time 09:00                                                   │",
        "        │ Next Monday, 14 December 2026 #6                             │",
        "        │ [ y copy title ]                                             │",
        "        └─ Enter Esc close ────────────────────────────────────────────┘",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                              Timed                               Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}
