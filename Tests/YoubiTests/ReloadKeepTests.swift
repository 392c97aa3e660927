import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

private let path = "/home/u/week.json"

/// A reload keeps what the user sees: a list at its top at its top, and no footer
/// error about an earlier read while the next one is under way.
@Suite struct ReloadKeepTests {
  func state() -> AppState {
    AppState(
      schedule: testWeek(count: 5), day: .monday, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall, slideDuration: slide, source: .file(path))
  }

  /// A serial added at the top of Monday, with Monday shown from its top: it shows, and
  /// the cursor keeps its serial (it once scrolled the new one out of sight).
  @Test func aListAtItsTopStaysAtItsTop() {
    var state = state()
    var week = testWeek(count: 5)
    var days = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, week[$0]) })
    days[.monday] = [Serial(title: "Just added")] + (days[.monday] ?? [])
    week = Schedule(title: "Test week", days: days)
    state.update(.scheduleLoaded(path: path, .success([SafeSchedule(week)])), at: moment(.zero))
    let lines = state.render(at: .zero).lines
    #expect(lines.contains { $0.contains("Just added") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("▸ Mon 01") }, "the cursor keeps its serial")
    #expect(state.lists[0].offset == 0)
  }

  /// During a read the footer once showed the error of an earlier one.
  @Test func aNewReadClearsTheErrorOfTheLast() {
    var state = state()
    let error = ScheduleError(exitCode: 66, message: "youbi: \(path): cannot open: no such file")
    state.update(.scheduleLoaded(path: path, .failure(error)), at: moment(.zero))
    #expect(state.render(at: .zero).lines.last?.contains("not reloaded") == true)
    state.update(.keyPressed(.char("r")), at: moment(.milliseconds(10)))
    #expect(state.sections[0].reload.loading)
    #expect(
      state.render(at: .milliseconds(10)).lines.last?.contains("not reloaded") == false)
  }
}

/// `o` during a kept search opened the link but never said so.
@Suite struct SearchFooterNoticeTests {
  @Test func openDuringAKeptSearchSaysOpened() throws {
    var state = searchState(size: Size(width: 60, height: 10))
    state.update(.keyPressed(.char("/")), at: .zero)
    _ = state.type("fri", at: .zero)
    state.update(.keyPressed(.enter), at: .zero)
    #expect(state.search?.isEditing == false)
    let url = try WebURL(checking: "https://example.com/frieren")
    state.update(.urlOpened(.success(url)), at: .zero)
    let footer = state.render(at: .zero).lines.last ?? ""
    #expect(footer.contains(Labels.en.opened), "\(footer)")
    #expect(footer.contains("/fri"), "the search stays: \(footer)")
  }
}
