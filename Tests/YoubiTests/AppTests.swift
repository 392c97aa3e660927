import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// A week where every day has `count` serials named after the day, e.g. `Mon 07`.
func testWeek(count: Int = 40) -> Schedule {
  var days: [Weekday: [Serial]] = [:]
  for day in Weekday.allCases {
    days[day] = (1...count).map {
      Serial(title: "\(day.englishLabel) \($0 < 10 ? "0" : "")\($0)", author: "Author \($0)")
    }
  }
  return Schedule(title: "Test week", days: days)
}

let ms = Duration.milliseconds
let slide = Duration.milliseconds(250)

func makeState(day: Weekday = .monday, size: Size = Size(width: 80, height: 24)) -> AppState {
  AppState(
    schedule: testWeek(), day: day, labels: .en, size: size, wall: testWall, slideDuration: slide)
}

@Suite struct AppSnapTests {
  /// Steps across the seam from `day` in `direction` and compares the frame at the
  /// end of the slide drawn from the dummy page with the frame after the snap.
  @Test(arguments: Weekday.allCases, Direction.allCases)
  func snapChangesNoCell(day: Weekday, direction: Direction) throws {
    var state = makeState(day: day)
    // Scroll every day differently, so a wrong page or a lost offset shows.
    var t = Duration.zero
    for (i, d) in Weekday.allCases.enumerated() {
      state.lists[d.rawValue].move(to: 5 + 3 * i, count: 40, rows: state.listRows)
    }
    let key: Key = direction == .forward ? .right : .left
    state.step(.keyPressed(key), at: t, effects: [.wake(at: frame)])
    // Walk the slide frame by frame until the pager settles.
    var previous = state.render(at: t)
    var snapped = false
    while let next = state.nextFrame(after: t) {
      t = next
      let before = state.render(at: t)  // drawn from the state before this tick
      let beforePager = state.pager
      state.stepQuietly(.timerFired, at: t)
      let after = state.render(at: t)
      if beforePager.position(at: t) != state.pager.position(at: t) {
        snapped = true
        #expect(before == after, "snap at \(t) changed the screen:\n\(before)\n---\n\(after)")
      }
      previous = after
    }
    _ = previous
    let crossesSeam =
      (day == .sunday && direction == .forward) || (day == .monday && direction == .backward)
    #expect(snapped == crossesSeam)
    let expected = Weekday(rawValue: (day.rawValue + (direction == .forward ? 1 : 6)) % 7)!
    #expect(state.selectedDay == expected)
    // The page shows the expected day with its own scroll position kept: the
    // whole screen is the one a state that started on that day draws.
    #expect(state.lists[expected.rawValue].cursor == 5 + 3 * expected.rawValue)
    var reference = makeState(day: expected)
    reference.lists = state.lists
    let screen = state.render(at: t)
    let referenceScreen = reference.render(at: .zero)
    #expect(
      screen == referenceScreen,
      "\(screenDiff(expected: referenceScreen.lines, actual: screen.lines))")
  }
}

@Suite struct AppScrollMemoryTests {
  @Test func eachDayKeepsItsScrollAcrossTheLoop() {
    var state = makeState(day: .monday)
    var t = state.press(.char("j"), times: 30, at: .zero)
    let mondayScreen = state.render(at: t)
    #expect(state.lists[0] == ListState(cursor: 30, offset: 30 - state.listRows + 1))
    t = state.press(.right, at: t + ms(10))
    t = state.press(.char("j"), times: 3, at: t + ms(10))  // Tuesday's own cursor
    for _ in 0..<6 { t = state.press(.right, at: t + ms(10)) }
    #expect(state.selectedDay == .monday)
    #expect(state.render(at: t) == mondayScreen)
    #expect(state.lists[1].cursor == 3)
  }

