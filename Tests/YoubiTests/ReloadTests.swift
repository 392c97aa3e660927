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

private let path = "/home/u/week.json"

/// A state showing `testWeek()` from the file `path`, on `day`.
private func watchedState(day: Weekday = .monday, height: Int = 24) -> AppState {
  AppState(
    schedule: testWeek(), day: day, labels: .en, size: Size(width: 80, height: height),
    wall: testWall, slideDuration: slide, source: .file(path))
}

@Suite struct ReloadTimingTests {
  @Test func launchWatchesTheFileAndReadsItWhenItIsNotHereYet() {
    var ready = watchedState()
    #expect(ready.launch() == [.watch(paths: [path])])
    #expect(!ready.sections[0].reload.loading)

    var large = AppState(
      schedule: nil, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      source: .file(path))
    #expect(large.launch() == [.watch(paths: [path]), .load(path: path)])
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
    state.expect(.fileChanged(path: path), at: ms(100), effects: [.wake(at: ms(160))]) {
      $0.sections[0].reload.due = ms(160)
      $0.sections[0].reload.burstStart = ms(100)
    }
    state.step(.fileChanged(path: path), at: ms(130), effects: [.wake(at: ms(190))])
    state.step(
      .timerFired, at: ms(190),
      effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight + ms(190))])
    #expect(state.sections[0].reload == SectionState.Reload(loading: true))
    // Nothing more to wait for until the read reports.
    #expect(state.nextFrame(after: ms(190)) == nil)
    state.expect(
      .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: ms(200),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(200))]
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
      effects: [.load(path: path), .wake(at: beforeMidnight)])
    state.step(
      .scheduleLoaded(
        path: path, .failure(ScheduleError(exitCode: 66, message: "youbi: week.json: gone"))),
      at: ms(5),
      effects: [.wake(at: beforeMidnight + ms(5))])
    state.step(
      .keyPressed(.char("r")), at: ms(10),
      effects: [.load(path: path), .wake(at: beforeMidnight + ms(10))])
    state.step(
      .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: ms(20),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(20))])
  }

  @Test func aLongBurstIsReadWithinAQuarterSecond() {
    var state = watchedState()
    var effects: [Effect] = []
    for i in 0...12 {  // a change every 20 ms
      effects = state.update(.fileChanged(path: path), at: .milliseconds(20 * i))
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
    state.step(.fileChanged(path: path), at: ms(10), effects: [.wake(at: beforeMidnight + ms(10))])
    // The first read reports after the second change settled: read again at once.
    state.step(
      .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: ms(300),
      effects: [
        .watch(paths: [path]), .load(path: "/home/u/week.json"),
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
      .scheduleLoaded(path: path, .success([week([.monday: titles])])), at: ms(2),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(2))]
    ) {
      $0.sections[0].schedule = week([.monday: titles])
      $0.lists[0] = ListState(cursor: 12, offset: 9)
    }
    let after = state.render(at: ms(2))
    #expect(after.lines[3...] == before.lines[3...])  // only the heading's "10/43" differs
    #expect(after.lines[2].hasSuffix("13/43"))
  }

  @Test func aSerialThatWentLeavesTheCursorOnTheNearestRow() {
    var state = scrolled()
    let titles = (1...40).filter { $0 != 10 }.map { "Mon \($0 < 10 ? "0" : "")\($0)/Author \($0)" }
    state.step(
      .scheduleLoaded(path: path, .success([week([.monday: titles])])), at: ms(2),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(2))])
    #expect(state.lists[0] == ListState(cursor: 9, offset: 6))
    #expect(state.render(at: ms(2)).description.contains("▸ Mon 11"))
    // A day cut short keeps its cursor on its last serial.
    state.step(
      .scheduleLoaded(path: path, .success([week([.monday: ["Only/A"]])])), at: ms(3),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(3))])
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
        .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: t,
        effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(500))])
      #expect(state.render(at: t) == before, "\(day)")
      #expect(state.pager == pager)
    }
  }

  @Test func aReadMidSlideLetsTheSlideFinish() {
    var state = watchedState(day: .sunday)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    state.step(
      .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: ms(100),
      effects: [.watch(paths: [path]), .wake(at: .nanoseconds(116_666_667))])
    let end = state.press(.right, times: 0, at: ms(100))
    #expect(state.selectedDay == .monday)
    #expect(end >= slide)
  }
}

@Suite struct ReloadFailureTests {
  let invalid = ScheduleError(
    exitCode: 65, message: "youbi: \(path):3:17: expected ',' or ']' in array, found string")
  let gone = ScheduleError(exitCode: 66, message: "youbi: \(path): cannot open: no such file")

