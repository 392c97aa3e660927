import PagerCore
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct ReloadFailureTests {
  let invalid = ScheduleError(
    exitCode: 65, message: "youbi: \(watchedPath):3:17: expected ',' or ']' in array, found string")
  let gone = ScheduleError(
    exitCode: 66, message: "youbi: \(watchedPath): cannot open: no such file")

  @Test func anInvalidFileKeepsTheLastGoodWeekWithTheErrorInTheFooter() {
    var state = watchedState(height: 8)
    let before = state.render(at: ms(1))
    state.expect(
      .scheduleLoaded(path: watchedPath, .failure(invalid)), at: ms(2),
      effects: [.wake(at: beforeMidnight + ms(2))]
    ) {
      $0.sections[0].reload.error =
        "\(watchedPath):3:17: expected ',' or ']' in array, found string"
    }
    expectScreen(
      state.render(at: ms(2)),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "  ‹ Sun                            Test week                             Tue ›",
        " not reloaded: week.json:3:17: expected ',' or ']' in array, found str…  ? help",
      ])
    // Fixed: the footer is back to the keys.
    state.step(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: ms(3),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(3))])
    #expect(state.sections[0].reload.error == nil)
    #expect(state.render(at: ms(3)) == before)
  }

  @Test func aDeletedFileKeepsTheWeekAndSaysSo() {
    var state = watchedState(height: 8)
    state.step(
      .scheduleLoaded(path: watchedPath, .failure(gone)), at: ms(2),
      effects: [.wake(at: beforeMidnight + ms(2))])
    expectScreen(
      state.render(at: ms(2)),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "  ‹ Sun                            Test week                             Tue ›",
        " not reloaded: week.json: cannot open: no such file              ? help  q quit",
      ])
  }

  @Test func theFirstReadStillEndsTheRunWhenItFails() {
    var state = AppState(
      schedule: nil, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      source: .file(watchedPath))
    _ = state.launch()
    state.step(
      .scheduleLoaded(path: watchedPath, .failure(invalid)), at: ms(5),
      effects: [
        .quit(
          status: 65,
          message: "youbi: /home/u/week.json:3:17: expected ',' or ']' in array, found string")
      ])
  }

  @Test func aWatchThatFailedIsShownAndRStillWorks() {
    var state = watchedState(height: 8)
    state.step(
      .watchFailed("cannot watch /home/u: permission denied"), at: ms(1),
      effects: [.wake(at: beforeMidnight + ms(1))])
    expectScreen(
      state.render(at: ms(1)),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "  ‹ Sun                            Test week                             Tue ›",
        " not watching for changes (r reloads): cannot watch /home/u: permissio…  ? help",
      ])
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
      size: Size(width: 80, height: 8), wall: testWall, source: .demo)
    switch labels {
    case .en:
      expectScreen(
        state.render(at: .zero),
        [
          "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
          " ━━━━━━━━━━━",
          " Monday  32 serials                                                        1/32",
          " ▸ 星屑の郵便配達  第48話                                              青井ソラ",
          "   The Clockmaker's Apprentice                                    Harriet Vance",
          "   魔法学校の落第生                                                    桐生レイ",
          "  ‹ Sun                 今週の連載 · This week's serials                 Tue ›",
          " Demo week · make your own: youbi --init                         ? help  q quit",
        ])
    case .ja:
      expectScreen(
        state.render(at: .zero),
        [
          "     月         火         水         木         金         土         日",
          " ━━━━━━━━━━━",
          " 月曜日  32作品                                                            1/32",
          " ▸ 星屑の郵便配達  第48話                                              青井ソラ",
          "   The Clockmaker's Apprentice                                    Harriet Vance",
          "   魔法学校の落第生                                                    桐生レイ",
          "  ‹ 日                  今週の連載 · This week's serials                  火 ›",
          " デモの週です · 自分の週は youbi --init                        ? ヘルプ  q 終了",
        ])
    }
  }

  @Test func aFileSaysNothing() {
    let state = watchedState(height: 8)
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test(arguments: [1, 2])
  func aFileWithWarningsSaysHowManyAndHowToSeeThem(count: Int) {
    var state = watchedState(height: 8)
    let raw = Schedule(
      title: "Warned", sections: [Schedule.Section(days: [.monday: [Serial(title: "A")]])],
      warnings: [], warningCount: count)
    // Said for a few seconds, not for the whole run (the wake takes it away).
    state.step(
      .scheduleLoaded(path: watchedPath, .success(SafeSchedule.sections(of: raw))), at: ms(1),
      effects: [.watch(paths: [watchedPath]), .wake(at: ms(1) + AppState.warningsShown)])
    if count == 1 {
      expectScreen(
        state.render(at: ms(1)),
        [
          "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
          " ━━━━━━━━━━━",
          " Monday  1 serial                                                           1/1",
          " ▸ A",
          "",
          "",
          "  ‹ Sun                              Warned                              Tue ›",
          " 1 warning — youbi --check /home/u/week.json                     ? help  q quit",
        ])
    } else {
      expectScreen(
        state.render(at: ms(1)),
        [
          "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
          " ━━━━━━━━━━━",
          " Monday  1 serial                                                           1/1",
          " ▸ A",
          "",
          "",
          "  ‹ Sun                              Warned                              Tue ›",
          " 2 warnings — youbi --check /home/u/week.json                    ? help  q quit",
        ])
    }
    var later = state
    later.step(
      .timerFired, at: ms(1) + AppState.warningsShown,
      effects: [.wake(at: beforeMidnight + ms(1))])
    #expect(
      later.render(at: ms(1) + AppState.warningsShown).lines.last?.contains("warning") == false)
    var keyed = state
    keyed.stepQuietly(.keyPressed(.char("j")), at: ms(500))
    #expect(keyed.render(at: ms(500)).lines.last?.contains("warning") == false, "a key ends it")
    // Fixed: the keys are back.
    state.step(
      .scheduleLoaded(path: watchedPath, .success([SafeSchedule(testWeek())])), at: ms(2),
      effects: [.watch(paths: [watchedPath]), .wake(at: beforeMidnight + ms(2))])
    expectScreen(
      state.render(at: ms(2)),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}

@Suite struct ReloadRunLoopTests {
  @Test func theRunLoopReportsAWatchThatCannotStartAsAnEvent() throws {
    let terminal = TestTerminal(size: Size(width: 80, height: 8))
    var state = AppState(
      schedule: testWeek(), day: .monday, labels: .en, size: terminal.size, wall: testWall,
      source: .file("/nonexistent-youbi-dir/week.json"))
    terminal.send(.key(.char("q")), at: .seconds(1))
    let outcome = RunLoop.run(
      &state, on: terminal, clock: TestClock(terminal), initial: state.launch())
    #expect(outcome == RunLoop.Outcome(status: 0))
    #expect(state.unwatched == "cannot watch /nonexistent-youbi-dir: no such directory")
    expectScreen(
      try #require(terminal.screen),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "  ‹ Sun                            Test week                             Tue ›",
        " not watching for changes (r reloads): cannot watch /nonexistent-youbi…  ? help",
      ])
  }
}
