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
    state.step(
      .keyPressed(.char("m")), at: .zero,
      effects: [.wake(at: ms(200))])
    #expect(state.marks.isRead(SerialID(title: "Timed"), in: marksKey, week: thisWeek))
    #expect(!state.marks.isRead(SerialID(title: "Untimed"), in: marksKey, week: thisWeek))
    let screen = state.render(at: .zero)
    #expect(screen.lines[3].contains("Timed ✓") && !screen.lines[4].contains("✓"), "\(screen)")
  }

  @Test func inTheCalendarEachWeekHasItsOwnMarks() {
    var state = timedState()
    var t = state.press(.char("c"), at: .zero)  // the calendar, on today (Wednesday)
    t = state.press(.char("]"), at: t + ms(1))  // next week
    t = state.press(.char("1"), at: t + ms(1))  // its Monday, 2026-12-07: Timed is skipped
    #expect(state.render(at: t).lines[3].contains("Untimed"))
    state.step(
      .keyPressed(.char("m")), at: t,
      effects: [.wake(at: .seconds(1) + .nanoseconds(55_553_391))])
    let next = ISOWeek(year: 2026, week: 50)
    #expect(state.marks.isRead(SerialID(title: "Untimed"), in: marksKey, week: next))
    #expect(!state.marks.isRead(SerialID(title: "Untimed"), in: marksKey, week: thisWeek))
    // Back to the week: this week is unread. The debounced save goes out meanwhile.
    t = state.press(
      .char("c"), at: t + ms(1),
      effects: [saved([SerialID(title: "Untimed"): Marks.Entry(read: [nextWeek: stamp(true)])])])
    #expect(!state.render(at: t).description.contains("✓"))
  }

  @Test func theDetailsNameTheNextReleaseAndItsEpisode() {
    var state = timedState()
    // Wednesday 2 December: Timed's next Monday is the 7th, skipped, so the 14th, episode 6.
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    let screen = state.render(at: .zero).description
    #expect(screen.contains("Monday, 14 December 2026 #6"), "\(screen)")
  }
}
