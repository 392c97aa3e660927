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
      schedule: testWeek(count: 5), day: .monday, labels: .en, size: Size(width: 80, height: 10),
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
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  6 serials                                                          2/6",
        "   Just added",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "   Mon 04                                                              Author 4",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    #expect(state.lists[0].offset == 0)
  }

  /// The cursor counts the rows the page lists, not the weekday's whole list: with an
  /// entry that ended long ago first in Monday's list, a reread without it (as a week
  /// read from a snapshot is read whole) once moved the cursor to the row above.
  @Test func aRereadKeepsTheCursorOnTheSerialListed() {
    let ended = Serial(title: "Ended", end: CivilDate(year: 2001, month: 1, day: 1))
    let shown = [Serial(title: "One"), Serial(title: "Two"), Serial(title: "Three")]
    var state = AppState(
      schedule: Schedule(title: "Week", days: [.monday: [ended] + shown]), day: .monday,
      labels: .en, size: Size(width: 80, height: 10), wall: testWall, slideDuration: slide,
      source: .file(path))
    _ = state.update(.keyPressed(.down), at: moment(.zero))
    _ = state.update(.keyPressed(.down), at: moment(.zero))
    #expect(state.lists[0].cursor == 2)
    let whole = Schedule(title: "Week", days: [.monday: shown])
    state.update(.scheduleLoaded(path: path, .success([SafeSchedule(whole)])), at: moment(.zero))
    #expect(state.lists[0].cursor == 2, "the cursor left Three")
  }

  /// During a read the footer once showed the error of an earlier one.
  @Test func aNewReadClearsTheErrorOfTheLast() {
    var state = state()
    let error = ScheduleError(exitCode: 66, message: "youbi: \(path): cannot open: no such file")
    state.update(.scheduleLoaded(path: path, .failure(error)), at: moment(.zero))
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  5 serials                                                          1/5",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "   Mon 04                                                              Author 4",
        "   Mon 05                                                              Author 5",
        "  ‹ Sun                            Test week                             Tue ›",
        " not reloaded: week.json: cannot open: no such file              ? help  q quit",
      ])
    state.update(.keyPressed(.char("r")), at: moment(.milliseconds(10)))
    #expect(state.sections[0].reload.loading)
    expectScreen(
      state.render(at: .milliseconds(10)),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  5 serials                                                          1/5",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "   Mon 04                                                              Author 4",
        "   Mon 05                                                              Author 5",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}

/// `o` during a kept search opened the link but never said so.
@Suite struct SearchFooterNoticeTests {
  @Test func openDuringAKeptSearchSaysOpened() throws {
    var state = searchState(size: Size(width: 60, height: 10))
    state.update(.keyPressed(.char("/")), at: .zero)
    _ = state.type("fri", at: .zero)
    state.update(.keyPressed(.enter), at: .zero)
    #expect(state.search != nil && state.focus == .page)
    let url = try WebURL(checking: "https://example.com/frieren")
    state.update(.urlOpened(.success(url)), at: .zero)
    // The search stays.
    expectScreen(
      state.render(at: .zero),
      [
        "              Anime                     Manga             ›",
        "    Mon     Tue     Wed     Thu     Fri     Sat     Sun",
        "  ━━━━━━━━",
        " Monday  3 serials                                      1/3",
        " ▸ Frieren",
        "   Kame Quest                                            亀",
        "   Dandadan",
        "",
        "  ‹ Sun                    Anime                     Tue ›",
        " /fri  opened                                           1/1",
      ])
  }
}
