import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct RunLoopTests {
  @Test func runLoopHandlesABurstAndQuits() {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = makeState(day: .monday)
    for _ in 0..<10 { terminal.send(.key(.right), at: ms(10)) }
    terminal.send(.key(.char("q")), at: .seconds(5))
    let outcome = RunLoop.run(&state, on: terminal, clock: TestClock(terminal))
    #expect(outcome == RunLoop.Outcome(status: 0))
    #expect(state.selectedDay == .thursday)
    // Frames are paced: ~60 per second while moving, none once settled.
    let moving = terminal.frames.filter { $0.time > ms(10) && $0.time < .seconds(4) }
    #expect(moving.count > 10 && moving.count < 200)
    #expect(terminal.screen?.lines[2].contains("Thursday") == true)
  }

  @Test func loadErrorEndsTheRunWithItsMessage() {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = loadingState(size: terminal.size)
    let error = ScheduleError(exitCode: 65, message: "youbi: x.json:1:1: bad")
    // While loading, the spinner keeps the loop ticking until the loader's wake arrives.
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.load(path: "week.json")],
      loader: { _ throws(ScheduleError) in throw error })
    #expect(outcome == RunLoop.Outcome(status: 65, message: error.message))
    #expect(terminal.frames.first?.canvas.description.contains("Loading") == true)
  }

  @Test func loadedScheduleReplacesTheSpinner() {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = loadingState(size: terminal.size)
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.load(path: "week.json")],
      loader: { path throws(ScheduleError) in
        guard path == "week.json" else {
          throw ScheduleError(exitCode: 66, message: "unexpected path \(path)")
        }
        return testWeek()
      })
    // After the load nothing moves and the script is empty: the input ends, status 0.
    #expect(outcome == RunLoop.Outcome(status: 0))
    #expect(terminal.screen?.description.contains("Mon 01") == true)
  }

  @Test func aSignalEndsTheRunWith128PlusItsNumber() {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = makeState()
    terminal.send(.terminated(signal: 15), at: ms(30))
    let outcome = RunLoop.run(&state, on: terminal, clock: TestClock(terminal))
    #expect(outcome == RunLoop.Outcome(status: 143))
  }
}

/// Marks typed in a whole run reach the state file on every way out.
@Suite final class RunLoopMarksTests {
  let dir = TemporaryDirectory("youbi-runloop-marks-test")

  @Test(arguments: [
    TerminalInput.key(.char("q")), .terminated(signal: 15), .terminated(signal: 1), .endOfInput,
  ])
  func aMarkIsSavedOnEveryWayOut(end: TerminalInput) throws {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = marksState()
    let store = StateStore(environment: dir.environment(), clock: SystemClock())
    terminal.send(.key(.char("m")), at: ms(10))
    terminal.send(end, at: ms(20))
    _ = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.loadState], stateStore: store,
    )
    let saved = try store.load().marks
    #expect(
      saved.isSeen(
        SerialID(title: "Frieren: Beyond Journey's End"), in: marksKey, on: date(2026, 11, 30)))
  }
}
