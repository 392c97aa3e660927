import Foundation
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The app's side of persistence: what it does with the results that come back.
@Suite struct AppStatePersistenceTests {
  func state() -> AppState {
    AppState(schedule: Schedule(), labels: .en, size: Size(width: 80, height: 24), wall: testWall)
  }

  @Test func syncedMarksAreMergedNotReplaced() {
    var app = state()
    app.marks = sampleMarks(["mine"], starred: nil)
    app.step(
      .stateSynced(.success(sampleMarks(["theirs"], starred: nil))), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    #expect(app.marks == sampleMarks(["mine", "theirs"], starred: nil).merging(app.marks))
    #expect(app.marks.isRead(SerialID(title: "mine"), in: marksKey, week: thisWeek))
    #expect(app.marks.isRead(SerialID(title: "theirs"), in: marksKey, week: thisWeek))
  }

  @Test func aFailureShowsUntilASaveSucceeds() {
    var app = state()
    let error = StateFileError(.system(errno: ENOSPC), "cannot save marks: No space left on device")
    app.step(.stateSynced(.failure(error)), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(app.notice == Notice(.stateFile, error.message, isError: true))
    app.step(.stateSynced(.success(Marks())), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(app.notice == nil)
  }

  @Test func aMovedAsideFileStaysInTheFooter() {
    var app = state()
    app.step(
      .stateFileMovedAside(to: "/s/youbi/state.json.bad-20261202T120000Z"), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    let notice = Notice(
      .stateFileMovedAside, "state file unreadable: moved aside to state.json.bad-20261202T120000Z",
      isError: true)
    #expect(app.notice == notice)
    app.step(.stateSynced(.success(Marks())), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(app.notice == notice)
  }

  @Test func aChangeSavesPrunedMarksAfterTheDebounce() {
    var app = state()
    app.marks.setRead(
      true, SerialID(title: "old"), in: marksKey, week: thisWeek.advanced(by: -60), at: testWall)
    app.marks.toggleRead(SerialID(title: "new"), in: marksKey, week: thisWeek, at: testWall)
    #expect(app.marksChanged() == [])
    #expect(app.marks.entry(SerialID(title: "old"), in: marksKey) == Marks.Entry())
    #expect(actions(app.update(.timerFired, at: .zero)) == [])
    #expect(
      actions(app.update(.timerFired, at: Saving.debounce))
        == [.save(sampleMarks(["new"], starred: nil).merging(app.marks))])
  }

  @Test func openAndCopySayWhatHappened() {
    var app = state()
    let url = webURL("https://example.com/a")
    #expect(app.open(url) == [.open(url)])
    #expect(app.notice == Notice(.link, "opening…"))
    app.step(.urlOpened(.success(url)), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(app.notice == Notice(.link, "opened"))
    app.step(
      .urlOpened(.failure(OpenFailure("cannot open the link: w3m exited with status 1"))),
      at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(
      app.notice == Notice(.link, "cannot open the link: w3m exited with status 1", isError: true))
    #expect(app.copy("https://example.com/a") == [.copy("https://example.com/a")])
    #expect(app.notice == Notice(.clipboard, "sent to the terminal's clipboard"))
  }
}

/// The run loop performs the effects: saves finish before it returns, copies reach the terminal.
@Suite final class RunLoopPersistenceTests {
  let dir = TemporaryDirectory("youbi-runloop-test")

  @Test func aSaveAndACopyArePerformed() throws {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = AppState(schedule: Schedule(), labels: .en, size: terminal.size, wall: testWall)
    let store = StateStore(environment: dir.environment(), clock: SystemClock())
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal),
      initial: [.save(sampleMarks()), .copy("hello")], stateStore: store)
    #expect(outcome == RunLoop.Outcome(status: 0, message: nil))
    #expect(try store.load().marks == sampleMarks())
    // The saved marks came back and were merged (and pruned to the horizon).
    #expect(state.marks.schedules == sampleMarks().schedules)
    #expect(terminal.clipboard == ["hello"])
  }

  @Test func anUnsavedQuitSaysSoOnStandardError() {
    dir.write("in the way", to: "state")
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = marksState()
    terminal.send(.key(.char("m")), at: .milliseconds(10))
    terminal.send(.key(.char("q")), at: .milliseconds(20))
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal),
      stateStore: StateStore(environment: dir.environment(), clock: SystemClock()))
    #expect(outcome.status == 0)
    #expect(
      outcome.message?.hasPrefix(
        "youbi: marks not saved: cannot save marks: a part of the path is not a directory")
        == true)
  }

  @Test func aStateFileMovedAsideIsReported() throws {
    dir.write("not json", to: "state/youbi/state.json")
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = AppState(schedule: Schedule(), labels: .en, size: terminal.size, wall: testWall)
    terminal.send(.key(.char("q")), at: .milliseconds(10))
    _ = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.loadState],
      stateStore: StateStore(environment: dir.environment(), clock: SystemClock()))
    #expect(state.notice?.topic == .stateFileMovedAside)
    #expect(
      state.notice?.text.hasPrefix("state file unreadable: moved aside to state.json.bad-") == true)
  }
}
