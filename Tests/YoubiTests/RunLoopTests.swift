import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct RunLoopTests {
  @Test func runLoopHandlesABurstAndQuits() throws {
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
    expectScreen(
      try #require(terminal.screen),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        "                                  ━━━━━━━━━━━",
        " Thursday  40 serials                                                      1/40",
        " ▸ Thu 01                                                              Author 1",
        "   Thu 02                                                              Author 2",
        "   Thu 03                                                              Author 3",
        "   Thu 04                                                              Author 4",
        "   Thu 05                                                              Author 5",
        "   Thu 06                                                              Author 6",
        "   Thu 07                                                              Author 7",
        "   Thu 08                                                              Author 8",
        "   Thu 09                                                              Author 9",
        "   Thu 10                                                             Author 10",
        "   Thu 11                                                             Author 11",
        "   Thu 12                                                             Author 12",
        "   Thu 13                                                             Author 13",
        "   Thu 14                                                             Author 14",
        "   Thu 15                                                             Author 15",
        "   Thu 16                                                             Author 16",
        "   Thu 17                                                             Author 17",
        "   Thu 18                                                             Author 18",
        "   Thu 19                                                             Author 19",
        "  ‹ Wed                            Test week                             Fri ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func loadErrorEndsTheRunWithItsMessage() throws {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = loadingState(size: terminal.size)
    let error = ScheduleError(exitCode: 65, message: "youbi: x.json:1:1: bad")
    // While loading, the spinner keeps the loop ticking until the loader's wake arrives.
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.load(path: "week.json")],
      loader: { _, _ throws(ScheduleError) in throw error })
    #expect(outcome == RunLoop.Outcome(status: 65, message: error.message))
    expectScreen(
      try #require(terminal.frames.first?.canvas),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday",
        "",
        "  ⠋ Loading schedule…",
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
        "",
        "  ‹ Sun                                                                  Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func loadedScheduleReplacesTheSpinner() throws {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = loadingState(size: terminal.size)
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.load(path: "week.json")],
      loader: { path, _ throws(ScheduleError) in
        guard path == "week.json" else {
          throw ScheduleError(exitCode: 66, message: "unexpected path \(path)")
        }
        return testWeek()
      })
    // After the load nothing moves and the script is empty: the input ends, status 0.
    #expect(outcome == RunLoop.Outcome(status: 0))
    expectScreen(
      try #require(terminal.screen),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "   Mon 04                                                              Author 4",
        "   Mon 05                                                              Author 5",
        "   Mon 06                                                              Author 6",
        "   Mon 07                                                              Author 7",
        "   Mon 08                                                              Author 8",
        "   Mon 09                                                              Author 9",
        "   Mon 10                                                             Author 10",
        "   Mon 11                                                             Author 11",
        "   Mon 12                                                             Author 12",
        "   Mon 13                                                             Author 13",
        "   Mon 14                                                             Author 14",
        "   Mon 15                                                             Author 15",
        "   Mon 16                                                             Author 16",
        "   Mon 17                                                             Author 17",
        "   Mon 18                                                             Author 18",
        "   Mon 19                                                             Author 19",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
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
