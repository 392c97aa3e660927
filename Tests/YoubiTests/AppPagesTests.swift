import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore

/// Several pages of one source in one section: every page is watched, and a change to
/// any reads them all again, merged.
@Suite struct AppPagesTests {
  let first = "/home/u/p1.json"
  let second = "/home/u/p2.json"

  func pagedState() -> AppState {
    var section = SectionState(
      name: "Jikan", source: .file(first), schedule: SafeSchedule(testWeek()), day: .monday)
    section.pages = [.file(second)]
    return AppState(
      sections: [section], labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      slideDuration: slide)
  }

  @Test func everyPageIsWatched() {
    var state = pagedState()
    #expect(state.launch() == [.watch(paths: [first, second])])
  }

  @Test(arguments: [0, 1])
  func aChangeToAnyPageReadsThemAllAgain(page: Int) {
    var state = pagedState()
    _ = state.launch()
    state.expect(
      .fileChanged(path: [first, second][page]), at: ms(100), effects: [.wake(at: ms(160))]
    ) {
      $0.sections[0].reload.due = ms(160)
      $0.sections[0].reload.burstStart = ms(100)
    }
    state.step(
      .timerFired, at: ms(160),
      effects: [.load(path: first, pages: [second]), .wake(at: beforeMidnight + ms(160))])
    // The merged week comes back under the first page's path, and is shown.
    let merged = SafeSchedule(Schedule(title: "Jikan", days: [.monday: [Serial(title: "New")]]))
    _ = state.update(.scheduleLoaded(path: first, .success([merged])), at: ms(200))
    #expect(state.sections.count == 1)
    #expect(state.sections[0].schedule == merged)
    #expect(!state.sections[0].reload.loading)
  }

  @Test func rIsOneReadOfAllPages() {
    var state = pagedState()
    _ = state.launch()
    let effects = state.update(.keyPressed(.char("r")), at: ms(10))
    #expect(effects.contains(.load(path: first, pages: [second])), "\(effects)")
    #expect(!effects.contains(.load(path: second)))
  }
}
