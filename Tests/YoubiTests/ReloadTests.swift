import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// A week from `titles` per day (author "A" unless given as "title/author").
private func week(_ days: [Weekday: [String]]) -> SafeSchedule {
  SafeSchedule(
    Schedule(
      title: "Test week",
      days: days.mapValues { titles in
        titles.map { t in
          let parts = t.split(separator: "/", maxSplits: 1).map(String.init)
          return Serial(title: parts[0], author: parts.count > 1 ? parts[1] : "A")
        }
      }))
}

/// The file the reload tests watch.
let watchedPath = "/home/u/week.json"

/// A state showing `testWeek()` from the file `watchedPath`, on `day`.
func watchedState(day: Weekday = .monday, height: Int = 24) -> AppState {
  AppState(
    schedule: testWeek(), day: day, labels: .en, size: Size(width: 80, height: height),
    wall: testWall, slideDuration: slide, source: .file(watchedPath))
}

@Suite struct ReloadTimingTests {
  @Test func launchWatchesTheFileAndReadsItWhenItIsNotHereYet() {
    var ready = watchedState()
    #expect(ready.launch() == [.watch(paths: [watchedPath])])
    #expect(!ready.sections[0].reload.loading)

    var large = AppState(
      schedule: nil, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      source: .file(watchedPath))
    #expect(large.launch() == [.watch(paths: [watchedPath]), .load(path: watchedPath)])
    #expect(large.sections[0].reload.loading)

    var piped = AppState(
      schedule: nil, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      source: .standardInput)
    #expect(piped.launch() == [.load(path: "-")])

    var demo = AppState(
      schedule: DefaultSchedule.schedule, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall, source: .demo)
    #expect(demo.launch() == [])
  }

  @Test func aChangeIsReadOnceTheBurstIsQuiet() {
    var state = watchedState()
    state.expect(.fileChanged(path: watchedPath), at: ms(100), effects: [.wake(at: ms(160))]) {
      $0.sections[0].reload.due = ms(160)
      $0.sections[0].reload.burstStart = ms(100)
    }
    state.step(.fileChanged(path: watchedPath), at: ms(130), effects: [.wake(at: ms(190))])
    state.step(
      .timerFired, at: ms(190),
      effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight + ms(190))])
    #expect(state.sections[0].reload == SectionState.Reload(loading: true))
    // Nothing more to wait for until the read reports.
    #expect(state.nextFrame(after: ms(190)) == nil)
    state.expect(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: ms(200),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(200))]
    ) {
      $0.sections[0].reload.loading = false
    }
  }

  /// `r` after the file's directory was made again, or a read after its link was
  /// pointed elsewhere: a good read arms the watch again; a failed one does not.
  @Test func aGoodReadArmsTheWatchAgain() {
    var state = watchedState()
    state.step(
      .keyPressed(.char("r")), at: ms(0),
      effects: [.load(path: watchedPath), .wake(at: beforeMidnight)])
    state.step(
      .scheduleLoaded(
        path: watchedPath,
        .failure(ScheduleError(exitCode: 66, message: "youbi: week.json: gone"))),
      at: ms(5), effects: [.wake(at: beforeMidnight + ms(5))])
    #expect(state.sections[0].reload.error != nil)
    state.step(
      .keyPressed(.char("r")), at: ms(10),
      effects: [.load(path: watchedPath), .wake(at: beforeMidnight + ms(10))])
    // The error was about the last read: the footer drops it while this one runs.
    #expect(state.sections[0].reload.error == nil)
    state.step(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: ms(20),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(20))])
  }

  @Test func aLongBurstIsReadWithinAQuarterSecond() {
    var state = watchedState()
    var effects: [Effect] = []
    for i in 0...12 {  // a change every 20 ms
      effects = state.update(.fileChanged(path: watchedPath), at: .milliseconds(20 * i))
    }
    #expect(effects == [.wake(at: AppState.reloadMaxWait)])
    let end = AppState.reloadMaxWait
    state.step(
      .timerFired, at: end,
      effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight + ms(250))])
  }

  @Test func changesToOtherFilesAreNotOurs() {
    var state = watchedState()
    state.expect(
      .fileChanged(path: "/home/u/other.json"), at: ms(1),
      effects: [.wake(at: beforeMidnight + ms(1))]
    ) { _ in }
  }

  @Test func aChangeDuringAReadIsReadAgainAfterIt() {
    var state = watchedState()
    state.step(
      .keyPressed(.char("r")), at: ms(0),
      effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight)])
    #expect(state.sections[0].reload.loading)
    state.step(
      .fileChanged(path: watchedPath), at: ms(10), effects: [.wake(at: beforeMidnight + ms(10))])
    // The first read reports after the second change settled: read again at once.
    state.step(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: ms(300),
      effects: [
        .watch(paths: [watchedPath]), .load(path: "/home/u/week.json"),
        .wake(at: beforeMidnight + ms(300)),
      ])
  }

  @Test func rReadsNowAndOnlyAFile() {
    var state = watchedState()
    state.step(
      .keyPressed(.char("r")), at: ms(5),
      effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight + ms(5))])
    // One read at a time.
    state.step(.keyPressed(.char("r")), at: ms(6), effects: [.wake(at: beforeMidnight + ms(6))])
    for source in [ScheduleSource.demo, .standardInput] {
      var other = watchedState()
      other.sections[0].source = source
      other.expect(.keyPressed(.char("r")), at: ms(5), effects: [.wake(at: beforeMidnight + ms(5))])
      { _ in }
    }
  }
}

