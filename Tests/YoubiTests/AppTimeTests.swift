import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
  CivilDate(year: year, month: month, day: day)!
}

func at(_ text: String) -> ReleaseTime { ReleaseTime(parsing: text)! }

/// A week with times and dates, its entries in file order not time order: Wednesday
/// 2 December 2026 is the tests' today.
func timedWeek() -> Schedule {
  Schedule(
    title: "Timed",
    days: [
      .wednesday: [
        Serial(title: "Untimed Serial", author: "U"),
        Serial(
          title: "Evening Anime", author: "E", time: at("21:00"), start: date(2026, 10, 7),
          skip: [date(2026, 11, 18)]),
        Serial(title: "Morning Paper", author: "M", time: at("07:00")),
        Serial(title: "Late Show", time: at("25:30")),
        Serial(title: "Lunch Manga", time: at("12:00")),
      ],
      .thursday: [
        Serial(title: "Ended Serial", end: date(2026, 11, 26)),
        Serial(
          title: "One-off Special", time: at("20:00"), start: date(2026, 12, 3),
          end: date(2026, 12, 3)),
        Serial(title: "Weekly", time: at("19:00")),
      ],
    ])
}

func timedState(
  day: Weekday = .wednesday, size: Size = Size(width: 60, height: 12), wall: WallTime = testWall,
  labels: Labels = .en
) -> AppState {
  AppState(
    schedule: timedWeek(), day: day, labels: labels, size: size, wall: wall,
    slideDuration: slide)
}

/// The wall clock at `hour:minute:second` on `day` of the test week (UTC).
func wall(_ day: Weekday, _ hour: Int, _ minute: Int, _ second: Int = 0) -> WallTime {
  WallTime(seconds: wall(day, hour: hour, minute: minute).seconds + Int64(second))
}

/// The state at `start`, after one update there (as the run loop's first).
func timedState(at start: WallTime, day: Weekday = .wednesday, dayStarts: Int = 0) -> AppState {
  var state = timedState(day: day, wall: start)
  state.dayStartHour = dayStarts
  state.stepQuietly(.timerFired, at: moment(.zero, from: start))
  return state
}

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
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / …",
      ])
  }

  @Test func airedIsAnAttributeAndAWordNotAColour() {
    let screen = timedState().render(at: .zero)
    // Row 4 is Lunch Manga, aired: dim, and saying so.
    #expect(screen[9, 4].style.attributes.contains(.dim))
    #expect(screen.lines[4].hasSuffix("aired"))
    // The next one's countdown is bold.
    #expect(screen[48, 5].style.attributes.contains(.bold))
  }

  @Test func otherDaysHaveTimesButNoCountdown() {
    var state = timedState(day: .thursday)
    state.step(.timerFired, at: .zero, effects: [.wake(at: beforeMidnight)])
    let screen = state.render(at: .zero)
    #expect(screen.lines[3] == " ▸ 19:00 Weekly")
    #expect(screen.lines[4] == "   20:00 One-off Special")  // a single release has no episode
    #expect(!screen.description.contains("aired") && !screen.description.contains(" in "))
  }

  @Test(arguments: [
    (Labels.en, "in 2h 05m"), (.ja, "あと2時間05分"),
  ])
  func theCountdownRoundsUpToTheMinute(labels: Labels, text: String) {
    var state = timedState(labels: labels)
    state.step(
      .timerFired, at: moment(.zero, from: wall(.wednesday, 18, 55, 30)),
      effects: [.wake(at: .seconds(30))])
    #expect(state.render(at: .zero).lines[5].contains(text))
  }

  @Test func theCountdownWakesOnceAMinuteWhileItIsOnScreen() {
    let start = wall(.wednesday, 18, 55, 30)
    var state = timedState(at: start)
    // 2h 04m 30s left shows as 2h 05m until 30 s from now, then a minute at a time.
    state.step(.timerFired, at: moment(.zero, from: start), effects: [.wake(at: .seconds(30))])
    #expect(state.render(at: .zero).lines[5].contains("in 2h 05m"))
    state.step(
      .timerFired, at: moment(.seconds(30), from: start), effects: [.wake(at: .seconds(90))])
    #expect(state.render(at: .seconds(30)).lines[5].contains("in 2h 04m"))
    // The last minute, then the release: the next is the Late Show.
    let last = Duration.seconds(2 * 3600 + 4 * 60)
    state.step(.timerFired, at: moment(last, from: start), effects: [.wake(at: .seconds(7470))])
    #expect(state.render(at: last).lines[5].contains("in 1m"))
    #expect(state.wake(after: last) == last + .seconds(30))
    state.step(
      .timerFired, at: moment(last + .seconds(30), from: start),
      effects: [.wake(at: .seconds(7530))])
    let screen = state.render(at: last + .seconds(30))
    #expect(screen.lines[5].contains("aired"))
    #expect(screen.lines[6].contains("in 4h 30m"))
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
    #expect(state.render(at: .zero).lines[5].contains("in 3h 30m"))
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

  @Test func theDayStartHourKeepsTheLateNightInTheDayBefore() {
    // Thursday 01:00 is Wednesday 25:00 when days start at 05:00.
    let start = wall(.thursday, 1, 0)
    var state = timedState(at: start, day: .thursday, dayStarts: 5)
    #expect(state.today == .wednesday)
    #expect(state.todayDate == date(2026, 12, 2))
    let t = state.press(.char("t"), at: .zero, from: start)
    #expect(state.selectedDay == .wednesday)
    let screen = state.render(at: t)
    #expect(screen.lines[5].contains("aired"))
    #expect(screen.lines[6].contains("25:30 Late Show") && screen.lines[6].contains("in 30m"))
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
    #expect(!state.render(at: .seconds(30)).description.contains(" in "))
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
    #expect(state.mode == .week && state.search?.isEditing == true)
  }
}
