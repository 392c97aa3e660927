import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Monday 2026-11-30 00:00 UTC, the start of the week the app tests live in.
let mondayMidnight: Int64 = 1_795_996_800

/// Noon (UTC) on `day` of the test week.
func wall(_ day: Weekday, hour: Int = 12, minute: Int = 0) -> WallTime {
  WallTime(seconds: mondayMidnight + Int64(day.rawValue * 86_400 + hour * 3600 + minute * 60))
}

/// The wall clock the app tests run on: a Wednesday.
let testWall = wall(.wednesday)

/// When an idle state wakes on `testWall` (Wednesday noon): at 23:00, an hour
/// before the day ends, to follow the clock; 11 hours on the uptime clock.
let beforeMidnight = Duration.seconds(11 * 3600)

/// One frame of a slide (`AppState.frameInterval`: 60 a second).
let frame = Duration.nanoseconds(16_666_667)

/// The instant `t` after the tests' origin, on both clocks (the wall clock
/// moves with the monotonic one from `testWall`).
func moment(_ t: Duration, from start: WallTime = testWall) -> Moment {
  Moment(
    uptime: t,
    wall: WallTime(seconds: start.seconds + t.components.seconds, utcOffset: start.utcOffset))
}

/// The app's clocks in a run-loop test: the test terminal's clock, and a
/// wall clock that moves with it.
/// Unchecked: a run-loop test reads it on the one thread that drives the terminal.
final class TestClock: AppClock, @unchecked Sendable {
  let terminal: TestTerminal
  let start: WallTime
  init(_ terminal: TestTerminal, wall start: WallTime = testWall) {
    self.terminal = terminal
    self.start = start
  }
  func now() -> Moment { moment(terminal.clock, from: start) }
}

extension AppState {
  /// Handles `event` at `t` on the test clocks and returns its effects, for the
  /// test to assert (prefer `expect`, `step`, `press` and `send`, which do).
  @discardableResult
  mutating func update(_ event: AppEvent, at t: Duration) -> [Effect] {
    checkedUpdate(event, at: moment(t))
  }

  /// `update`, then a check that every cache kept with the state is what it would be
  /// worked out afresh (`derivedCachesHold`): what makes a whole-state comparison,
  /// which leaves the caches out, compare all that is shown.
  mutating func checkedUpdate(
    _ event: AppEvent, at now: Moment, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Effect] {
    let effects = update(event, at: now)
    #expect(
      derivedCachesHold, "a cache differs from the state it is worked out from",
      sourceLocation: sourceLocation)
    return effects
  }

  /// The state's next deadline after `t`: what the `.wake` of its last update asked for.
  func wake(after t: Duration) -> Duration? { nextDeadline(after: t) }

  /// The next deadline when something moves (a slide, the spinner, a reload), nil
  /// when only the clock's wakes are left: the day's rollover, or a countdown on
  /// screen, which are a second away at least.
  func nextFrame(after t: Duration) -> Duration? {
    nextDeadline(after: t).flatMap { $0 - t < .seconds(1) ? $0 : nil }
  }

  /// Sends `event` at `time`, then lets every slide finish (the harness carries
  /// out the frames' wakes); returns when they have. Every other effect of the
  /// run must be listed in `effects`, in order, or the test fails.
  mutating func send(
    _ event: AppEvent, at time: Duration, from start: WallTime = testWall,
    effects expected: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Duration {
    var effects = checkedUpdate(event, at: moment(time, from: start))
    let t = finishFrames(after: time, from: start, into: &effects)
    expectEffects(actions(effects), expected, sourceLocation: sourceLocation)
    return t
  }

  /// Sends `key` `times` times at `time`, then lets every slide finish; the wall
  /// clock runs from `start`. Every effect but the frames' wakes must be listed
  /// in `effects`, in order, or the test fails.
  mutating func press(
    _ key: Key, times: Int = 1, at time: Duration, from start: WallTime = testWall,
    effects expected: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Duration {
    var effects: [Effect] = []
    for _ in 0..<times { effects += checkedUpdate(.keyPressed(key), at: moment(time, from: start)) }
    let t = finishFrames(after: time, from: start, into: &effects)
    expectEffects(actions(effects), expected, sourceLocation: sourceLocation)
    return t
  }

  /// Fires the timer at every frame deadline until nothing moves.
  private mutating func finishFrames(
    after time: Duration, from start: WallTime, into effects: inout [Effect]
  ) -> Duration {
    var t = time
    while let next = nextFrame(after: t) {
      t = next
      effects += checkedUpdate(.timerFired, at: moment(t, from: start))
    }
    return t
  }

  /// Sends `event` at `t` and expects exactly `effects`, wakes included; the
  /// new state is left to the assertions that follow (mid-slide, mid-drag).
  mutating func step(
    _ event: AppEvent, at t: Duration, effects expected: [Effect],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    step(event, at: moment(t), effects: expected, sourceLocation: sourceLocation)
  }

  /// Sends `event` at `t` where a loop or a set-up helper does not follow the
  /// wake (it varies from call to call): any other effect, a save, a load, a
  /// quit, fails the test.
  mutating func stepQuietly(
    _ event: AppEvent, at t: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    stepQuietly(event, at: moment(t), sourceLocation: sourceLocation)
  }

  /// `stepQuietly` at an instant of both clocks.
  mutating func stepQuietly(
    _ event: AppEvent, at now: Moment, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectEffects(actions(checkedUpdate(event, at: now)), [], sourceLocation: sourceLocation)
  }

  /// `step` at an instant of both clocks.
  mutating func step(
    _ event: AppEvent, at now: Moment, effects expected: [Effect],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectEffects(checkedUpdate(event, at: now), expected, sourceLocation: sourceLocation)
  }

  /// Sends `event` at `t` and expects the whole new state to be the old one
  /// changed by `change`, and the effects to be exactly `effects`, wakes
  /// included: as with TCA's `TestStore.send`, an effect the test does not
  /// list fails it.
  mutating func expect(
    _ event: AppEvent, at t: Duration, effects expected: [Effect] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout AppState) -> Void = { _ in }
  ) {
    var changed = self
    change(&changed)
    let effects = update(event, at: t)
    #expect(self == changed, sourceLocation: sourceLocation)
    expectEffects(effects, expected, sourceLocation: sourceLocation)
  }
}

/// A state whose only section is still loading `week.json`.
func loadingState(size: Size) -> AppState {
  AppState(
    sections: [SectionState(name: "", source: .file("week.json"), schedule: nil, day: .monday)],
    labels: .en, size: size, wall: testWall)
}

/// The effects that act, without the wake-ups every update asks for (the
/// clock's next change of day, a slide's next frame).
func actions(_ effects: [Effect]) -> [Effect] {
  effects.filter { if case .wake = $0 { false } else { true } }
}
