import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A week of anime to follow: a serial on Monday at 21:00, Wednesday at 20:00, Sunday
/// untimed, one every other Tuesday from 3 November, and a Friday one on a break on
/// 27 November.
func followedWeek() -> Schedule {
  Schedule(
    title: "Followed",
    sections: [
      Schedule.Section(
        kind: .anime,
        days: [
          .monday: [Serial(title: "Mon", time: ReleaseTime(hour: 21, minute: 0))],
          .tuesday: [Serial(title: "Bi", start: date(2026, 11, 3), every: 2)],
          .wednesday: [Serial(title: "Wed", time: ReleaseTime(hour: 20, minute: 0))],
          .friday: [Serial(title: "Fri", skip: [date(2026, 11, 27)])],
          .sunday: [Serial(title: "Sun")],
        ])
    ])
}

/// `followedWeek()` on `wall`, with Monday 16 November's release marked seen that day:
/// from then on, what came out and is not seen is behind.
func followedState(wall: WallTime, day: Weekday? = nil, weeks: Int = 4) -> AppState {
  var state = AppState(
    schedule: followedWeek(), day: day, labels: .en, size: Size(width: 80, height: 24),
    wall: wall, slideDuration: slide, source: .file("/home/me/week.json"))
  state.markKeys[.file("/home/me/week.json")] = marksKey
  state.backlogWeeks = weeks
  var marks = Marks()
  marks.setSeen(
    true, SerialID(title: "Mon"), in: marksKey, on: date(2026, 11, 16),
    at: WallTime(seconds: mondayMidnight - 14 * 86_400 + 22 * 3600))
  state.stepQuietly(.stateSynced(.success(marks)), at: Moment(uptime: .zero, wall: wall))
  return state
}

/// Monday 7 December (the week after the tests' week) at `hour`, UTC.
func nextMonday(hour: Int) -> WallTime {
  WallTime(seconds: mondayMidnight + 7 * 86_400 + Int64(hour) * 3600)
}

@Suite struct AppBehindTests {
  func behind(_ state: AppState, _ title: String) -> Int {
    state.backlog.count(SerialID(title: title), section: 0)
  }

