import PagerCore
import Schedule
import TerminalUI
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
  /// Handles `event` at `t` on the test clocks.
  @discardableResult
  mutating func update(_ event: AppEvent, at t: Duration) -> [Effect] {
    update(event, at: moment(t))
  }

  /// The deadline the last update asked for, found by asking again with a no-op event.
  func wake(after t: Duration) -> Duration? { nextDeadline(after: t) }

  /// The next deadline when something moves (a slide, the spinner, a reload), nil
  /// when only the clock's wakes are left: the day's rollover, or a countdown on
  /// screen, which are a second away at least.
  func nextFrame(after t: Duration) -> Duration? {
    nextDeadline(after: t).flatMap { $0 - t < .seconds(1) ? $0 : nil }
  }

  /// The wake an idle state asks for: the rollover (or an hour before it), or the
  /// next change of a countdown on screen.
  func clockWake(after t: Duration) -> Effect { .wake(at: timeDeadline(after: t)!) }

  /// Sends `event` at `time`, then lets every slide finish; returns when they have.
  mutating func send(_ event: AppEvent, at time: Duration, from start: WallTime = testWall)
    -> Duration
  {
    _ = update(event, at: moment(time, from: start))
    var t = time
    while let next = nextFrame(after: t) {
      t = next
      _ = update(.timerFired, at: moment(t, from: start))
    }
    return t
  }

  /// Sends `key` `times` times at `time`, then lets every slide finish; the wall
  /// clock runs from `start`.
  mutating func press(
    _ key: Key, times: Int = 1, at time: Duration, from start: WallTime = testWall
  ) -> Duration {
    for _ in 0..<times { _ = update(.keyPressed(key), at: moment(time, from: start)) }
    var t = time
    while let next = nextFrame(after: t) {
      t = next
      _ = update(.timerFired, at: moment(t, from: start))
    }
    return t
  }
}

/// Expects `canvas` to show exactly `lines` (trailing spaces ignored); on a
/// failure, prints both screens side by side with the differing rows marked.
func expectScreen(
  _ canvas: Canvas, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = canvas.lines
  let expected = lines + Array(repeating: "", count: max(0, actual.count - lines.count))
  guard actual != expected else { return }
  let diff = screenDiff(expected: expected, actual: actual)
  // The actual screen as a literal too, to paste once a change is checked by eye.
  let literal = actual.map { "  " + $0.debugDescription + "," }.joined(separator: "\n")
  Issue.record(
    Comment(rawValue: "screen differs (expected | actual):\n\(diff)\nactual:\n[\n\(literal)\n]"),
    sourceLocation: sourceLocation)
}

/// Two screens row by row, `!` marking the rows that differ.
func screenDiff(expected: [String], actual: [String]) -> String {
  let width = expected.map { TextWidth.of($0) }.max() ?? 0
  return (0..<max(expected.count, actual.count)).map { i in
    let e = i < expected.count ? expected[i] : ""
    let a = i < actual.count ? actual[i] : ""
    let pad = String(repeating: " ", count: max(0, width - TextWidth.of(e)))
    return "\(e == a ? " " : "!")\(i < 10 ? " " : "")\(i) |\(e)\(pad)| \(a)"
  }.joined(separator: "\n")
}

extension AppState {
  /// Sends `event` at `t` and expects the whole new state to be the old one
  /// changed by `change` (in the spirit of TCA's `TestStore.send`).
  mutating func expect(
    _ event: AppEvent, at t: Duration, sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout AppState) -> Void
  ) {
    var expected = self
    change(&expected)
    update(event, at: t)
    #expect(self == expected, sourceLocation: sourceLocation)
  }
}

/// A state whose only section is still loading `week.json`.
func loadingState(size: Size) -> AppState {
  AppState(
    sections: [Section(name: "", source: .file("week.json"), schedule: nil, day: .monday)],
    labels: .en, size: size, wall: testWall)
}

/// The effects that act, without the wake-ups every update asks for (the
/// clock's next change of day, a slide's next frame).
func actions(_ effects: [Effect]) -> [Effect] {
  effects.filter { if case .wake = $0 { false } else { true } }
}
