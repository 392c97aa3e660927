import Foundation
import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// One run with the clock far ahead once left a horizon in the future, and from then
/// on `m` did nothing, silently: the horizon is set back, and a mark that cannot be
/// kept says so.
@Suite struct HorizonTests {
  /// The probe's state file: horizon 2028-W06, written by a run 800 days ahead.
  func futureState() throws -> Marks {
    let bytes = try Array(
      Data(contentsOf: URL(fileURLWithPath: probePath("future-horizon-state.json"))))
    return try Marks.decodeState(bytes).get()
  }

  @Test func aFutureHorizonReadFromTheFileIsSetBackAndMarksWork() throws {
    let disk = try futureState()
    #expect(disk.horizon.map { $0 > thisWeek } == true)
    var state = marksState()
    _ = state.update(.stateSynced(.success(disk)), at: moment(.zero))
    #expect(state.notice?.text == Labels.en.horizonAhead)
    _ = state.update(.keyPressed(.char("m")), at: moment(.zero))
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +3     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End ✓  chapter 140, the long trip…  山田鐘人",
        "         Dandadan +1",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
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
        "  ‹ Sun                            Marks week                            Tue ›",
        " the state file's horizon was in the future (a wrong clock?): set back   ? help",
      ])
    let monday = CivilDate(year: 2026, month: 11, day: 30)!
    #expect(
      state.marks.isSeen(SerialID(title: "Frieren: Beyond Journey's End"), in: marksKey, on: monday)
    )
  }

  @Test func aSaveOverAFutureHorizonKeepsThisWeeksMark() throws {
    let dir = TemporaryDirectory("youbi-horizon")
    let file = dir.path + "/state/state.json"
    mkdir(dir.path + "/state", 0o700)
    dir.write(
      String(
        decoding: try Data(
          contentsOf: URL(fileURLWithPath: probePath("future-horizon-state.json"))), as: UTF8.self),
      to: "state/state.json")
    var marks = sampleMarks()
    marks.prune(now: thisWeek)
    let saved = try StateStore(path: file, clock: SystemClock()).save(marks)
    #expect(saved.marks.isRead(SerialID(title: "Frieren"), in: marksKey, week: thisWeek))
    let again = try StateStore(path: file, clock: SystemClock()).load().marks
    #expect(again.isRead(SerialID(title: "Frieren"), in: marksKey, week: thisWeek))
    #expect(again.horizon.map { $0 <= thisWeek } == true)
  }

  @Test func aMarkBeforeTheHorizonSaysItIsNotKept() {
    var state = marksState()
    state.marks.prune(now: thisWeek.advanced(by: 60))  // the horizon is past this week
    let before = state.marks
    _ = state.update(.keyPressed(.char("m")), at: moment(.zero))
    #expect(state.marks == before)
    #expect(state.notice?.text == Labels.en.markNotKept)
  }
}
