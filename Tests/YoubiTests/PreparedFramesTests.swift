import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// A swipe's first frame made while waiting is the frame its key makes when it comes.
@Suite struct PreparedFramesTests {
  /// Wednesday 18:55:30: a countdown on screen that changes at 18:56:00.
  static let start = wall(.wednesday, 18, 55, 30)

  /// The timed week at 200x50 with `columns` days in view, settled at `start`.
  static func state(columns: Int, day: Weekday = .wednesday) -> AppState {
    var state = timedState(at: start, day: day)
    state.choose(columns: .fixed(columns))
    state.stepQuietly(.resized(Size(width: 200, height: 50)), at: moment(.zero, from: start))
    return state
  }

  /// The first frame of `key` pressed at `t`, made the ordinary way.
  static func firstFrame(of key: Key, on state: AppState, at t: Duration) -> Canvas {
    var state = state
    _ = state.update(.keyPressed(key), at: moment(t, from: start))
    return state.render(at: t)
  }

  @Test(arguments: [1, 3, 5, 7], [Key.right, .left, .char("l"), .char("h")])
  func aPreparedFrameIsTheFirstFrameOfItsKey(columns: Int, key: Key) throws {
    for day in [Weekday.wednesday, .sunday, .monday] {  // the seam in both directions
      let state = Self.state(columns: columns, day: day)
      var prepared = PreparedFrames()
      prepared.prepare(
        from: state, at: moment(.zero, from: Self.start), wake: state.nextDeadline(after: .zero))
      for t in [Duration.zero, .milliseconds(60), .seconds(12), .milliseconds(29_990)] {
        let frame = try #require(prepared.frame(for: key, at: t))
        #expect(frame == Self.firstFrame(of: key, on: state, at: t))
      }
      // The key moves the selection at once: the frame is not the one on screen.
      #expect(prepared.frame(for: key, at: .zero) != state.render(at: .zero))
    }
  }

  @Test func aFrameIsHeldOnlyUntilTheCountdownOnScreenChanges() throws {
    let state = Self.state(columns: 5)
    var prepared = PreparedFrames()
    // Made 10 s after the state settled, as a loop that waited would.
    prepared.prepare(
      from: state, at: moment(.seconds(10), from: Self.start),
      wake: state.nextDeadline(after: .zero))
    let held = try #require(prepared.frame(for: .right, at: .seconds(29)))
    // At 18:56:00 the countdown reads a minute less: what was made before is not it.
    #expect(prepared.frame(for: .right, at: .seconds(30)) == nil)
    #expect(held != Self.firstFrame(of: .right, on: state, at: .seconds(30)))
  }

  @Test func noFrameIsPreparedWhileASlideMovesOrForOtherKeys() throws {
    var state = Self.state(columns: 3)
    var prepared = PreparedFrames()
    prepared.prepare(from: state, at: moment(.zero, from: Self.start), wake: nil)
    #expect(prepared.frame(for: .down, at: .zero) == nil)
    _ = state.update(.keyPressed(.right), at: moment(.zero, from: Self.start))
    prepared.prepare(from: state, at: moment(frame, from: Self.start), wake: nil)
    #expect(prepared.isEmpty)
    prepared.prepare(from: state, at: moment(.seconds(2), from: Self.start), wake: nil)
    #expect(prepared.isEmpty)  // settled only once a timer has said so
    _ = state.update(.timerFired, at: moment(.seconds(2), from: Self.start))
    prepared.prepare(from: state, at: moment(.seconds(2), from: Self.start), wake: nil)
    #expect(!prepared.isEmpty)
    prepared.discard()
    #expect(prepared.frame(for: .right, at: .seconds(2)) == nil)
  }

  /// A walk of random keys at random moments over two days of the timed week, marks,
  /// the calendar, the details, search and the wide view among them: wherever the
  /// walk rests, the frames made while it waits are the first frames of their keys,
  /// whenever these come before the frames stop being held.
  @Test(arguments: [1, 2, 3])
  func preparedFramesHoldWhereverAWalkRests(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let keys: [Key] = [
      .right, .left, .right, .char("l"), .down, .up, .char("j"), .pageDown, .char("c"),
      .char("w"), .char("t"), .char("m"), .enter, .escape, .char("?"), .char("*"), .char("3"),
      .char("]"), .char("["), .end, .home,
    ]
    var state = Self.state(columns: 3)
    var (t, wake) = (Duration.zero, state.nextDeadline(after: .zero))
    var (held, checked) = (0, 0)
    func handle(_ event: AppEvent, at time: Duration) {
      t = time
      let effects = state.update(event, at: moment(t, from: Self.start))
      wake = effects.compactMap { if case .wake(let at) = $0 { at } else { nil } }.min()
    }
    for _ in 0..<300 {
      // The loop's part: the state's wakes until the next key, then the frames made.
      let key = keys.randomElement(using: &random)!
      let next = t + .milliseconds(Int64.random(in: 70...900_000, using: &random))
      while let due = wake, due < next { handle(.timerFired, at: max(t, due)) }
      var prepared = PreparedFrames()
      let made = t + .milliseconds(60)
      prepared.prepare(from: state, at: moment(made, from: Self.start), wake: wake)
      for at in [made, (made + next) / 2, next] {
        checked += 1
        guard let frame = prepared.frame(for: key, at: at) else { continue }
        held += 1
        #expect(frame == Self.firstFrame(of: key, on: state, at: at), "\(key) at \(at)")
      }
      handle(.keyPressed(key), at: next)
    }
    // Enough of them held for the walk to have tested something.
    #expect(held > checked / 10, "\(held) of \(checked)")
  }

  /// In the run loop: after a quiet wait, the key's prepared frame goes out first, and
  /// the frame the loop then makes for the same instant is the same canvas.
  @Test func theRunLoopSendsThePreparedFrameFirst() throws {
    let terminal = TestTerminal(size: Size(width: 200, height: 50))
    var state = makeState(day: .monday, size: terminal.size)
    state.choose(columns: .fixed(5))
    terminal.send(.key(.right), at: .seconds(1))
    terminal.send(.key(.char("q")), at: .seconds(3))
    let outcome = RunLoop.run(&state, on: terminal, clock: TestClock(terminal))
    #expect(outcome == RunLoop.Outcome(status: 0))
    let before = try #require(terminal.frames.last { $0.time < .seconds(1) }?.canvas)
    let atKey = terminal.frames.filter { $0.time == .seconds(1) }.map(\.canvas)
    #expect(atKey.count == 2)
    #expect(atKey.first != before)
    #expect(atKey.first == atKey.last)
    #expect(state.selectedDay == .tuesday)
  }
}
