import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The countdown to the next release: rounding, its wakes, off screen and scrolled away.
@Suite struct AppCountdownTests {
  /// 2h 04m 30s left shows as 2h 05m.
  @Test(arguments: Labels.allCases)
  func theCountdownRoundsUpToTheMinute(labels: Labels) {
    var state = timedState(labels: labels)
    state.step(
      .timerFired, at: moment(.zero, from: wall(.wednesday, 18, 55, 30)),
      effects: [.wake(at: .seconds(30))])
    let screen = state.render(at: .zero)
    switch labels {
    case .en:
      expectScreen(
        screen,
        [
          "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
          "                  ━━━━━━━━",
          " Wednesday  5 serials                                   1/5",
          " ▸ 07:00 Morning Paper                             aired  M",
          "   12:00 Lunch Manga                                  aired",
          "   21:00 Evening Anime #8                      in 2h 05m  E",
          "   25:30 Late Show",
          "         Untimed Serial                                   U",
          "",
          "",
          "  ‹ Tue                    Timed                     Thu ›",
          " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
        ])
    case .ja:
      expectScreen(
        screen,
        [
          "     月      火      水      木      金      土      日",
          "                  ━━━━━━━━",
          " 水曜日  5作品                                          1/5",
          " ▸ 07:00 Morning Paper                                済  M",
          "   12:00 Lunch Manga                                     済",
          "   21:00 Evening Anime 第8話               あと2時間05分  E",
          "   25:30 Late Show",
          "         Untimed Serial                                   U",
          "",
          "",
          "  ‹ 火                     Timed                      木 ›",
          " ←→ 曜日  ↑↓ 移動  1-7 曜日へ  t 今日  ? ヘルプ",
        ])
    }
  }

  @Test func theCountdownWakesOnceAMinuteWhileItIsOnScreen() {
    let start = wall(.wednesday, 18, 55, 30)
    var state = timedState(at: start)
    // 2h 04m 30s left shows as 2h 05m until 30 s from now, then a minute at a time.
    state.step(.timerFired, at: moment(.zero, from: start), effects: [.wake(at: .seconds(30))])
    expectScreen(
      state.render(at: .zero),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                      in 2h 05m  E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
    state.step(
      .timerFired, at: moment(.seconds(30), from: start), effects: [.wake(at: .seconds(90))])
    expectScreen(
      state.render(at: .seconds(30)),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                      in 2h 04m  E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
    // The last minute, then the release: the next is the Late Show.
    let last = Duration.seconds(2 * 3600 + 4 * 60)
    state.step(.timerFired, at: moment(last, from: start), effects: [.wake(at: .seconds(7470))])
    expectScreen(
      state.render(at: last),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                          in 1m  E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
    #expect(state.wake(after: last) == last + .seconds(30))
    state.step(
      .timerFired, at: moment(last + .seconds(30), from: start),
      effects: [.wake(at: .seconds(7530))])
    expectScreen(
      state.render(at: last + .seconds(30)),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                          aired  E",
        "   25:30 Late Show                                in 4h 30m",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
  }

  @Test func offScreenThereIsNoCountdownWakeOnlyTheRollover() {
    let start = wall(.wednesday, 18, 55, 30)
    var state = timedState(at: start)
    let t = state.press(.left, at: .zero, from: start)
    // Tuesday is on screen: the next wake is an hour before the day ends, at 23:00.
    let rollover = Duration.seconds(4 * 3600 + 4 * 60 + 30)
    state.step(.timerFired, at: moment(t, from: start), effects: [.wake(at: t + rollover)])
  }

  @Test func aCountdownScrolledAwayDoesNotWake() {
    // Three rows of list: the Late Show (the next at 22:00) is below them.
    let start = wall(.wednesday, 22, 0)
    var state = timedState(day: .wednesday, wall: start)
    state.size = Size(width: 60, height: 8)
    let rollover = Duration.seconds(3600)
    state.step(.timerFired, at: moment(.zero, from: start), effects: [.wake(at: rollover)])
    // Scrolled to it, it counts down: 3h 30m, next change in a minute.
    _ = state.press(.char("j"), times: 3, at: .zero, from: start)
    state.step(.timerFired, at: moment(.zero, from: start), effects: [.wake(at: .seconds(60))])
    expectScreen(
      state.render(at: .zero),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   4/5",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                          aired  E",
        " ▸ 25:30 Late Show                                in 3h 30m",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
  }

  @Test func aReleaseAboveTheWindowWakesWhenTheFirstOnScreenBecomesNext() {
    let start = wall(.wednesday, 6, 0)
    var state = timedState(day: .wednesday, wall: start)
    state.size = Size(width: 60, height: 8)
    _ = state.press(.char("G"), at: .zero, from: start)  // rows 2–4 on screen: Evening Anime first
    // Evening Anime starts counting down when Lunch Manga (12:00) comes out.
    state.step(
      .timerFired, at: moment(.zero, from: start), effects: [.wake(at: .seconds(6 * 3600))])
  }

  /// A release that came out earlier today is not the next one: its details
  /// name next week's, while one still to come today names today.
  @Test func theDetailsOfAReleaseOutTodayNameNextWeeks() {
    // 22:00: Evening Anime (21:00, episode 8 today) came out an hour ago.
    let now = wall(.wednesday, 22, 0)
    var state = timedState(at: now)
    for key in [Key.char("j"), .char("j"), .enter] {
      state.stepQuietly(.keyPressed(key), at: moment(.zero, from: now))
    }
    expectScreen(
      state.render(at: .zero),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        "┌─ Details ────────────────────────────────────────────────┐",
        "│ Evening Anime                                            │",
        "│ E                                                        │",
        "│ Time 21:00                                               │",
        "│ Next Wednesday, 9 December 2026 #9                       │",
        "│ [ y copy title ]                                         │",
        "└─ Enter Esc close ────────────────────────────────────────┘",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
  }
}
