import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct AppMouseTests {
  func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> AppEvent {
    .mouse(MouseEvent(kind, x: x, y: y))
  }

  @Test func clickingATabJumpsToIt() {
    var state = makeState(day: .monday, size: Size(width: 77, height: 24))
    _ = state.update(mouse(.press, 4 * 11 + 5, 0), at: .zero)  // Friday's tab
    _ = state.update(mouse(.release, 4 * 11 + 5, 0), at: .zero)
    #expect(state.selectedDay == .friday)
  }

  @Test func clickingTheHintsSteps() {
    var state = makeState(day: .monday)
    _ = state.update(mouse(.press, 78, 22), at: .zero)  // "Tue ›" at the right
    #expect(state.selectedDay == .tuesday)
    _ = state.update(mouse(.press, 2, 22), at: ms(10))  // "‹ Mon" at the left
    #expect(state.selectedDay == .monday)
  }

  @Test func aLongDragTurnsThePage() {
    var state = makeState(day: .sunday)
    _ = state.update(mouse(.press, 60, 10), at: .zero)
    for (i, x) in [55, 45, 35, 20].enumerated() {
      _ = state.update(mouse(.drag, x, 10), at: ms(Double(20 * (i + 1))))
    }
    #expect(state.pager.isDragging)
    _ = state.update(mouse(.release, 20, 10), at: ms(100))
    _ = state.press(.char("\u{0}"), at: ms(100))
    #expect(state.selectedDay == .monday)  // across the seam
  }

  @Test func aShortSlowDragIsCancelled() {
    var state = makeState(day: .wednesday)
    _ = state.update(mouse(.press, 40, 10), at: .zero)
    _ = state.update(mouse(.drag, 30, 10), at: ms(50))
    _ = state.update(mouse(.drag, 29, 10), at: ms(400))
    _ = state.update(mouse(.release, 29, 10), at: ms(700))
    _ = state.press(.char("\u{0}"), at: ms(700))
    #expect(state.selectedDay == .wednesday)
    #expect(state.pager.position(at: ms(2000)) == 2)
  }

  @Test func aFlickThatStoppedBeforeLettingGoIsCancelled() {
    var state = makeState(day: .wednesday)
    _ = state.update(mouse(.press, 40, 10), at: .zero)
    _ = state.update(mouse(.drag, 30, 10), at: ms(10))  // fast, then the finger rests
    _ = state.update(mouse(.release, 30, 10), at: ms(500))
    _ = state.press(.char("\u{0}"), at: ms(500))
    #expect(state.selectedDay == .wednesday)
  }

  @Test func aQuickShortFlickTurnsThePage() {
    var state = makeState(day: .wednesday)
    _ = state.update(mouse(.press, 40, 10), at: .zero)
    _ = state.update(mouse(.drag, 36, 10), at: ms(10))
    _ = state.update(mouse(.drag, 30, 10), at: ms(20))
    _ = state.update(mouse(.release, 30, 10), at: ms(30))
    _ = state.press(.char("\u{0}"), at: ms(30))
    #expect(state.selectedDay == .thursday)
  }

  @Test func aDragEndsWhenTheScreenBecomesTooSmall() {
    var state = makeState(day: .monday)
    _ = state.update(mouse(.press, 60, 10), at: .zero)
    _ = state.update(mouse(.drag, 40, 10), at: ms(20))
    #expect(state.pager.isDragging)
    _ = state.update(.resized(Size(width: 20, height: 6)), at: ms(30))
    _ = state.update(mouse(.release, 10, 3), at: ms(40))  // released while too small
    #expect(!state.pager.isDragging && state.pointer == nil)
    _ = state.update(.resized(Size(width: 80, height: 24)), at: ms(50))
    let t = state.press(.char("\u{0}"), at: ms(50))
    #expect(state.pager.position(at: t) == Double(state.pager.targetPage))
  }

  @Test func clickingBelowTheLastSerialDoesNothing() {
    var state = AppState(
      schedule: Schedule(days: [.monday: [Serial(title: "a"), Serial(title: "b")]]), day: .monday,
      labels: .en, size: Size(width: 80, height: 24), wall: testWall)
    _ = state.update(mouse(.press, 10, 4), at: .zero)  // "b"
    _ = state.update(mouse(.release, 10, 4), at: .zero)
    #expect(state.lists[0].cursor == 1)
    _ = state.update(mouse(.press, 10, 12), at: .zero)  // empty space
    _ = state.update(mouse(.release, 10, 12), at: .zero)
    #expect(state.lists[0].cursor == 1)
  }

  @Test func clickingARowMovesTheCursorAndTheWheelScrolls() {
    var state = makeState(day: .monday)
    _ = state.update(mouse(.press, 10, 8), at: .zero)
    _ = state.update(mouse(.release, 10, 8), at: .zero)
    #expect(state.lists[0].cursor == 5)  // rows start under the heading at y = 3
    _ = state.update(mouse(.wheelDown, 10, 8), at: .zero)
    #expect(state.lists[0].offset == 3)
  }
}
