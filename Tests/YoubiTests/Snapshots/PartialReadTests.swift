import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore

/// A section shown from a snapshot (the weeks around today) is read whole only once
/// something needs more than those weeks: never for looking at this week.
@Suite struct PartialReadTests {
  /// The weeks a snapshot of `testWall`'s day holds: the one before, this one, two after.
  static var window: Range<CivilDate> {
    let today = testWall.date(dayStartHour: 0)
    let monday = today.adding(days: -today.weekday.rawValue)
    return monday.adding(days: -7)..<monday.adding(days: 21)
  }

  /// A state showing the week of `watchedPath` from its snapshot.
  static func shownFromSnapshot(holding dates: Range<CivilDate> = window) -> (AppState, [Effect]) {
    var state = watchedState()
    _ = state.launch()
    let effects = state.readWhole([watchedPath], holding: dates)
    return (state, effects)
  }

  static func loads(_ effects: [Effect]) -> [Effect] {
    effects.filter { if case .load = $0 { true } else { false } }
  }

  @Test func lookingAtTheWeekReadsNothingMore() {
    var (state, effects) = Self.shownFromSnapshot()
    #expect(effects == [])
    #expect(state.partial.paths == [watchedPath])
    var t = Duration.zero
    for key in [Key.right, .right, .down, .left, .up, .char("3"), .char("?"), .escape] {
      t += .seconds(1)
      let effects = state.update(.keyPressed(key), at: Moment(uptime: t, wall: state.wall))
      #expect(Self.loads(effects) == [], "\(key)")
    }
    #expect(state.partial.paths == [watchedPath])
    #expect(!state.sections[0].reload.loading)
  }

  @Test(
    "what needs more than the snapshot's weeks reads the file whole, once",
    arguments: ["/", "c", "b", "\r"])
  func aKeyThatNeedsMore(key: String) {
    var (state, _) = Self.shownFromSnapshot()
    let press = key == "\r" ? Key.enter : Key.char(key.unicodeScalars.first!)
    let effects = state.update(
      .keyPressed(press), at: Moment(uptime: .seconds(1), wall: state.wall))
    #expect(Self.loads(effects) == [.load(path: watchedPath)], "\(key)")
    #expect(state.partial.paths == [])
    #expect(state.sections[0].reload.loading)
    let again = state.update(.keyPressed(.right), at: Moment(uptime: .seconds(2), wall: state.wall))
    #expect(Self.loads(again) == [])
  }

  /// Shown from a snapshot the references enriched, the references are read only once
  /// more is needed, and then first: the file is read whole when they are back, enriched.
  @Test func referencesPutOffUntilMoreIsNeededAreReadFirst() {
    var state = watchedState()
    state.readsReferences(watching: ["/home/u/bangumi.json"], deferred: true)
    let start = state.launch() + state.readWhole([watchedPath], holding: Self.window)
    #expect(!start.contains(.loadReferences) && Self.loads(start) == [], "\(start)")
    var t = Duration.zero
    for key in [Key.right, .left, .down] {
      t += .seconds(1)
      let effects = state.update(.keyPressed(key), at: Moment(uptime: t, wall: state.wall))
      #expect(!effects.contains(.loadReferences) && Self.loads(effects) == [], "\(key)")
    }
    let search = state.update(
      .keyPressed(.char("/")), at: Moment(uptime: .seconds(5), wall: state.wall))
    #expect(search.contains(.loadReferences), "\(search)")
    #expect(Self.loads(search) == [], "not before the references: \(search)")
    let back = state.update(
      .referencesLoaded(warnings: []), at: Moment(uptime: .seconds(6), wall: state.wall))
    #expect(Self.loads(back) == [.load(path: watchedPath)], "\(back)")
    let again = state.update(
      .keyPressed(.char("x")), at: Moment(uptime: .seconds(7), wall: state.wall))
    #expect(!again.contains(.loadReferences), "read once: \(again)")
  }

  /// A file changed while the references are put off is read again after them, enriched.
  @Test func aChangedFileWhileReferencesArePutOffReadsThemFirst() {
    var state = watchedState()
    state.readsReferences(watching: ["/home/u/bangumi.json"], deferred: true)
    _ = state.launch() + state.readWhole([watchedPath], holding: Self.window)
    var effects = state.update(
      .fileChanged(path: watchedPath), at: Moment(uptime: .seconds(1), wall: state.wall))
    effects += state.update(
      .keyPressed(.down), at: Moment(uptime: .seconds(2), wall: state.wall))
    #expect(effects.contains(.loadReferences), "\(effects)")
    #expect(Self.loads(effects) == [], "not before the references: \(effects)")
    let back = state.update(
      .referencesLoaded(warnings: []), at: Moment(uptime: .seconds(3), wall: state.wall))
    #expect(Self.loads(back) == [.load(path: watchedPath)], "\(back)")
  }

  @Test func marksReadThenTheFileWhole() {
    var (state, _) = Self.shownFromSnapshot()
    var marks = Marks()
    marks.toggleStar(SerialID(title: "Alpha"), in: .path(watchedPath), at: testWall)
    let effects = state.update(
      .stateSynced(.success(marks)), at: Moment(uptime: .seconds(1), wall: state.wall))
    #expect(Self.loads(effects) == [.load(path: watchedPath)])
  }

  @Test func aSnapshotThatEndsBeforeNextWeekIsReadWholeAtOnce() {
    let today = testWall.date(dayStartHour: 0)
    let (state, effects) = Self.shownFromSnapshot(holding: today..<today.adding(days: 3))
    #expect(Self.loads(effects) == [.load(path: watchedPath)])
    #expect(state.partial.paths == [])
  }

  @Test func aRereadMakesItWhole() {
    var (state, _) = Self.shownFromSnapshot()
    _ = state.update(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])),
      at: Moment(uptime: .seconds(1), wall: state.wall))
    #expect(state.partial.paths == [])
    let effects = state.update(
      .keyPressed(.char("/")), at: Moment(uptime: .seconds(2), wall: state.wall))
    #expect(Self.loads(effects) == [])
  }
}
