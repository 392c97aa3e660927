import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The wide view's keys and mouse: `w`, a click on a column, a drag of the row.
@Suite struct AppColumnsInputTests {
  func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> AppEvent {
    .mouse(MouseEvent(kind, x: x, y: y))
  }

  @Test func wSwitchesBetweenOneDayAndTheWideView() {
    var state = makeState(day: .friday, size: Size(width: 200, height: 50))
    state.choose(columns: .auto)
    let wide = state.render(at: .zero)
    #expect(state.columnCount == 5)
    var t = state.press(.char("w"), at: .zero)
    #expect(state.columnCount == 1)
    #expect(state.render(at: t) == wideState(day: .friday, columns: 1).render(at: .zero))
    t = state.press(.char("w"), at: t)
    #expect(state.render(at: t) == wide)
    // Where the setting shows one day (80 columns), `w` shows two.
    var narrow = makeState(day: .friday)
    narrow.choose(columns: .auto)
    t = narrow.press(.char("w"), at: .zero)
    #expect(narrow.columnCount == 2 && narrow.selectedDay == .friday)
  }

  @Test func aClickSelectsTheColumnAndTheRow() {
    var state = wideState(day: .wednesday, columns: 5)
    // Friday is two columns right of Wednesday; its fourth row is on screen row 6.
    state.stepQuietly(mouse(.press, 170, 6), at: .zero)
    let t = state.send(mouse(.release, 170, 6), at: .zero)
    #expect(state.selectedDay == .friday)
    #expect(state.lists[Weekday.friday.rawValue].cursor == 3)
    #expect(state.lists[Weekday.wednesday.rawValue].cursor == 0)
    var reference = wideState(day: .friday, columns: 5)
    reference.lists = state.lists
    #expect(state.render(at: t) == reference.render(at: .zero))
  }

  @Test func aDragOfMoreThanHalfAColumnSlidesTheRowByOne() {
    var state = wideState(day: .sunday, columns: 5)
    state.stepQuietly(mouse(.press, 120, 10), at: .zero)
    var t = Duration.zero
    for x in stride(from: 118, through: 90, by: -4) {
      t += ms(10)
      state.stepQuietly(mouse(.drag, x, 10), at: t)
    }
    t = state.send(mouse(.release, 90, 10), at: t + ms(200))
    #expect(state.selectedDay == .monday)  // 30 of 40 columns: one day on, round the seam
  }
}
