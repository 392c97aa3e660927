import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore

/// The pager places its schedules within a short horizon and again around a date it goes
/// near the edge of (issue 32, item 15): the calendar's date, today's, and back.
@Suite struct AppPlacementTests {
  static func placedState() -> AppState {
    var state = watchedState()
    state.placement = Placement(weeks: 8, start: state.todayDate)
    _ = state.launch()
    return state
  }

  static func loads(_ effects: [Effect]) -> [Effect] {
    effects.filter { if case .load = $0 { true } else { false } }
  }

  /// Presses `key` a second after `t`, and returns what it asked to load.
  static func press(_ key: Key, _ state: inout AppState, _ t: inout Duration) -> [Effect] {
    t += .seconds(1)
    return loads(state.update(.keyPressed(key), at: Moment(uptime: t, wall: state.wall)))
  }

  @Test func theWeekAndNearbyDatesPlaceNothingAgain() {
    var state = Self.placedState()
    var t = Duration.zero
    var asked: [Effect] = []
    for key in [Key.right, .left, .char("c"), .char("]"), .char("]"), .char("["), .char("c")] {
      asked += Self.press(key, &state, &t)
    }
    // The calendar reads the file whole once (it was read at the start: nothing to read).
    #expect(asked == [], "\(asked)")
    #expect(state.placement.around == nil)
  }

  @Test func aDatePastTheMarginIsPlacedAroundThenTodayAgain() {
    var state = Self.placedState()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    var asked: [Effect] = []
    // Five weeks out is within 8 − 3; the sixth is past it.
    for _ in 0..<5 { asked += Self.press(.char("]"), &state, &t) }
    #expect(asked == [])
    t += .seconds(5)  // the calendar's slide lands
    _ = state.update(.timerFired, at: Moment(uptime: t, wall: state.wall))
    asked = Self.press(.char("]"), &state, &t)
    t += .seconds(5)
    asked += Self.loads(state.update(.timerFired, at: Moment(uptime: t, wall: state.wall)))
    let far = state.todayDate.adding(days: 42)
    #expect(asked == [.load(path: watchedPath, around: far)], "\(asked)")
    #expect(state.placement.around == far)
    #expect(state.sections[0].reload.loading)
    // A second far date while that read is under way waits for it, then reads again.
    for _ in 0..<6 { _ = Self.press(.char("]"), &state, &t) }
    t += .seconds(5)
    asked = Self.loads(state.update(.timerFired, at: Moment(uptime: t, wall: state.wall)))
    #expect(asked == [])
    let farther = state.todayDate.adding(days: 84)
    #expect(state.placement.around == farther)
    asked = Self.loads(
      state.update(
        .scheduleLoaded(path: watchedPath, .success(SafeSchedule.sections(of: testWeek()))),
        at: Moment(uptime: t, wall: state.wall)))
    #expect(asked == [.load(path: watchedPath, around: farther)], "\(asked)")
    #expect(state.sections[0].placedAround == far)
    _ = state.update(
      .scheduleLoaded(path: watchedPath, .success(SafeSchedule.sections(of: testWeek()))),
      at: Moment(uptime: t, wall: state.wall))
    #expect(state.sections[0].placedAround == farther)
    // Back to the week: today's placement, the start's, is read again.
    asked = Self.press(.char("c"), &state, &t)
    #expect(asked == [.load(path: watchedPath)], "\(asked)")
    #expect(state.placement.around == nil)
  }

  @Test func aFileChangedMeanwhileIsReadAroundTheDateShown() {
    var state = Self.placedState()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    for _ in 0..<7 { _ = Self.press(.char("]"), &state, &t) }
    t += .seconds(5)
    _ = state.update(.timerFired, at: Moment(uptime: t, wall: state.wall))
    let far = try! #require(state.placement.around)
    _ = state.update(
      .scheduleLoaded(path: watchedPath, .success(SafeSchedule.sections(of: testWeek()))),
      at: Moment(uptime: t, wall: state.wall))
    _ = state.update(.fileChanged(path: watchedPath), at: Moment(uptime: t, wall: state.wall))
    t += .seconds(1)
    let asked = Self.loads(state.update(.timerFired, at: Moment(uptime: t, wall: state.wall)))
    #expect(asked == [.load(path: watchedPath, around: far)], "\(asked)")
  }

  @Test func withoutAHorizonNothingIsPlacedAgain() {
    var state = watchedState()
    _ = state.launch()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    var asked: [Effect] = []
    for _ in 0..<30 { asked += Self.press(.char("]"), &state, &t) }
    #expect(asked == [])
  }

  @Test func theHorizonLeavesTheBacklogRoom() {
    #expect(Placement.weeks(backlogWeeks: 4) == 8)
    #expect(Placement.weeks(backlogWeeks: 12) == 16)
  }
}
