import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The test week on `day`, its week bounded (`--no-loop`) unless `looping`.
func weekState(
  day: Weekday, looping: Bool = false, indicator: TabBar.Indicator = .underline,
  size: Size = Size(width: 44, height: 10), easing: Easing = .easeInOut
) -> AppState {
  var state = AppState(
    schedule: testWeek(count: 3), day: day, labels: .en, size: size, wall: testWall,
    slideDuration: slide, looping: looping)
  state.indicator = indicator
  state.pager.easing = easing
  return state
}

/// Columns of `row` whose cells satisfy `test`.
func columns(_ canvas: Canvas, row: Int, where test: (Cell) -> Bool) -> [Int] {
  (0..<canvas.size.width).filter { test(canvas[$0, row]) }
}

/// Where the indicator is on the tab bar starting at `row`: the `━` cells of
/// the underline, or the reversed cells of the block.
func indicatorColumns(_ canvas: Canvas, row: Int, _ indicator: TabBar.Indicator) -> [Int] {
  switch indicator {
  case .underline: columns(canvas, row: row + 1) { $0.scalar == "━" }
  case .block: columns(canvas, row: row) { $0.style.attributes.contains(.reverse) }
  }
}

/// `--no-loop`: the week stops at Monday and Sunday.
@Suite struct AppBoundedWeekTests {
  @Test func mondayHasNoPreviousHintAndLeftDoesNothing() {
    var state = weekState(day: .monday)
    expectScreen(
      state.render(at: .zero),
      [
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  3 serials                      1/3",
        " ▸ Mon 01                          Author 1",
        "   Mon 02                          Author 2",
        "   Mon 03                          Author 3",
        "",
        "",
        "                 Test week           Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    state.expect(.keyPressed(.left), at: .zero, effects: [.wake(at: beforeMidnight)]) { _ in }
    state.expect(.keyPressed(.char("h")), at: ms(1), effects: [.wake(at: beforeMidnight + ms(1))]) {
      $0.wall = moment(ms(1)).wall
    }
    let t = state.press(.left, at: ms(2))
    #expect(state.selectedDay == .monday && t == ms(2), "nothing moves, nothing asks for frames")
  }

  @Test func sundayHasNoNextHintAndRightDoesNothing() {
    var state = weekState(day: .sunday)
    expectScreen(
      state.render(at: .zero),
      [
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        "                                     ━━━━━━",
        " Sunday  3 serials                      1/3",
        " ▸ Sun 01                          Author 1",
        "   Sun 02                          Author 2",
        "   Sun 03                          Author 3",
        "",
        "",
        "  ‹ Sat          Test week",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    state.expect(.keyPressed(.right), at: .zero, effects: [.wake(at: beforeMidnight)]) { _ in }
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: beforeMidnight)])
  }

  @Test func theWeekStillStepsBetweenItsEnds() {
    var state = weekState(day: .monday)
    var t = state.press(.right, at: .zero)
    #expect(state.selectedDay == .tuesday)
    expectScreen(
      state.render(at: t),
      [
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        "       ━━━━━━",
        " Tuesday  3 serials                     1/3",
        " ▸ Tue 01                          Author 1",
        "   Tue 02                          Author 2",
        "   Tue 03                          Author 3",
        "",
        "",
        "  ‹ Mon          Test week           Wed ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    t = state.press(.right, times: 9, at: t)
    #expect(state.selectedDay == .sunday, "a burst stops at the end")
  }

  @Test func digitsStillJump() {
    var state = weekState(day: .monday)
    var t = state.press(.char("7"), at: .zero)
    #expect(state.selectedDay == .sunday)
    t = state.press(.char("1"), at: t)
    #expect(state.selectedDay == .monday)
  }

  @Test func aDragPastAnEndSpringsBack() {
    var state = weekState(day: .monday, size: Size(width: 80, height: 24))
    let mouse = { (kind: MouseEvent.Kind, x: Int) in AppEvent.mouse(MouseEvent(kind, x: x, y: 10)) }
    state.step(mouse(.press, 10), at: .zero, effects: [.wake(at: beforeMidnight)])
    for (i, x) in [20, 40, 60, 75].enumerated() {
      let t = ms(Double(20 * (i + 1)))
      state.step(mouse(.drag, x), at: t, effects: [.wake(at: beforeMidnight + t)])
    }
    #expect(state.pager.position(at: ms(80)) < 0, "it gives a little past Monday")
    #expect(state.pager.position(at: ms(80)) > -0.5)
    state.step(mouse(.release, 75), at: ms(90), effects: [.wake(at: .nanoseconds(106_666_667))])
    let t = state.press(.char("\u{0}"), at: ms(90))
    #expect(state.selectedDay == .monday && state.pager.position(at: t) == 0)
  }

  @Test func clickingAHiddenHintDoesNothing() {
    var state = weekState(day: .monday, size: Size(width: 80, height: 24))
    state.expect(
      .mouse(MouseEvent(.press, x: 2, y: 22)), at: .zero, effects: [.wake(at: beforeMidnight)]
    ) { _ in }
    // "Tue ›"
    state.step(.mouse(MouseEvent(.press, x: 78, y: 22)), at: .zero, effects: [.wake(at: frame)])
    #expect(state.selectedDay == .tuesday)
  }

  @Test func theWeekdayBarDoesNotWrapWhenItScrolls() {
    // 24 columns: the tabs do not fit, so the bar is a strip centred on Monday.
    let bounded = weekState(day: .monday, size: Size(width: 24, height: 10)).render(at: .zero)
    let looping = weekState(day: .monday, looping: true, size: Size(width: 24, height: 10))
      .render(at: .zero)
    // A looping strip shows Sunday before Monday; a bounded one, blank.
    expectScreen(
      looping,
      [
        " Sat  Sun  Mon  Tue  Wed",
        "          ━━━━━",
        " Monday  3 serials  1/3",
        " ▸ Mon 01      Author 1",
        "   Mon 02      Author 2",
        "   Mon 03      Author 3",
        "",
        "",
        "  ‹ Sun  Test …  Tue ›",
        " ←→ day  ↑↓ move  ? help",
      ])
    expectScreen(
      bounded,
      [
        "           Mon  Tue  Wed",
        "          ━━━━━",
        " Monday  3 serials  1/3",
        " ▸ Mon 01      Author 1",
        "   Mon 02      Author 2",
        "   Mon 03      Author 3",
        "",
        "",
        "         Test …  Tue ›",
        " ←→ day  ↑↓ move  ? help",
      ])
  }
}

/// The weekday bar's two indicators, at rest, between tabs, across the seam and under a drag.
@Suite struct AppIndicatorTests {
  @Test(arguments: TabBar.Indicator.allCases)
  func restsUnderTheSelectedTab(indicator: TabBar.Indicator) {
    let state = weekState(
      day: .wednesday, looping: true, indicator: indicator, size: Size(width: 77, height: 24))
    // 77 columns: seven tabs of 11.
    #expect(indicatorColumns(state.render(at: .zero), row: 0, indicator) == Array(22..<33))
  }

  @Test(arguments: TabBar.Indicator.allCases, [50, 100, 175, 250, 300])
  func slidesBetweenTabsCellByCell(indicator: TabBar.Indicator, milliseconds: Int) {
    var state = weekState(
      day: .monday, looping: true, indicator: indicator, size: Size(width: 77, height: 24),
      easing: .linear)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // Monday to Wednesday in one slide
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    let t = Duration.milliseconds(milliseconds)
    let position = state.pager.position(at: t)
    #expect(position != position.rounded(), "between tabs")
    let canvas = state.render(at: t)
    let start = Int((position * 11).rounded(.down))
    #expect(
      indicatorColumns(canvas, row: 0, indicator) == Array(start..<(start + 11)),
      "at position \(position)")
    if indicator == .block {
      // The selected (target) tab is bold, wherever the block is.
      #expect(canvas[2 * 11 + 4, 0].style.attributes.contains(.bold))
      #expect(canvas.lines[1].isEmpty, "no line under the tabs")
    }
  }

  @Test(arguments: TabBar.Indicator.allCases)
  func wrapsAtTheSeam(indicator: TabBar.Indicator) {
    var state = weekState(
      day: .sunday, looping: true, indicator: indicator, size: Size(width: 77, height: 24),
      easing: .linear)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // Half way from Sunday to the dummy Monday: half at the right edge, half at the left.
    let cells = indicatorColumns(state.render(at: ms(125)), row: 0, indicator)
    #expect(cells == Array(0..<5) + Array(71..<77))
  }

  @Test(arguments: TabBar.Indicator.allCases)
  func followsADrag(indicator: TabBar.Indicator) {
    var state = weekState(
      day: .tuesday, looping: true, indicator: indicator, size: Size(width: 77, height: 24))
    state.step(
      .mouse(MouseEvent(.press, x: 50, y: 10)), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(
      .mouse(MouseEvent(.drag, x: 31, y: 10)), at: ms(20),
      effects: [.wake(at: beforeMidnight + ms(20))])  // 19/77 of a page forward
    let position = state.pager.position(at: ms(20))
    #expect(abs(position - (1 + 19.0 / 77)) < 0.001)
    let start = Int((position * 11).rounded(.down))
    #expect(
      indicatorColumns(state.render(at: ms(20)), row: 0, indicator) == Array(start..<(start + 11)))
  }

  @Test(arguments: TabBar.Indicator.allCases)
  func aBoundedWeekDoesNotWrapUnderADragPastSunday(indicator: TabBar.Indicator) {
    var state = weekState(day: .sunday, indicator: indicator, size: Size(width: 77, height: 24))
    state.step(
      .mouse(MouseEvent(.press, x: 60, y: 10)), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(
      .mouse(MouseEvent(.drag, x: 5, y: 10)), at: ms(20),
      effects: [.wake(at: beforeMidnight + ms(20))])
    #expect(state.pager.position(at: ms(20)) > 6)
    let cells = indicatorColumns(state.render(at: ms(20)), row: 0, indicator)
    #expect(!cells.isEmpty && !cells.contains(0), "nothing comes in at the left edge")
  }
}
