import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A mark that matches no serial after an edit is kept `backlog` weeks (the edit may be
/// undone), then forgotten, in this copy and in every copy a merge meets.
@Suite struct AppOrphanTests {
  let dandadan = SerialID(title: "Dandadan")

  /// `marksWeek()` without Dandadan, and two new serials in its slot (so no mark moves).
  func withoutDandadan() -> [SafeSchedule] {
    var monday = marksWeek()[.monday]
    monday.replaceSubrange(1...1, with: [Serial(title: "Dandadan S2"), Serial(title: "OVA")])
    return SafeSchedule.sections(
      of: Schedule(title: "Marks week", days: [.monday: monday, .tuesday: marksWeek()[.tuesday]]))
  }

  /// Dandadan and Frieren marked seen on Monday 30 November, then Dandadan edited away.
  func orphaned(weeks: Int = 4) -> AppState {
    var state = marksState()
    state.backlogWeeks = weeks
    state.update(.keyPressed(.char("m")), at: .zero)  // Frieren
    state.update(.keyPressed(.down), at: .zero)
    state.update(.keyPressed(.char("m")), at: .zero)  // Dandadan
    state.update(
      .scheduleLoaded(path: "/home/me/week.json", .success(withoutDandadan())), at: .zero)
    return state
  }

  /// `days` after Monday 30 November, at noon UTC.
  func later(_ days: Int) -> Moment {
    Moment(
      uptime: .seconds(days * 86_400),
      wall: WallTime(seconds: mondayMidnight + Int64(days * 86_400 + 12 * 3600)))
  }

  @Test func anOrphanedMarkIsKeptForTheBacklogWeeksThenForgotten() {
    var state = orphaned()
    #expect(state.marks.isSeen(dandadan, in: marksKey, on: testMonday), "kept at first")
    // Sunday 27 December: 30 November is still within four weeks of looking back.
    _ = state.update(.timerFired, at: later(27))
    _ = state.update(
      .scheduleLoaded(path: "/home/me/week.json", .success(withoutDandadan())), at: later(27))
    #expect(state.marks.isSeen(dandadan, in: marksKey, on: testMonday))
    // Monday 28 December: it is not, and the reload forgets it; Frieren's mark stays.
    _ = state.update(.timerFired, at: later(28))
    _ = state.update(
      .scheduleLoaded(path: "/home/me/week.json", .success(withoutDandadan())), at: later(28))
    #expect(!state.marks.isSeen(dandadan, in: marksKey, on: testMonday))
    #expect(state.marks.isSeen(frieren, in: marksKey, on: testMonday))
    // Back under its old title now, it starts afresh.
    _ = state.update(
      .scheduleLoaded(path: "/home/me/week.json", .success(SafeSchedule.sections(of: marksWeek()))),
      at: later(28))
    #expect(!state.marks.isSeen(dandadan, in: marksKey, on: testMonday))
  }

  @Test func aLongerBacklogKeepsItLonger() {
    var state = orphaned(weeks: 8)
    _ = state.update(.timerFired, at: later(35))
    _ = state.update(
      .scheduleLoaded(path: "/home/me/week.json", .success(withoutDandadan())), at: later(35))
    #expect(state.marks.isSeen(dandadan, in: marksKey, on: testMonday))
  }

  @Test func aCopyThatStillHasItDoesNotBringItBack() throws {
    var state = orphaned()
    let stale = state.marks
    _ = state.update(.timerFired, at: later(28))
    // The file on disk (another Youbi's copy) still holds the mark: the sync forgets it.
    _ = state.update(.stateSynced(.success(stale)), at: later(28))
    #expect(!state.marks.isSeen(dandadan, in: marksKey, on: testMonday))
    #expect(state.marks.isSeen(frieren, in: marksKey, on: testMonday))
    // What is saved keeps it forgotten against that copy, through the state file too.
    let saved = try Marks.decodeState(Marks.stateJSON(state.marks)).get()
    #expect(saved == state.marks)
    #expect(!saved.merging(stale).isSeen(dandadan, in: marksKey, on: testMonday))
    #expect(!stale.merging(saved).isSeen(dandadan, in: marksKey, on: testMonday))
  }

  @Test func aSectionStillLoadingForgetsNothing() {
    // Marks of a schedule whose file has not been read are not orphans.
    var state = AppState(
      sections: [
        SectionState(name: "", source: .file("/home/me/week.json"), schedule: nil, day: .monday)
      ], labels: .en,
      size: Size(width: 80, height: 24), wall: later(60).wall)
    state.markKeys[.file("/home/me/week.json")] = marksKey
    var marks = Marks()
    marks.setSeen(true, dandadan, in: marksKey, on: testMonday, at: testWall)
    _ = state.update(.stateSynced(.success(marks)), at: later(60))
    #expect(state.marks.isSeen(dandadan, in: marksKey, on: testMonday))
  }
}

/// A serial that gains an id (a `UID`, an `"id"`) takes the marks its title had.
@Suite struct AppTitleToIdTests {
  @Test func marksByTitleMoveToTheSerialNowKnownByItsId() {
    var monday = marksWeek()[.monday]
    monday[1].id = "dandadan@example.org"
    let week = Schedule(title: "Marks week", days: [.monday: monday])
    var state = AppState(
      schedule: week, day: .monday, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall, slideDuration: slide, source: .file("/home/me/week.json"))
    state.markKeys[.file("/home/me/week.json")] = marksKey
    // Marked by an earlier Youbi, when the title was who it was.
    var disk = Marks()
    disk.setSeen(true, SerialID(title: "Dandadan"), in: marksKey, on: testMonday, at: testWall)
    _ = state.update(.stateSynced(.success(disk)), at: .zero)
    let byId = SerialID(id: "dandadan@example.org")
    #expect(state.marks.isSeen(byId, in: marksKey, on: testMonday))
    #expect(state.render(at: .zero).lines[4].contains("Dandadan ✓"), "\(state.render(at: .zero))")
  }
}
