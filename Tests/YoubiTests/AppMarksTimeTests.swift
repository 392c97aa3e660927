import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Marks with times and dates: the time-ordered lists, the calendar's weeks,
/// the next release in the details.
@Suite struct AppMarksWithTimesTests {
  /// Monday: an untimed serial first in the file, then a timed one (listed first).
  func timedState() -> AppState {
    var state = AppState(
      schedule: Schedule(
        title: "Timed",
        days: [
          .monday: [
            Serial(title: "Untimed"),
            Serial(
              title: "Timed", time: ReleaseTime(hour: 9, minute: 0), start: date(2026, 11, 2),
              skip: [date(2026, 12, 7)]),
          ]
        ]), day: .monday, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      slideDuration: slide, source: .file("/home/me/week.json"))
    state.markKeys[.file("/home/me/week.json")] = marksKey
    return state
  }

  @Test func aMarkLandsOnTheSerialOnScreenNotTheOneAtItsPlaceInTheFile() {
    var state = timedState()
    #expect(state.render(at: .zero).lines[3].contains("09:00 Timed"))
    // the cursor is on the first row: Timed
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.marks.isSeen(SerialID(title: "Timed"), in: marksKey, on: date(2026, 11, 30)))
    #expect(!state.marks.isSeen(SerialID(title: "Untimed"), in: marksKey, on: date(2026, 11, 30)))
    let screen = state.render(at: .zero)
    #expect(screen.lines[3].contains("Timed ✓") && !screen.lines[4].contains("✓"), "\(screen)")
  }

  @Test func aReleaseNotOutIsMarkedOnlyFromTheDetailsAndABreakNever() {
    var state = timedState()
    var t = state.press(.char("c"), at: .zero)  // the calendar, on today (Wednesday)
    t = state.press(.char("]"), at: t + ms(1))  // next week
    t = state.press(.char("1"), at: t + ms(1))  // its Monday, 2026-12-07: Timed is skipped
    var screen = state.render(at: t)
    #expect(screen.lines[3].contains("09:00 Timed") && screen.lines[3].contains("on break"))
    #expect(screen[5, 3].style.attributes.contains(.dim), "a break is dimmed")
    #expect(screen.lines[4].contains("Untimed"))
    #expect(screen.lines[2].contains("1 serial"), "a break counts as nothing\n\(screen)")
    state.step(
      .keyPressed(.char("m")), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(855_553_391))])
    #expect(state.marks.isEmpty)
    #expect(state.render(at: t).lines[23].contains("on break: nothing to mark"))
    t = state.press(.down, at: t)
    state.step(
      .keyPressed(.char("m")), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(855_553_391))])
    #expect(state.marks.isEmpty, "not out yet: refused")
    screen = state.render(at: t)
    #expect(screen.lines[23].contains("not out yet"), "\(screen)")
    // From the detail box, on purpose: marked ahead.
    state.step(
      .keyPressed(.enter), at: t, effects: [.wake(at: beforeMidnight + .nanoseconds(855_553_391))])
    state.step(
      .keyPressed(.char("m")), at: t, effects: [.wake(at: .seconds(1) + .nanoseconds(55_553_391))])
    let untimed = SerialID(title: "Untimed")
    #expect(state.marks.isSeen(untimed, in: marksKey, on: date(2026, 12, 7)))
    #expect(!state.marks.isSeen(untimed, in: marksKey, on: date(2026, 11, 30)))
  }

  @Test func theDetailsNameTheNextReleaseAndItsEpisode() {
    var state = timedState()
    // Wednesday 2 December: Timed's next Monday is the 7th, skipped, so the 14th, episode 6.
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    let screen = state.render(at: .zero).description
    #expect(screen.contains("Monday, 14 December 2026 #6"), "\(screen)")
  }
}
