import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The timed week's state with the calendar open (on today, Wednesday 2 December 2026).
func calendarState(
  size: Size = Size(width: 60, height: 12), wall: WallTime = testWall, labels: Labels = .en
) -> AppState {
  var state = timedState(size: size, wall: wall, labels: labels)
  state.stepQuietly(.keyPressed(.char("c")), at: moment(.zero, from: wall))
  return state
}

extension AppState {
  /// The selected section's calendar.
  var calendar: DatePager { sections[current].calendar }
}

@Suite struct AppCalendarTests {
  @Test func cOpensTheCalendarOnTodayAndGoesBackToTheWeekAsItWas() {
    var state = timedState(day: .friday)
    state.step(.keyPressed(.char("c")), at: .zero, effects: [.wake(at: .seconds(60))])
    #expect(state.mode == .calendar)
    #expect(state.calendar.selectedDate == date(2026, 12, 2))
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon 30  Tue 1   Wed 2   Thu 3   Fri 4   Sat 5   Sun 6",
        "                  ━━━━━━━━",
        " Wednesday, 2 December 2026  5 serials                  1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                      in 9h 00m  E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue 1                  Timed                   Thu 3 ›",
        " this week  ←→ day  [ ] week  t today  c week view  ? help",
      ])
    state.step(.keyPressed(.char("c")), at: ms(1), effects: [.wake(at: beforeMidnight + ms(1))])
    #expect(state.mode == .week && state.selectedDay == .friday)
  }

  @Test(arguments: Labels.allCases)
  func headingsAndTabsCarryTheDate(labels: Labels) {
    let screen = calendarState(labels: labels).render(at: .zero)
    switch labels {
    case .en:
      expectScreen(
        screen,
        [
          "   Mon 30  Tue 1   Wed 2   Thu 3   Fri 4   Sat 5   Sun 6",
          "                  ━━━━━━━━",
          " Wednesday, 2 December 2026  5 serials                  1/5",
          " ▸ 07:00 Morning Paper                             aired  M",
          "   12:00 Lunch Manga                                  aired",
          "   21:00 Evening Anime #8                      in 9h 00m  E",
          "   25:30 Late Show",
          "         Untimed Serial                                   U",
          "",
          "",
          "  ‹ Tue 1                  Timed                   Thu 3 ›",
          " this week  ←→ day  [ ] week  t today  c week view  ? help",
        ])
    case .ja:
      expectScreen(
        screen,
        [
          "   月 30    火 1    水 2    木 3    金 4    土 5    日 6",
          "                  ━━━━━━━━",
          " 2026年12月2日 (水)  5作品                              1/5",
          " ▸ 07:00 Morning Paper                                済  M",
          "   12:00 Lunch Manga                                     済",
          "   21:00 Evening Anime 第8話               あと9時間00分  E",
          "   25:30 Late Show",
          "         Untimed Serial                                   U",
          "",
          "",
          "  ‹ 火 1                   Timed                    木 3 ›",
          " 今週  ←→ 日  [ ] 週  t 今日  c 曜日表示  ? ヘルプ  q 終了",
        ])
    }
  }

  @Test func rightFromSundaySlidesOnToNextWeeksMonday() {
    var state = calendarState()
    var t = state.press(.char("7"), at: .zero)
    #expect(state.calendar.selectedDate == date(2026, 12, 6))
    t = state.press(.right, at: t)
    #expect(state.calendar.selectedDate == date(2026, 12, 7))
    expectScreen(
      state.render(at: t),
      [
        "   Mon 7   Tue 8   Wed 9   Thu 10  Fri 11  Sat 12  Sun 13",
        "  ━━━━━━━━",
        " Monday, 7 December 2026  0 serials",
        "",
        "               Nothing on Monday — a day off.",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun 6                  Timed                   Tue 8 ›",
        " next week  ←→ day  [ ] week  t today  c week view  ? help",
      ])
    t = state.press(.left, at: t)
    #expect(state.calendar.selectedDate == date(2026, 12, 6))
    expectScreen(
      state.render(at: t),
      [
        "   Mon 30  Tue 1   Wed 2   Thu 3   Fri 4   Sat 5   Sun 6",
        "                                                  ━━━━━━━━",
        " Sunday, 6 December 2026  0 serials",
        "",
        "               Nothing on Sunday — a day off.",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sat 5                  Timed                   Mon 7 ›",
        " this week  ←→ day  [ ] week  t today  c week view  ? help",
      ])
  }

  @Test func bracketsSlideAWeekAndPressesAddUp() {
    var state = calendarState()
    for i in 0..<3 { state.stepQuietly(.keyPressed(.char("]")), at: Duration.milliseconds(10 * i)) }
    var t = state.press(.char("]"), times: 0, at: ms(30))
    #expect(state.calendar.selectedDate == date(2026, 12, 23))
    expectScreen(
      state.render(at: t),
      [
        "   Mon 21  Tue 22  Wed 23  Thu 24  Fri 25  Sat 26  Sun 27",
        "                  ━━━━━━━━",
        " Wednesday, 23 December 2026  5 serials                 1/5",
        " ▸ 07:00 Morning Paper                                    M",
        "   12:00 Lunch Manga",
        "   21:00 Evening Anime #11                                E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue 22                 Timed                  Thu 24 ›",
        " in 3 weeks  ←→ day  [ ] week  t today  c week view  ? help",
      ])
    t = state.press(.char("["), times: 7, at: t)
    #expect(state.calendar.selectedDate == date(2026, 11, 4))
    expectScreen(
      state.render(at: t),
      [
        "   Mon 2   Tue 3   Wed 4   Thu 5   Fri 6   Sat 7   Sun 8",
        "                  ━━━━━━━━",
        " Wednesday, 4 November 2026  5 serials                  1/5",
        " ▸ 07:00 Morning Paper                                    M",
        "   12:00 Lunch Manga",
        "   21:00 Evening Anime #5                                 E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue 3                  Timed                   Thu 5 ›",
        " 4 weeks ago  ←→ day  [ ] week  t today  c week view  ? help",
      ])
    t = state.press(.char("["), at: t)
    expectScreen(
      state.render(at: t),
      [
        "   Mon 26  Tue 27  Wed 28  Thu 29  Fri 30  Sat 31  Sun 1",
        "                  ━━━━━━━━",
        " Wednesday, 28 October 2026  5 serials                  1/5",
        " ▸ 07:00 Morning Paper                                    M",
        "   12:00 Lunch Manga",
        "   21:00 Evening Anime #4                                 E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue 27                 Timed                  Thu 29 ›",
        " 2026-W44  ←→ day  [ ] week  t today  c week view  ? help",
      ])
    t = state.press(.char("t"), at: t)
    #expect(state.calendar.selectedDate == date(2026, 12, 2))
    t = state.press(.char("1"), at: t)
    #expect(state.calendar.selectedDate == date(2026, 11, 30))
    t = state.press(.char("7"), at: t)
    #expect(state.calendar.selectedDate == date(2026, 12, 6))
  }

  @Test func aDateShowsOnlyItsEntriesWithTheirEpisodes() {
    let state = calendarState()
    let section = state.sections[0]
    func titles(_ d: CivilDate) -> [String] {
      section.entries(on: d).map { serial in
        serial.title + (serial.episode(on: d).map { " #\($0)" } ?? "")
      }
    }
    // Evening Anime starts on Wednesday 7 October and skips 18 November.
    #expect(!titles(date(2026, 9, 30)).contains { $0.hasPrefix("Evening") })
    #expect(titles(date(2026, 10, 7)).contains("Evening Anime #1"))
    #expect(titles(date(2026, 11, 11)).contains("Evening Anime #6"))
    #expect(
      section.entries(on: date(2026, 11, 18)).first { $0.title.hasPrefix("Evening") }?
        .isOnBreak(on: date(2026, 11, 18)) == true, "a break stays, as a break")
    #expect(titles(date(2026, 11, 25)).contains("Evening Anime #7"))
    #expect(titles(date(2026, 12, 2)).contains("Evening Anime #8"))
    // The one-off is on its date only; the ended serial up to its end.
    #expect(titles(date(2026, 12, 3)) == ["Weekly", "One-off Special #1"])
    #expect(titles(date(2026, 12, 10)) == ["Weekly"])
    #expect(titles(date(2026, 11, 26)) == ["Weekly", "Ended Serial"])
  }

  @Test func eachDateKeepsItsCursorWhileNear() {
    var state = calendarState()
    var t = state.press(.char("j"), times: 2, at: .zero)
    t = state.press(.right, at: t)
    t = state.press(.char("j"), at: t)
    #expect(state.calendar[list: date(2026, 12, 3)].cursor == 1)
    t = state.press(.left, at: t)
    #expect(state.selectedList.cursor == 2)
    #expect(state.render(at: t).cursor == Point(x: 9, y: 5))
    // The week view keeps its own cursors.
    #expect(state.lists[Weekday.wednesday.rawValue].cursor == 0)
  }

  @Test func memoryStaysBoundedHoweverFarOnePages() {
    var state = calendarState()
    var t = Duration.zero
    for _ in 0..<60 {
      t = state.press(.char("j"), at: t)
      t = state.press(.char("]"), at: t)
    }
    #expect(state.calendar.selectedDate == date(2026, 12, 2).adding(days: 420))
    let kept = state.calendar.lists.storedPages
    #expect(kept.count <= 2 * DatePager.memoryDays + 1)
    let here = state.calendar.selectedDate.daysSince1970
    #expect(kept.allSatisfy { abs($0 - here) <= DatePager.memoryDays })
    // The window stays near page 0 however far it went.
    #expect(state.calendar.pager.currentPage == 0)
    #expect(state.calendar.origin == state.calendar.selectedDate)
  }

  @Test func aCancelledDragKeepsTheDateAndALongOneTurns() {
    var state = calendarState()
    func mouse(_ kind: MouseEvent.Kind, _ x: Int) -> AppEvent {
      .mouse(MouseEvent(kind, x: x, y: 6))
    }
    state.step(mouse(.press, 40), at: ms(0), effects: [.wake(at: .seconds(60))])
    state.step(mouse(.drag, 30), at: ms(50), effects: [.wake(at: .seconds(60) + ms(50))])
    state.step(mouse(.drag, 28), at: ms(200), effects: [.wake(at: .seconds(60) + ms(200))])
    var t = state.send(mouse(.release, 28), at: ms(400))
    #expect(state.calendar.selectedDate == date(2026, 12, 2))
    #expect(state.calendar.pager.isSettled && state.calendar.pager.currentPage == 0)
    state.step(
      mouse(.press, 50), at: t, effects: [.wake(at: .seconds(60) + .nanoseconds(511_803_399))])
    state.step(
      mouse(.drag, 40), at: t + ms(50),
      effects: [.wake(at: .seconds(60) + .nanoseconds(561_803_399))])
    state.step(
      mouse(.drag, 10), at: t + ms(300),
      effects: [.wake(at: .seconds(60) + .nanoseconds(811_803_399))])
    t = state.send(mouse(.release, 10), at: t + ms(500))
    #expect(state.calendar.selectedDate == date(2026, 12, 3))
    #expect(state.calendar.origin == date(2026, 12, 3))
  }

  @Test func clickingATabGoesToThatDateAndTheHintsStep() {
    var state = calendarState()
    let friday = state.tabBar(at: .zero).layout(width: 60)
    let x = friday.origin + 4 * friday.tabWidth + 2
    state.step(.mouse(MouseEvent(.press, x: x, y: 0)), at: .zero, effects: [.wake(at: frame)])
    var t = state.send(.mouse(MouseEvent(.release, x: x, y: 0)), at: .zero)
    #expect(state.calendar.selectedDate == date(2026, 12, 4))
    state.step(
      .mouse(MouseEvent(.press, x: 3, y: 10)), at: t,
      effects: [.wake(at: .nanoseconds(370_220_058))])
    t = state.send(.mouse(MouseEvent(.release, x: 3, y: 10)), at: t)
    #expect(state.calendar.selectedDate == date(2026, 12, 3))
  }

}