@Suite struct ReloadViewTests {
  /// Monday's cursor on `Mon 10`, three rows below the top of the list.
  func scrolled() -> AppState {
    var state = watchedState(height: 12)
    state.lists[0] = ListState(cursor: 9, offset: 6)
    return state
  }

  @Test func theCursorStaysOnTheSameSerialAtTheSameRow() {
    var state = scrolled()
    let before = state.render(at: ms(1))
    var titles = (1...40).map { "Mon \($0 < 10 ? "0" : "")\($0)/Author \($0)" }
    titles.insert(contentsOf: ["New 1/X", "New 2/X", "New 3/X"], at: 0)
    state.expect(
      .scheduleLoaded(path: watchedPath, .success([week([.monday: titles])])), at: ms(2),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(2))]
    ) {
      $0.sections[0].schedule = week([.monday: titles])
      $0.lists[0] = ListState(cursor: 12, offset: 9)
    }
    let after = state.render(at: ms(2))
    #expect(after.lines[3...] == before.lines[3...])  // only the heading's "10/43" differs
    expectScreen(
      after,
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  43 serials                                                       13/43",
        "   Mon 07                                                              Author 7",
        "   Mon 08                                                              Author 8",
        "   Mon 09                                                              Author 9",
        " ▸ Mon 10                                                             Author 10",
        "   Mon 11                                                             Author 11",
        "   Mon 12                                                             Author 12",
        "   Mon 13                                                             Author 13",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func aSerialThatWentLeavesTheCursorOnTheNearestRow() {
    var state = scrolled()
    let titles = (1...40).filter { $0 != 10 }.map { "Mon \($0 < 10 ? "0" : "")\($0)/Author \($0)" }
    state.step(
      .scheduleLoaded(path: watchedPath, .success([week([.monday: titles])])), at: ms(2),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(2))])
    #expect(state.lists[0] == ListState(cursor: 9, offset: 6))
    expectScreen(
      state.render(at: ms(2)),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  39 serials                                                       10/39",
        "   Mon 07                                                              Author 7",
        "   Mon 08                                                              Author 8",
        "   Mon 09                                                              Author 9",
        " ▸ Mon 11                                                             Author 11",
        "   Mon 12                                                             Author 12",
        "   Mon 13                                                             Author 13",
        "   Mon 14                                                             Author 14",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    // A day cut short keeps its cursor on its last serial.
    state.step(
      .scheduleLoaded(path: watchedPath, .success([week([.monday: ["Only/A"]])])), at: ms(3),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(3))])
    #expect(state.lists[0] == ListState(cursor: 0, offset: 0))
  }

  @Test func theSameTitleByAnotherAuthorIsAnotherSerial() {
    let before = ["Twin/A", "Other/B", "Twin/C"]
    let after = ["Twin/C", "Other/B", "Twin/A", "Twin/A"]
    let b = before.map {
      Serial(title: String($0.prefix(while: { $0 != "/" })), author: String($0.last!))
    }
    let a = after.map {
      Serial(title: String($0.prefix(while: { $0 != "/" })), author: String($0.last!))
    }
    #expect(SectionState.index(matching: b, at: 0, in: a) == 2)  // Twin/A, the nearer of two
    #expect(SectionState.index(matching: b, at: 2, in: a) == 0)  // Twin/C moved up
    #expect(SectionState.index(matching: b, at: 1, in: a) == 1)
    #expect(SectionState.index(matching: [], at: 4, in: a) == 4)
  }

  @Test func rereadingAnUnchangedFileChangesNoCell() {
    for day in Weekday.allCases {
      var state = watchedState(day: day)
      var t = state.press(.char("j"), times: 3 + day.rawValue * 5, at: .zero)
      t = state.press(.right, at: t)
      t = state.press(.left, at: t)
      let before = state.render(at: t)
      let pager = state.pager
      state.step(
        .keyPressed(.char("r")), at: t,
        effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight + ms(500))])
      state.step(
        .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: t,
        effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(500))])
      #expect(state.render(at: t) == before, "\(day)")
      #expect(state.pager == pager)
    }
  }

  @Test func aReadMidSlideLetsTheSlideFinish() {
    var state = watchedState(day: .sunday)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    state.step(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: ms(100),
      effects: [.watch(paths: [watchedPath]), .wake(at: .nanoseconds(116_666_667))])
    let end = state.press(.right, times: 0, at: ms(100))
    #expect(state.selectedDay == .monday)
    #expect(end >= slide)
  }
}
