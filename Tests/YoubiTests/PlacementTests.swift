import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore

/// The pager places its schedules within a short horizon around today, again once days go
/// by, and reaching a date the calendar goes past it to (issue 32, item 15).
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

  /// Presses `key` a second after `t`, lets the calendar's slide land, and returns what
  /// the two asked to load.
  static func press(_ key: Key, _ state: inout AppState, _ t: inout Duration) -> [Effect] {
    t += .seconds(1)
    var effects = state.update(.keyPressed(key), at: Moment(uptime: t, wall: state.wall))
    t += .seconds(1)
    effects += state.update(.timerFired, at: Moment(uptime: t, wall: state.wall))
    return loads(effects)
  }

  static func loaded(_ state: inout AppState, _ t: Duration) -> [Effect] {
    loads(
      state.update(
        .scheduleLoaded(path: watchedPath, .success(SafeSchedule.sections(of: testWeek()))),
        at: Moment(uptime: t, wall: state.wall)))
  }

  @Test func theWeekAndNearbyDatesPlaceNothingAgain() {
    var state = Self.placedState()
    var t = Duration.zero
    var asked: [Effect] = []
    for key in [Key.right, .left, .char("c"), .char("]"), .char("]"), .char("["), .char("c")] {
      asked += Self.press(key, &state, &t)
    }
    #expect(asked == [], "\(asked)")
    #expect(state.placement.horizon == Horizon())
  }

  @Test func aDatePastTheMarginIsReachedThenLeftAgain() {
    var state = Self.placedState()
    let today = state.todayDate
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    var asked: [Effect] = []
    // Five weeks out is within 8 − 3; the sixth is past it: the horizon reaches a
    // horizon's weeks beyond it, around today still.
    for _ in 0..<5 { asked += Self.press(.char("]"), &state, &t) }
    #expect(asked == [])
    asked = Self.press(.char("]"), &state, &t)
    let far = Horizon(reach: today.adding(days: 42 + 56))
    #expect(asked == [.load(path: watchedPath, horizon: far)], "\(asked)")
    #expect(state.sections[0].reload.loading)
    // Within the reach less three weeks, nothing more; past it, once that read is in.
    asked = []
    for _ in 0..<5 { asked += Self.press(.char("]"), &state, &t) }
    #expect(state.placement.horizon == far)
    asked += Self.press(.char("]"), &state, &t)
    #expect(asked == [])
    let farther = Horizon(reach: today.adding(days: 84 + 56))
    #expect(state.placement.horizon == farther)
    #expect(Self.loaded(&state, t) == [.load(path: watchedPath, horizon: farther)])
    #expect(state.sections[0].placed == far)
    _ = Self.loaded(&state, t)
    #expect(state.sections[0].placed == farther)
    // Back to the week: the start's horizon, read again to let the reach go.
    asked = Self.press(.char("c"), &state, &t)
    #expect(asked == [.load(path: watchedPath)], "\(asked)")
    #expect(state.placement.horizon == Horizon())
  }

  @Test func backBeforeTodayTheHorizonReachesBack() {
    var state = Self.placedState()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    var asked: [Effect] = []
    for _ in 0..<6 { asked += Self.press(.char("["), &state, &t) }
    let back = Horizon(reach: state.todayDate.adding(days: -42 - 56))
    #expect(asked == [.load(path: watchedPath, horizon: back)], "\(asked)")
  }

  @Test func aFileChangedMeanwhileIsReadWithinTheHorizonShown() {
    var state = Self.placedState()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    for _ in 0..<7 { _ = Self.press(.char("]"), &state, &t) }
    let far = state.placement.horizon
    #expect(far.reach != nil)
    _ = Self.loaded(&state, t)
    _ = state.update(.fileChanged(path: watchedPath), at: Moment(uptime: t, wall: state.wall))
    t += .seconds(1)
    let asked = Self.loads(state.update(.timerFired, at: Moment(uptime: t, wall: state.wall)))
    #expect(asked == [.load(path: watchedPath, horizon: far)], "\(asked)")
  }

  @Test func aReadThatFailsIsNotTriedAgainUntilTheFileChanges() {
    var state = Self.placedState()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    var asked: [Effect] = []
    for _ in 0..<6 { asked += Self.press(.char("]"), &state, &t) }
    #expect(asked.count == 1, "\(asked)")
    let error = ScheduleError(exitCode: 65, message: "youbi: week.json:1:1: bad")
    asked = Self.loads(
      state.update(
        .scheduleLoaded(path: watchedPath, .failure(error)),
        at: Moment(uptime: t, wall: state.wall)))
    for _ in 0..<3 { asked += Self.press(.char("j"), &state, &t) }
    #expect(asked == [], "\(asked)")
    #expect(state.sections[0].schedule != nil)
    _ = state.update(.fileChanged(path: watchedPath), at: Moment(uptime: t, wall: state.wall))
    asked = Self.press(.char("j"), &state, &t)
    #expect(asked == [.load(path: watchedPath, horizon: state.placement.horizon)], "\(asked)")
  }

  @Test func daysGoingByPlaceAroundTheNewToday() {
    var state = Self.placedState()
    let start = state.todayDate
    var asked: [Effect] = []
    for days in [7, 35, 36] {
      let wall = WallTime(seconds: testWall.seconds + Int64(days) * 86_400)
      asked = Self.loads(
        state.update(.timerFired, at: Moment(uptime: .seconds(Int64(days)), wall: wall)))
      if days < 36 { #expect(asked == [], "day \(days): \(asked)") }
    }
    let around = Horizon(around: start.adding(days: 36))
    #expect(asked == [.load(path: watchedPath, horizon: around)], "\(asked)")
  }

  @Test func standardInputIsNeverReadAgain() {
    var state = AppState(
      schedule: testWeek(), day: .monday, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall, slideDuration: slide, source: .standardInput)
    state.placement = Placement(weeks: 8, start: state.todayDate)
    _ = state.launch()
    var t = Duration.zero
    _ = Self.press(.char("c"), &state, &t)
    var asked: [Effect] = []
    for _ in 0..<10 { asked += Self.press(.char("]"), &state, &t) }
    #expect(state.placement.horizon.reach != nil)
    #expect(asked == [], "\(asked)")
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
