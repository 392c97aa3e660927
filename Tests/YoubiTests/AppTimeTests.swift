import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct AppTimeTests {
  @Test func eachDayIsInTimeOrderUntimedLastFileOrderKept() {
    var days = timedWeek().sections[0].days
    days[.wednesday]! += [Serial(title: "Also 07:00", time: at("07:00")), Serial(title: "Last")]
    let state = AppState(
      schedule: Schedule(days: days), day: .wednesday, labels: .en,
      size: Size(width: 60, height: 12), wall: testWall)
    #expect(
      state.serials(.wednesday).map(\.title) == [
        "Morning Paper", "Also 07:00", "Lunch Manga", "Evening Anime", "Late Show",
        "Untimed Serial", "Last",
      ])
  }

  @Test func todayShowsWhatAiredAndCountsDownToTheNext() {
    expectScreen(
      timedState().render(at: .zero),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                      in 9h 00m  E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
  }

  @Test func airedIsAnAttributeAndAWordNotAColour() {
    let screen = timedState().render(at: .zero)
    // Row 4 is Lunch Manga, aired: dim, and saying so.
    #expect(screen[9, 4].style.attributes.contains(.dim))
    expectScreen(
      screen,
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                      in 9h 00m  E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
    // The next one's countdown is bold.
    #expect(screen[48, 5].style.attributes.contains(.bold))
  }

  @Test func otherDaysHaveTimesButNoCountdown() {
    var state = timedState(day: .thursday)
    state.step(.timerFired, at: .zero, effects: [.wake(at: beforeMidnight)])
    let screen = state.render(at: .zero)
    // Nothing aired, no countdown; a single release has no episode.
    expectScreen(
      screen,
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                          ━━━━━━━━",
        " Thursday  2 serials                                    1/2",
        " ▸ 19:00 Weekly",
        "   20:00 One-off Special",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Wed                    Timed                     Fri ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
  }

  @Test func theDayStartHourKeepsTheLateNightInTheDayBefore() {
    // Thursday 01:00 is Wednesday 25:00 when days start at 05:00.
    let start = wall(.thursday, 1, 0)
    var state = timedState(at: start, day: .thursday, dayStarts: 5)
    #expect(state.today == .wednesday)
    #expect(state.todayDate == date(2026, 12, 2))
    let t = state.press(.char("t"), at: .zero, from: start)
    #expect(state.selectedDay == .wednesday)
    expectScreen(
      state.render(at: t),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                             aired  M",
        "   12:00 Lunch Manga                                  aired",
        "   21:00 Evening Anime #8                          aired  E",
        "   25:30 Late Show                                   in 30m",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
    // At 04:59:59 it is still Wednesday; the day turns at 05:00.
    #expect(
      WallTime(seconds: wall(.thursday, 4, 59, 59).seconds).date(dayStartHour: 5).weekday
        == .wednesday)
    #expect(wall(.thursday, 5, 0).date(dayStartHour: 5).weekday == .thursday)
  }

  @Test func atTheRolloverTodayMovesAndTheViewStays() {
    let start = wall(.wednesday, 23, 59, 30)
    var state = timedState(at: start)
    state.step(.timerFired, at: moment(.zero, from: start), effects: [.wake(at: .seconds(30))])
    #expect(state.tabBar(at: .zero).marked == Weekday.wednesday.rawValue)
    var expected = state
    expected.wall = wall(.thursday, 0, 0)
    state.step(
      .timerFired, at: moment(.seconds(30), from: start), effects: [.wake(at: .seconds(82830))])
    #expect(state == expected, "only the clock moved")
    #expect(state.today == .thursday)
    #expect(state.selectedDay == .wednesday)
    #expect(state.tabBar(at: .seconds(30)).marked == Weekday.thursday.rawValue)
    // Wednesday's list no longer counts down; t goes to Thursday.
    expectScreen(
      state.render(at: .seconds(30)),
      [
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "                  ━━━━━━━━",
        " Wednesday  5 serials                                   1/5",
        " ▸ 07:00 Morning Paper                                    M",
        "   12:00 Lunch Manga",
        "   21:00 Evening Anime #8                                 E",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "  ‹ Tue                    Timed                     Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help",
      ])
    _ = state.press(.char("t"), at: .seconds(31), from: start)
    #expect(state.selectedDay == .thursday)
  }

  @Test func aNewWeekChangesTheListsAndKeepsTheDay() {
    let start = wall(.sunday, 23, 59, 59)
    var state = timedState(at: start, day: .thursday)
    #expect(state.serials(.thursday).map(\.title) == ["Weekly", "One-off Special"])
    state.step(
      .timerFired, at: moment(.seconds(1), from: start), effects: [.wake(at: .seconds(82801))])
    #expect(state.todayDate == date(2026, 12, 7))
    #expect(state.sections[0].thisWeek == date(2026, 12, 7))
    #expect(state.selectedDay == .thursday)
    #expect(state.serials(.thursday).map(\.title) == ["Weekly"])
  }

  @Test func aDaylightSavingChangeBeforeTheBoundaryIsCaughtByTheEarlierWake() {
    // 20:00 at UTC+1, days start at 05:00: the boundary is 9 h off at this offset,
    // so the first wake is at 8 h; by then the clocks went forward (UTC+2) and it is
    // 05:00, the new day.
    let start = WallTime(seconds: wall(.saturday, 19, 0).seconds, utcOffset: 3600)
    var state = timedState(day: .saturday, wall: start)
    state.dayStartHour = 5
    let eight = Duration.seconds(8 * 3600)
    state.step(.timerFired, at: moment(.zero, from: start), effects: [.wake(at: eight)])
    let later = WallTime(seconds: start.seconds + 8 * 3600, utcOffset: 7200)
    state.step(
      .timerFired, at: Moment(uptime: eight, wall: later), effects: [.wake(at: .seconds(111600))])
    #expect(state.today == .sunday)
  }

  @Test func theReadingPointIsOnTheTitleAfterTheTime() {
    let state = timedState()
    #expect(state.render(at: .zero).cursor == Point(x: 9, y: 3))
  }

  @Test func searchFindsOnlyWhatThisWeeksDatesShowAndFollowsANewWeek() {
    let start = wall(.sunday, 23, 59, 50)
    var state = timedState(at: start, day: .wednesday)
    func type(_ text: String) {
      for key in text.unicodeScalars {
        state.stepQuietly(.keyPressed(.char(key)), at: moment(.zero, from: start))
      }
    }
    type("/serial")
    // "Ended Serial" ended on 26 November: only Wednesday's untimed serial matches.
    #expect(state.search?.hits == [SearchHit(section: 0, day: .wednesday, index: 4)])
    type("\u{15}one-off")  // Ctrl-U, then another query
    // Thursday 3 December lists Weekly (19:00), then the one-off (20:00).
    #expect(state.search?.hits == [SearchHit(section: 0, day: .thursday, index: 1)])
    state.step(.keyPressed(.enter), at: moment(.zero, from: start), effects: [.wake(at: frame)])
    // Monday: a new week, whose Thursday has no one-off; the kept search follows.
    state.step(
      .timerFired, at: moment(.seconds(15), from: start), effects: [.wake(at: .seconds(82810))])
    #expect(state.sections[0].thisWeek == date(2026, 12, 7))
    #expect(state.search?.hits == [])
  }

  @Test func slashInTheCalendarSearchesTheWeek() {
    var state = calendarState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: .seconds(60))])
    #expect(state.mode == .week && state.search != nil && state.focus == .search)
  }
}
