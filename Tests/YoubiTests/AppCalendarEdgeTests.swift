import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The calendar at its edges: the week boundary mid-slide, the first and last dates.
@Suite struct AppCalendarEdgeTests {
  @Test func theIndicatorCrossesTheWeekBoundaryContinuously() {
    var state = calendarState()
    var t = state.press(.char("7"), at: .zero)
    state.step(.keyPressed(.right), at: t, effects: [.wake(at: .nanoseconds(516_666_667))])
    // Half way from Sunday to next Monday: the indicator is half out of the right
    // edge and half in at the left, as at the week's seam; the tabs name next week.
    t += ms(125)
    let bar = state.tabBar(at: t)
    #expect(abs(bar.position - 6.5) < 0.01)
    expectScreen(
      state.render(at: t),
      [
        "   Mon 7   Tue 8   Wed 9   Thu 10  Fri 11  Sat 12  Sun 13",
        "  ━━━━                                                ━━━━",
        "rials                          Monday, 7 December 2026  0 se",
        "",
        "ay — a day off.                              Nothing on Mond",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun 6                  Timed                   Tue 8 ›",
        " next week  ←→ day  [ ] week  t today  c week view  ? help",
      ])
  }

  @Test func datesRunFrom1970To9999() {
    var state = calendarState()
    state.sections[0].calendar.show(date(1970, 1, 1))
    var t = state.press(.left, at: .zero)
    expectScreen(
      state.render(at: t),
      [
        "   Mon 29  Tue 30  Wed 31  Thu 1   Fri 2   Sat 3   Sun 4",
        "                  ━━━━━━━━",
        " Wednesday, 31 December 1969  4 serials                 1/4",
        " ▸ 07:00 Morning Paper                                    M",
        "   12:00 Lunch Manga",
        "   25:30 Late Show",
        "         Untimed Serial                                   U",
        "",
        "",
        "",
        "  ‹ Tue 30                  Timed                  Thu 1 ›",
        " 1970-W01  ←→ day  [ ] week  t today  c week view  ? help",
      ])
    state.sections[0].calendar.show(date(9999, 12, 31))
    t = state.press(.left, at: t)
    expectScreen(
      state.render(at: t),
      [
        "   Mon 27  Tue 28  Wed 29  Thu 30  Fri 31  Sat 1   Sun 2",
        "                          ━━━━━━━━",
        " Thursday, 30 December 9999  1 serial                   1/1",
        " ▸ 19:00 Weekly",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Wed 29                 Timed                  Fri 31 ›",
        " 9999-W52  ←→ day  [ ] week  t today  c week view  ? help",
      ])
  }
}