  @Test func behindCountsCarryOverTheWeekBoundaryAndCountOnlyWhatCameOut() {
    let morning = nextMonday(hour: 10)
    var state = followedState(wall: morning)
    // Since 16 November: Monday's 23rd and 30th (the 7th airs tonight), three Wednesdays,
    // three Sundays, Bi on the 17th and 1st (every other week), Fri on the 20th and the
    // 4th (the 27th is a break).
    #expect(["Mon", "Wed", "Sun", "Bi", "Fri"].map { behind(state, $0) } == [2, 3, 3, 2, 2])
    var screen = state.render(at: .zero)
    // Today's page lists its own serial, then the others behind, oldest release first.
    // Nothing out today: no count on Monday's tab.
    expectScreen(
      screen,
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  0 behind of 1                                                      1/5",
        " ▸ 21:00 Mon +2                                                      in 11h 00m",
        "   Tue   Bi +2 #3",
        "   Wed   Wed +3",
        "   Fri   Fri +2",
        "   Sun   Sun +3",
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
        "  ‹ Sun                             Followed                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    // Tonight at 21:00 it airs, and the counts follow without a key.
    let evening = Moment(uptime: .seconds(11 * 3600), wall: nextMonday(hour: 21))
    state.step(.timerFired, at: evening, effects: [.wake(at: .seconds(46800))])
    #expect(behind(state, "Mon") == 3)
    screen = state.render(at: .seconds(11 * 3600))
    expectScreen(
      screen,
      [
        "   Mon +1       Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  1 behind of 1                                                      1/5",
        " ▸ 21:00 Mon +3                                                           aired",
        "   Tue   Bi +2 #3",
        "   Wed   Wed +3",
        "   Fri   Fri +2",
        "   Sun   Sun +3",
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
        "  ‹ Sun                             Followed                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func theLookbackIsBoundedByBacklogWeeks() {
    // Nothing marked before: marked on 1 October, looking back four weeks from 7 December.
    var state = followedState(wall: nextMonday(hour: 22))
    var marks = Marks()
    marks.setSeen(
      true, SerialID(title: "Sun"), in: marksKey, on: date(2026, 10, 4),
      at: WallTime(seconds: mondayMidnight - 60 * 86_400))
    state.step(
      .stateSynced(.success(marks)), at: Moment(uptime: .zero, wall: state.wall),
      effects: [.wake(at: .seconds(3600))])
    // From 4 October, but four weeks back only: not 7 October … 4 November.
    #expect(behind(state, "Wed") == 4, "11, 18, 25 November and 2 December")
    state.backlogWeeks = 2
    state.step(
      .timerFired, at: Moment(uptime: .zero, wall: state.wall), effects: [.wake(at: .seconds(3600))]
    )
    #expect(behind(state, "Wed") == 2, "25 November and 2 December")
  }

  @Test func aBiweeklySerialIsListedEveryOtherWeekAndABreakStaysAsABreak() {
    let state = followedState(wall: nextMonday(hour: 10))
    let section = state.sections[0]
    #expect(section.entries(on: date(2026, 12, 1)).map(\.title) == ["Bi"])
    #expect(section.entries(on: date(2026, 12, 8)).isEmpty)
    #expect(section.entries(on: date(2026, 12, 15)).map(\.title) == ["Bi"])
    let friday = section.entries(on: date(2026, 11, 27))
    #expect(friday.map(\.title) == ["Fri"] && friday[0].isOnBreak(on: date(2026, 11, 27)))
  }

  @Test func shiftMCatchesUpOnEveryOlderRelease() {
    var state = followedState(wall: nextMonday(hour: 22))
    #expect(behind(state, "Mon") == 3)
    let effects = state.update(.keyPressed(.char("M")), at: Moment(uptime: .zero, wall: state.wall))
    let mon = SerialID(title: "Mon")
    for day in [23, 30] {
      #expect(state.marks.isSeen(mon, in: marksKey, on: date(2026, 11, day)))
    }
    #expect(state.marks.isSeen(mon, in: marksKey, on: date(2026, 12, 7)))
    #expect(!effects.contains(.quit(status: 0)) && state.saving.unsaved)
    #expect(behind(state, "Mon") == 0)
    expectScreen(
      state.render(at: .zero),
      [
        "    Mon ✓       Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  0 behind of 1                                                      1/5",
        " ▸ 21:00 Mon ✓                                                            aired",
        "   Tue   Bi +2 #3",
        "   Wed   Wed +3",
        "   Fri   Fri +2",
        "   Sun   Sun +3",
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
        "  ‹ Sun                             Followed                             Tue ›",
        " 3 marked watched                                                ? help  q quit",
      ])
  }

  @Test func bListsEveryReleaseBehindOldestFirstAndMMarksOne() {
    var state = followedState(wall: nextMonday(hour: 10))
    let now = Moment(uptime: .zero, wall: state.wall)
    state.step(.keyPressed(.char("b")), at: now, effects: [.wake(at: .seconds(60))])
    // Oldest first: Bi of Tuesday the 17th before Wed of the 18th.
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  0 behind of 1                                                      1/5",
        " ▸ 21:00 Mon +2                                                      in 11h 00m",
        "   Tue   Bi +2 #3",
        "   Wed   Wed +3 ┌─ Behind ────────────────────────────────────┐",
        "   Fri   Fri +2 │ Tue 17         Bi #2                        │",
        "   Sun   Sun +3 │ Wed 18  20:00  Wed                          │",
        "                │ Fri 20         Fri                          │",
        "                │ Sun 22         Sun                          │",
        "                │ Mon 23  21:00  Mon                          │",
        "                │ Wed 25  20:00  Wed                          │",
        "                │ Sun 29         Sun                          │",
        "                │ Mon 30  21:00  Mon                          │",
        "                │ Tue 1          Bi #3                        │",
        "                │ Wed 2   20:00  Wed                          │",
        "                │ Fri 4          Fri                          │",
        "                │ Sun 6          Sun                          │",
        "                └─ m mark  M catch up  o open  b Esc close ───┘",
        "",
        "",
        "",
        "  ‹ Sun                             Followed                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    state.step(.keyPressed(.char("m")), at: now, effects: [.wake(at: ms(200))])
    #expect(state.marks.isSeen(SerialID(title: "Bi"), in: marksKey, on: date(2026, 11, 17)))
    #expect(behind(state, "Bi") == 1)
    state.step(.keyPressed(.escape), at: now, effects: [.wake(at: ms(200))])
    #expect(state.behindList == nil)
  }

  @Test func aMarkOnACarriedRowMarksItsOwnRelease() {
    var state = followedState(wall: nextMonday(hour: 10))
    let now = Moment(uptime: .zero, wall: state.wall)
    // Bi, carried from Tuesday 1 December
    state.step(.keyPressed(.down), at: now, effects: [.wake(at: .seconds(60))])
    state.step(.keyPressed(.char("m")), at: now, effects: [.wake(at: ms(200))])
    #expect(state.marks.isSeen(SerialID(title: "Bi"), in: marksKey, on: date(2026, 12, 1)))
  }

  @Test func marksFollowASerialWhenTheFileIsEdited() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    // Sakamoto Days moves to Tuesday's top, with a note.
    let monday = marksWeek()[.monday]
    let edited = Schedule(
      title: "Marks week",
      days: [
        .monday: Array(monday.dropLast()),
        .tuesday: [Serial(title: "Sakamoto Days", author: "Suzuki", note: "new arc")]
          + marksWeek()[.tuesday],
      ])
    state.step(
      .scheduleLoaded(path: "/home/me/week.json", .success(SafeSchedule.sections(of: edited))),
      at: .zero, effects: [.watch(paths: ["/home/me/week.json"]), .wake(at: ms(200))])
    _ = state.press(
      .char("2"), at: .zero,
      effects: [saved([sakamoto: Marks.Entry(star: stamp(true), seen: [testMonday: stamp(true)])])])
    let screen = state.render(at: .zero)
    // The star follows it; the mark stays with Monday's release, and Tuesday's is behind.
    expectScreen(
      screen,
      [
        "   Mon +3     Tue +3       Wed        Thu        Fri        Sat        Sun",
        "            ━━━━━━━━━━━",
        " Tuesday  3 behind of 3                                                     2/3",
        "★  Sakamoto Days +1  new arc                                             Suzuki",
        " ▸ One Piece +1",
        "   Blue Lock +1",
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
    #expect(
      state.marks.isSeen(SerialID(title: "Sakamoto Days"), in: marksKey, on: date(2026, 11, 30)))
  }

}
