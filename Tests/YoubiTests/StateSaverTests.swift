import Foundation
import Schedule
import Synchronization
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Events a saver or opener posted from its thread.
final class Posted: Sendable {
  private let events = Mutex<[AppEvent]>([])
  func post(_ event: AppEvent) { events.withLock { $0.append(event) } }
  var all: [AppEvent] { events.withLock { $0 } }

  /// Waits (at most `limit`) until `count` events have arrived; they are I/O on another thread.
  func wait(for count: Int, limit: Duration = .seconds(10)) -> [AppEvent] {
    wait(limit: limit) { $0.count >= count }
  }

  /// Waits (at most `limit`) until the events so far satisfy `done`.
  func wait(limit: Duration = .seconds(10), until done: ([AppEvent]) -> Bool) -> [AppEvent] {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while !done(all) && clock.now < deadline { usleep(1_000) }
    return all
  }
}

@Suite final class StateSaverTests {
  let dir = TemporaryDirectory("youbi-saver-test")
  let posted = Posted()
  var store: StateStore { StateStore(environment: dir.environment()) }

  func saver(debounce: Duration = .seconds(30), retry: Duration = .seconds(30)) -> StateSaver {
    let posted = posted
    return StateSaver(store: store, timing: .init(debounce: debounce, retry: retry)) {
      posted.post($0)
    }
  }

  @Test func aBurstOfChangesIsOneWriteAndFinishWritesItAtOnce() throws {
    let saver = saver()
    for n in 1...5 { saver.save(sampleMarks((1...n).map { "s\($0)" })) }
    #expect(saver.finish() == nil)
    let last = sampleMarks((1...5).map { "s\($0)" })
    #expect(posted.all == [.stateSynced(.success(last))])
    #expect(try store.load().marks == last)
  }

  @Test func aChangeIsSavedAfterTheDebounceWithoutFinishing() throws {
    let saver = saver(debounce: .milliseconds(50))
    saver.save(sampleMarks())
    #expect(posted.wait(for: 1) == [.stateSynced(.success(sampleMarks()))])
    #expect(try store.load().marks == sampleMarks())
    #expect(saver.finish() == nil)
  }

  @Test func loadReportsAFileMovedAside() throws {
    dir.write("not json", to: "state/youbi/state.json")
    let saver = saver()
    saver.load()
    let events = posted.wait(for: 2)
    guard case .stateFileMovedAside(let path) = events.first else {
      Issue.record("no moved-aside event: \(events)")
      return
    }
    #expect(path.contains("/state.json.bad-"))
    #expect(events.dropFirst().first == .stateSynced(.success(Marks())))
    #expect(saver.finish() == nil)
  }

  @Test func aFailedSaveIsReportedAndRetried() throws {
    let blocker = dir.write("in the way", to: "state")  // the state directory cannot be made
    let saver = saver(debounce: .zero, retry: .milliseconds(50))
    saver.save(sampleMarks())
    let first = posted.wait(for: 1)
    guard case .stateSynced(.failure(let error)) = first.first else {
      Issue.record("expected a failure: \(first)")
      return
    }
    #expect(error.message.hasPrefix("cannot save marks: Not a directory"))
    unlink(blocker)  // the disk is writable again
    let saved = AppEvent.stateSynced(.success(sampleMarks()))
    #expect(posted.wait { $0.contains(saved) }.last == saved)
    #expect(saver.finish() == nil)
    #expect(try store.load().marks == sampleMarks())
  }

  @Test func finishGivesUpOnAFailingSaveAndSaysWhy() {
    dir.write("in the way", to: "state")
    let saver = saver(retry: .seconds(60))
    saver.save(sampleMarks())
    let error = saver.finish()
    #expect(error?.reason == .system(errno: ENOTDIR))
  }

  @Test func anIdleSaverFinishesAtOnce() {
    #expect(saver().finish() == nil)
    #expect(posted.all == [])
  }
}

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

  @Test func aChangeAsksForASaveOfPrunedMarks() {
    var app = state()
    app.marks.setRead(
      true, SerialID(title: "old"), in: marksKey, week: thisWeek.advanced(by: -60), at: testWall)
    app.marks.toggleRead(SerialID(title: "new"), in: marksKey, week: thisWeek, at: testWall)
    let effects = app.marksChanged()
    #expect(effects == [.save(sampleMarks(["new"], starred: nil).merging(app.marks))])
    #expect(app.marks.entry(SerialID(title: "old"), in: marksKey) == Marks.Entry())
  }

  @Test func openAndCopySayWhatHappened() {
    var app = state()
    let url = webURL("https://example.com/a")
    #expect(app.open(url) == [.open(url)])
    app.step(.urlOpened(.success(url)), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(app.notice == Notice(.link, "opened"))
    app.step(
      .urlOpened(.failure(OpenFailure("cannot open the link: w3m exited with status 1"))),
      at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(
      app.notice == Notice(.link, "cannot open the link: w3m exited with status 1", isError: true))
    #expect(app.copy("https://example.com/a") == [.copy("https://example.com/a")])
    #expect(app.notice == Notice(.clipboard, "copied"))
  }
}

/// The run loop performs the effects: saves finish before it returns, copies reach the terminal.
@Suite final class RunLoopPersistenceTests {
  let dir = TemporaryDirectory("youbi-runloop-test")

  @Test func theLastSaveCompletesBeforeTheRunEnds() throws {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = AppState(schedule: Schedule(), labels: .en, size: terminal.size, wall: testWall)
    let store = StateStore(environment: dir.environment())
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal),
      initial: [.save(sampleMarks()), .copy("hello")], stateStore: store,
      saverTiming: .init(debounce: .seconds(30)))
    #expect(outcome == RunLoop.Outcome(status: 0, message: nil))
    #expect(try store.load().marks == sampleMarks())
    #expect(terminal.clipboard == ["hello"])
  }

  @Test func anUnsavedQuitSaysSoOnStandardError() {
    dir.write("in the way", to: "state")
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = AppState(schedule: Schedule(), labels: .en, size: terminal.size, wall: testWall)
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: [.save(sampleMarks())],
      stateStore: StateStore(environment: dir.environment()))
    #expect(outcome.status == 0)
    #expect(outcome.message?.hasPrefix("youbi: cannot save marks: Not a directory") == true)
  }
}