  @Test func scrollSurvivesResize() {
    var state = makeState(day: .friday, size: Size(width: 40, height: 10))
    var t = state.press(.char("j"), times: 25, at: .zero)
    let kept = state.lists[Weekday.friday.rawValue]
    t = state.press(.right, at: t)  // Saturday
    state.step(
      .resized(Size(width: 30, height: 8)), at: t, effects: [.wake(at: beforeMidnight + ms(250))])
    let small = state.lists[Weekday.friday.rawValue]
    #expect(small.cursor == kept.cursor)
    #expect(small.offset <= small.cursor && small.cursor < small.offset + state.listRows)
    state.step(
      .resized(Size(width: 40, height: 10)), at: t, effects: [.wake(at: beforeMidnight + ms(250))])
    t = state.press(.left, at: t + ms(5))
    expectScreen(
      state.render(at: t),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "                      ━━━━━",
        " Friday  40 serials               26/40",
        "   Fri 24                     Author 24",
        "   Fri 25                     Author 25",
        " ▸ Fri 26                     Author 26",
        "   Fri 27                     Author 27",
        "   Fri 28                     Author 28",
        "  ‹ Thu        Test week         Sat ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }

  @Test func burstOfPressesLandsOnTheRightDay() {
    var state = makeState(day: .monday, size: Size(width: 40, height: 8))
    let t = state.press(.right, times: 10, at: .zero)
    #expect(state.selectedDay == .thursday)
    expectScreen(
      state.render(at: t),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "                 ━━━━━",
        " Thursday  40 serials              1/40",
        " ▸ Thu 01                      Author 1",
        "   Thu 02                      Author 2",
        "   Thu 03                      Author 3",
        "  ‹ Wed        Test week         Fri ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }

  @Test func digitsAndTodayJump() {
    var state = makeState(day: .monday)
    var t = state.press(.char("5"), at: .zero)
    #expect(state.selectedDay == .friday)
    t = state.press(.char("t"), at: t + ms(1))
    #expect(state.selectedDay == .wednesday)
    t = state.press(.char("7"), at: t + ms(1))
    #expect(state.selectedDay == .sunday)
  }

  @Test func quitKeys() {
    var state = makeState()
    state.step(.keyPressed(.char("q")), at: .zero, effects: [.quit(status: 0)])
    state.step(.keyPressed(.char("\u{03}")), at: .zero, effects: [.quit(status: 130)])
  }

  /// One Esc too many must not drop the person into the shell: on the week with
  /// nothing open, Esc quits nothing and the footer says what does; the next key
  /// takes the word away.
  @Test func escapeOnTheWeekSaysHowToQuitAndQuitsNothing() {
    var state = makeState()
    state.expect(.keyPressed(.escape), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.notice = Notice(.hint, "q quits")
    }
    #expect(state.render(at: .zero).lines.last?.hasPrefix(" q quits") == true)
    state.expect(.keyPressed(.char("j")), at: ms(1), effects: [.wake(at: beforeMidnight + ms(1))]) {
      $0.notice = nil
      $0.lists[$0.selectedDay.rawValue].move(by: 1, count: 40, rows: $0.listRows)
    }
  }

  @Test func helpClosesTheWayItSaysAndOnlyThatWay() {
    var state = makeState()
    state.expect(.keyPressed(.char("?")), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showHelp = true
    }
    state.expect(.keyPressed(.escape), at: ms(1), effects: [.wake(at: beforeMidnight + ms(1))]) {
      $0.showHelp = false
    }
    state.expect(.keyPressed(.char("?")), at: ms(2), effects: [.wake(at: beforeMidnight + ms(2))]) {
      $0.showHelp = true
    }
    state.expect(.keyPressed(.char("?")), at: ms(3), effects: [.wake(at: beforeMidnight + ms(3))]) {
      $0.showHelp = false
    }
    // q closes the help rather than quitting; other keys wait for it to close.
    state.expect(.keyPressed(.char("?")), at: ms(4), effects: [.wake(at: beforeMidnight + ms(4))]) {
      $0.showHelp = true
    }
    state.expect(.keyPressed(.char("j")), at: ms(5), effects: [.wake(at: beforeMidnight + ms(5))]) {
      _ in
    }
    state.expect(.keyPressed(.right), at: ms(6), effects: [.wake(at: beforeMidnight + ms(6))]) {
      _ in
    }
    state.step(.keyPressed(.char("q")), at: ms(7), effects: [.wake(at: beforeMidnight + ms(7))])
    #expect(!state.showHelp)
    // Ctrl-C quits even with the help open.
    state.step(.keyPressed(.char("?")), at: ms(8), effects: [.wake(at: beforeMidnight + ms(8))])
    state.step(.keyPressed(.char("\u{03}")), at: ms(9), effects: [.quit(status: 130)])
  }

  @Test func pastedTextIsNeverTakenForKeys() {
    var state = makeState()
    state.expect(.pasted("q\u{1B}jjl"), at: .zero, effects: [.wake(at: beforeMidnight)]) { _ in }
  }

  @Test func everyWayOutQuitsWithItsStatus() {
    var state = makeState()
    state.step(.signalled(15), at: .zero, effects: [.quit(status: 143)])
    state.step(.signalled(1), at: .zero, effects: [.quit(status: 129)])
    state.step(.inputEnded, at: .zero, effects: [.quit(status: 0)])
  }

  @Test func aSlideAsksForFramesUntilItLands() {
    var state = makeState()
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    let end = state.press(.right, times: 0, at: ms(300))
    // Landed: only the clock's wake is left (the day's rollover, hours away).
    state.step(.timerFired, at: end, effects: [.wake(at: beforeMidnight + ms(300))])
    #expect(state.nextFrame(after: end) == nil)
  }
}
