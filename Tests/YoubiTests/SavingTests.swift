import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// When marks go to disk, decided in `update` on the injected clock: the
/// debounce, one save at a time, the retry, and the last save before a quit.
@Suite struct SavingTests {
  let frieren = SerialID(title: "Frieren: Beyond Journey's End")
  let diskFull = StateFileError(
    .system(errno: 28), "cannot save marks: No space left on device (/s/youbi)")

  /// A state with one read mark typed at `t`, not yet saved.
  func marked(at t: Duration = .zero) -> AppState {
    var state = marksState()
    #expect(actions(state.update(.keyPressed(.char("m")), at: t)) == [])
    return state
  }

  @Test func aBurstOfChangesIsOneSaveAfterTheDebounce() {
    var state = marked()
    #expect(
      state.update(.keyPressed(.char("f")), at: .milliseconds(100)).contains(
        .wake(at: Saving.debounce)))
    #expect(actions(state.update(.timerFired, at: .milliseconds(199))) == [])
    #expect(state.saving.unsaved)
    let effects = state.update(.timerFired, at: Saving.debounce)
    #expect(actions(effects) == [.save(state.marks)])
    #expect(state.marks.isSeen(frieren, in: marksKey, on: date(2026, 11, 30)))
    #expect(state.saving == Saving(unsaved: false, due: nil, inFlight: true))
  }

  @Test func oneSaveAtATimeAndAChangeMeanwhileGoesNext() {
    var state = marked()
    _ = state.update(.timerFired, at: Saving.debounce)
    let first = state.marks
    _ = state.update(.keyPressed(.char("f")), at: .milliseconds(300))  // while the save runs
    // due, but one is running
    #expect(actions(state.update(.timerFired, at: .milliseconds(600))) == [])
    let next = state.update(.stateSaved(.success(first)), at: .milliseconds(700))
    #expect(actions(next) == [.save(state.marks)])
    #expect(state.marks != first)
  }

  @Test func aFailedSaveIsTriedAgainLaterOrSoonerWithTheNextChange() {
    var state = marked()
    _ = state.update(.timerFired, at: Saving.debounce)
    let t = Duration.milliseconds(300)
    let failed = state.update(.stateSaved(.failure(diskFull)), at: t)
    #expect(failed.contains(.wake(at: t + Saving.retry)))
    #expect(state.notice == Notice(diskFull))
    #expect(actions(state.update(.timerFired, at: t + Saving.retry)) == [.save(state.marks)])
    _ = state.update(.stateSaved(.failure(diskFull)), at: .seconds(6))
    // A change: no waiting for the retry.
    _ = state.update(.keyPressed(.char("f")), at: .seconds(7))
    #expect(
      actions(state.update(.timerFired, at: .seconds(7) + Saving.debounce)) == [.save(state.marks)])
  }

  @Test func quittingWithNothingUnsavedQuitsAtOnce() {
    var state = marksState()
    #expect(state.update(.keyPressed(.char("q")), at: .zero) == [.quit(status: 0)])
    var other = marksState()
    #expect(other.update(.signalled(15), at: .zero) == [.quit(status: 143)])
  }

  @Test(arguments: [
    AppEvent.keyPressed(.char("q")), .signalled(15), .signalled(1), .inputEnded,
  ])
  func quittingSavesTheLastChangeFirst(way: AppEvent) {
    var state = marked()
    let status: Int32 = if case .signalled(let s) = way { 128 + s } else { 0 }
    let effects = state.update(way, at: .milliseconds(50))
    #expect(effects == [.save(state.marks), .wake(at: .milliseconds(50) + Saving.quitPatience)])
    // Nothing else is acted on while the last save is on its way.
    #expect(
      state.update(.keyPressed(.char("l")), at: .milliseconds(60)) == [
        .wake(at: .milliseconds(50) + Saving.quitPatience)
      ])
    #expect(
      state.update(.stateSaved(.success(state.marks)), at: .milliseconds(70)) == [
        .quit(status: status)
      ])
  }

  @Test func aQuitWhoseSaveFailsSaysWhy() {
    var state = marked()
    _ = state.update(.keyPressed(.char("q")), at: .zero)
    #expect(
      state.update(.stateSaved(.failure(diskFull)), at: .milliseconds(10)) == [
        .quit(status: 0, message: "youbi: marks not saved: \(diskFull.message)")
      ])
  }

  @Test func aQuitWhileAnotherYoubiHoldsTheLockSaysSoWithoutPromisingARetry() {
    var state = marked()
    _ = state.update(.keyPressed(.char("q")), at: .zero)
    let locked = StateFileError(.locked, "cannot save marks: another youbi holds the lock")
    #expect(
      state.update(.stateSaved(.failure(locked)), at: .seconds(2)) == [
        .quit(
          status: 0, message: "youbi: marks not saved: another youbi held the state file's lock")
      ])
  }

  @Test func aQuitGivesUpOnASaveThatNeverReturns() {
    var state = marked()
    _ = state.update(.keyPressed(.char("q")), at: .zero)
    #expect(state.update(.timerFired, at: .seconds(1)) == [.wake(at: Saving.quitPatience)])
    #expect(
      state.update(.timerFired, at: Saving.quitPatience) == [
        .quit(status: 0, message: "youbi: marks not saved: the last save did not finish in time")
      ])
  }

  @Test func asecondCtrlCWhileWaitingQuitsAtOnce() {
    var state = marked()
    _ = state.update(.signalled(2), at: .zero)
    #expect(
      state.update(.signalled(2), at: .milliseconds(5)) == [
        .quit(status: 130, message: "youbi: marks not saved: the last save did not finish in time")
      ])
  }

  @Test func aSecondHangupStillWaitsForTheLastSave() {
    var state = marked()
    _ = state.update(.signalled(1), at: .zero)
    #expect(state.update(.signalled(1), at: .milliseconds(5)) == [.wake(at: Saving.quitPatience)])
    #expect(
      state.update(.stateSaved(.success(state.marks)), at: .milliseconds(9)) == [
        .quit(status: 129)
      ])
  }

  @Test func aQuitDuringASaveWaitsForItAndSavesTheChangeMadeMeanwhile() {
    var state = marked()
    _ = state.update(.timerFired, at: Saving.debounce)  // the first save is on its way
    let first = state.marks
    _ = state.update(.keyPressed(.char("f")), at: .milliseconds(250))
    #expect(actions(state.update(.keyPressed(.char("q")), at: .milliseconds(260))) == [])
    #expect(
      actions(state.update(.stateSaved(.success(first)), at: .milliseconds(270))) == [
        .save(state.marks)
      ])
    #expect(
      state.update(.stateSaved(.success(state.marks)), at: .milliseconds(280)) == [.quit(status: 0)]
    )
  }
}
