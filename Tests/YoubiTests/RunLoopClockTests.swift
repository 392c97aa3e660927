import Schedule
import Synchronization
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The wall clock jumping under a sleeping run loop (a suspend and resume, an NTP step).
@Suite struct RunLoopClockTests {
  /// The test terminal's clock, and a wall clock that moves with it, and on by `by`
  /// at once after a jump was reported and the first frame drawn: the jump happens
  /// while the loop sleeps after it. Read on the loop's one thread.
  final class JumpingClock: AppClock, @unchecked Sendable {
    let terminal: TestTerminal
    let by: Int64
    let reported = Mutex(false)
    private var jumped = false
    init(_ terminal: TestTerminal, by: Int64) {
      self.terminal = terminal
      self.by = by
    }
    func now() -> Moment {
      if !jumped && reported.withLock({ $0 }) && !terminal.frames.isEmpty { jumped = true }
      var m = moment(terminal.clock)
      if jumped { m.wall.seconds += by }
      return m
    }
  }

  /// Wednesday noon, a countdown on screen ("in 1h 00m" to a 13:00 release); the
  /// clock then jumps 21 hours on, to Thursday 09:00. The loop slept until the
  /// countdown's next minute (up to an hour without a countdown): the stale
  /// Wednesday stayed on screen that long. Told of the jump, it draws Thursday at once.
  @Test func aJumpOfTheWallClockIsDrawnAtOnce() throws {
    let terminal = TestTerminal(size: Size(width: 60, height: 10))
    let clock = JumpingClock(terminal, by: 21 * 3600)
    let week = Schedule(
      title: "Week",
      days: [
        .wednesday: [Serial(title: "Noon Show", time: ReleaseTime(hour: 13, minute: 0))],
        .thursday: [Serial(title: "Morning Show", time: ReleaseTime(hour: 10, minute: 0))],
      ])
    var state = AppState(
      schedule: week, day: .wednesday, labels: .en,
      size: terminal.size, wall: testWall, slideDuration: slide)
    terminal.send(.key(.char("q")), at: .seconds(30))
    let outcome = RunLoop.run(
      &state, on: terminal, clock: clock,
      watchClock: { changed in
        // The kernel's word of the jump, as the loop goes to sleep after its first frame.
        clock.reported.withLock { $0 = true }
        changed()
        return {}
      })
    #expect(outcome == RunLoop.Outcome(status: 0))
    // The first frame is Wednesday's countdown; the next, drawn at once (no time
    // passed), knows Wednesday is over.
    let first = try #require(terminal.frames.first)
    #expect(first.canvas.description.contains("in 1h 00m"), "\(first.canvas)")
    let fresh = try #require(
      terminal.frames.first { !$0.canvas.description.contains("in 1h 00m") })
    #expect(fresh.time == .zero)
    #expect(state.todayDate.weekday == .thursday)
  }
}

/// The system's clock watcher: a timerfd that a set clock or a resume cancels.
@Suite struct ClockWatcherTests {
  /// Setting the clock needs privileges no test should use on a shared machine, so
  /// this proves the timer can be armed here and the thread ends when told.
  @Test func itArmsAndStops() throws {
    let stop = try #require(ClockWatcher.start {})
    stop()
    stop()  // twice is harmless
  }
}