  @Test func anInvalidFileKeepsTheLastGoodWeekWithTheErrorInTheFooter() {
    var state = watchedState()
    let before = state.render(at: ms(1))
    state.expect(
      .scheduleLoaded(path: path, .failure(invalid)), at: ms(2),
      effects: [.wake(at: beforeMidnight + ms(2))]
    ) {
      $0.sections[0].reload.error = "\(path):3:17: expected ',' or ']' in array, found string"
    }
    let screen = state.render(at: ms(2))
    #expect(screen.lines.dropLast() == before.lines.dropLast())
    #expect(
      screen.lines.last
        == " not reloaded: week.json:3:17: expected ',' or ']' in array, found str…  ? help")
    // Fixed: the footer is back to the keys.
    state.step(
      .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: ms(3),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(3))])
    #expect(state.sections[0].reload.error == nil)
    #expect(state.render(at: ms(3)) == before)
  }

  @Test func aDeletedFileKeepsTheWeekAndSaysSo() {
    var state = watchedState()
    state.step(
      .scheduleLoaded(path: path, .failure(gone)), at: ms(2),
      effects: [.wake(at: beforeMidnight + ms(2))])
    let screen = state.render(at: ms(2))
    #expect(screen.description.contains("▸ Mon 01"))
    #expect(
      screen.lines.last?.hasPrefix(" not reloaded: week.json: cannot open: no such file") == true)
  }

  @Test func theFirstReadStillEndsTheRunWhenItFails() {
    var state = AppState(
      schedule: nil, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      source: .file(path))
    _ = state.launch()
    state.step(
      .scheduleLoaded(path: path, .failure(invalid)), at: ms(5),
      effects: [
        .quit(
          status: 65,
          message: "youbi: /home/u/week.json:3:17: expected \',\' or \']\' in array, found string")
      ])
  }

  @Test func aWatchThatFailedIsShownAndRStillWorks() {
    var state = watchedState()
    state.step(
      .watchFailed("cannot watch /home/u: permission denied"), at: ms(1),
      effects: [.wake(at: beforeMidnight + ms(1))])
    let footer = state.render(at: ms(1)).lines.last ?? ""
    #expect(footer.hasPrefix(" not watching for changes (r reloads): cannot watch /home/u: "))
    #expect(footer.hasSuffix("  ? help"), "\(footer)")
    state.step(
      .keyPressed(.char("r")), at: ms(2),
      effects: [.load(path: "/home/u/week.json"), .wake(at: beforeMidnight + ms(2))])
  }
}

@Suite struct FooterNoticeTests {
  @Test(arguments: Labels.allCases)
  func theDemoWeekSaysWhatItIsAndHowToHaveYourOwn(labels: Labels) {
    let state = AppState(
      schedule: DefaultSchedule.schedule, day: .monday, labels: labels,
      size: Size(width: 80, height: 24), wall: testWall, source: .demo)
    let footer = state.render(at: .zero).lines.last ?? ""
    #expect(footer.contains("youbi --init"))
    #expect(footer.hasSuffix(labels.helpAndQuit))
  }

  @Test func aFileSaysNothing() {
    let state = watchedState()
    #expect(state.render(at: .zero).lines.last == " " + Labels.en.footerKeys)
  }

  @Test(arguments: [
    (1, " 1 warning — youbi --check /home/u/week.json"),
    (2, " 2 warnings — youbi --check /home/u/week.json"),
  ])
  func aFileWithWarningsSaysHowManyAndHowToSeeThem(count: Int, line: String) {
    var state = watchedState()
    let raw = Schedule(
      title: "Warned", sections: [Schedule.Section(days: [.monday: [Serial(title: "A")]])],
      warnings: [], warningCount: count)
    state.step(
      .scheduleLoaded(path: path, .success(SafeSchedule.sections(of: raw))), at: ms(1),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(1))])
    let footer = state.render(at: ms(1)).lines.last ?? ""
    #expect(footer.hasPrefix(line), "\(footer)")
    #expect(footer.hasSuffix(Labels.en.helpAndQuit))
    // Fixed: the keys are back.
    state.step(
      .scheduleLoaded(path: path, .success([SafeSchedule(testWeek())])), at: ms(2),
      effects: [.watch(paths: [path]), .wake(at: beforeMidnight + ms(2))])
    #expect(state.render(at: ms(2)).lines.last == " " + Labels.en.footerKeys)
  }
}

@Suite struct ReloadRunLoopTests {
  @Test func theRunLoopReportsAWatchThatCannotStartAsAnEvent() {
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    var state = AppState(
      schedule: testWeek(), day: .monday, labels: .en, size: terminal.size, wall: testWall,
      source: .file("/nonexistent-youbi-dir/week.json"))
    terminal.send(.key(.char("q")), at: .seconds(1))
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: state.launch())
    #expect(outcome == RunLoop.Outcome(status: 0))
    #expect(state.unwatched == "cannot watch /nonexistent-youbi-dir: no such directory")
    #expect(
      terminal.screen?.lines.last?.hasPrefix(" not watching for changes (r reloads): cannot watch")
        == true)
  }
}
