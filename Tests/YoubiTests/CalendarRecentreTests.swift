import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The calendar's re-centring is as invisible as the week's dummy snap: the frame drawn
/// just before the window moves equals the frame drawn just after, at every step.
@Suite struct CalendarRecentreTests {
  /// Starting dates whose neighbours cross a month, a year, and the daylight-saving
  /// change in Europe (29 March 2026, with the wall clock on UTC+1 then UTC+2).
  static let starts: [(CivilDate, WallTime)] = [
    (date(2026, 11, 30), testWall),
    (date(2026, 12, 1), testWall),
    (date(2026, 12, 31), testWall),
    (date(2027, 1, 1), testWall),
    (date(2026, 3, 29), WallTime(seconds: 1_774_746_000, utcOffset: 3600)),  // 28 Mar 23:00 GMT
    (date(2026, 3, 29), WallTime(seconds: 1_774_760_400, utcOffset: 7200)),  // 29 Mar 05:00 BST
  ]

  @Test(arguments: 0..<6, [Key.right, .left, .char("]"), .char("[")])
  func recentringChangesNoCell(start: Int, key: Key) {
    let (day, wall) = Self.starts[start]
    var state = calendarState(size: Size(width: 61, height: 14), wall: wall)
    state.sections[0].calendar.show(day)
    // Every nearby date scrolled differently, so a wrong date or lost cursor shows.
    for offset in -8...8 {
      let d = day.adding(days: offset)
      let count = state.sections[0].entries(on: d).count
      state.sections[0].calendar[list: d].move(to: abs(offset) % 4, count: count, rows: 9)
    }
    var t = Duration.zero
    state.step(.keyPressed(key), at: moment(t, from: wall), effects: [.wake(at: frame)])
    var recentred = false
    while let next = state.nextFrame(after: t) {
      t = next
      let before = state.render(at: t)
      let origin = state.calendar.origin
      state.stepQuietly(.timerFired, at: moment(t, from: wall))
      let after = state.render(at: t)
      if state.calendar.origin != origin {
        recentred = true
        #expect(
          before == after, "re-centring at \(t) changed the screen:\n\(before)\n---\n\(after)")
        #expect(state.calendar.pager.currentPage == 0)
      }
    }
    #expect(recentred)
    let step = [Key.right: 1, .left: -1, .char("]"): 7, .char("["): -7][key]!
    #expect(state.calendar.selectedDate == day.adding(days: step))
    #expect(
      state.selectedList.cursor
        == min(abs(step) % 4, max(0, state.selectedPage(of: state.sections[0]).serials.count - 1)))
  }
}
