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
    // Friday's tab
    state.step(mouse(.press, 4 * 11 + 5, 0), at: .zero, effects: [.wake(at: frame)])
    state.step(mouse(.release, 4 * 11 + 5, 0), at: .zero, effects: [.wake(at: frame)])
    #expect(state.selectedDay == .friday)
  }

  @Test func clickingTheHintsSteps() {
    var state = makeState(day: .monday)
    // "Tue ›" at the right
    state.step(mouse(.press, 78, 22), at: .zero, effects: [.wake(at: frame)])
    #expect(state.selectedDay == .tuesday)
    // "‹ Mon" at the left
    state.step(mouse(.press, 2, 22), at: ms(10), effects: [.wake(at: .nanoseconds(26_666_667))])
    #expect(state.selectedDay == .monday)
  }

  @Test func aLongDragTurnsThePage() {
    var state = makeState(day: .sunday)
    state.step(mouse(.press, 60, 10), at: .zero, effects: [.wake(at: beforeMidnight)])
    for (i, x) in [55, 45, 35, 20].enumerated() {
      let t = ms(Double(20 * (i + 1)))
      state.step(mouse(.drag, x, 10), at: t, effects: [.wake(at: beforeMidnight + t)])
    }
    #expect(state.pager.isDragging)
    state.step(
      mouse(.release, 20, 10), at: ms(100), effects: [.wake(at: .nanoseconds(116_666_667))])
    _ = state.press(.char("\u{0}"), at: ms(100))
    #expect(state.selectedDay == .monday)  // across the seam
  }

  @Test func aShortSlowDragIsCancelled() {
    var state = makeState(day: .wednesday)
    state.step(mouse(.press, 40, 10), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(mouse(.drag, 30, 10), at: ms(50), effects: [.wake(at: beforeMidnight + ms(50))])
    state.step(mouse(.drag, 29, 10), at: ms(400), effects: [.wake(at: beforeMidnight + ms(400))])
    state.step(
      mouse(.release, 29, 10), at: ms(700), effects: [.wake(at: .nanoseconds(716_666_667))])
    _ = state.press(.char("\u{0}"), at: ms(700))
    #expect(state.selectedDay == .wednesday)
    #expect(state.pager.position(at: ms(2000)) == 2)
  }

  @Test func aFlickThatStoppedBeforeLettingGoIsCancelled() {
    var state = makeState(day: .wednesday)
    state.step(mouse(.press, 40, 10), at: .zero, effects: [.wake(at: beforeMidnight)])
    // fast, then the finger rests
    state.step(mouse(.drag, 30, 10), at: ms(10), effects: [.wake(at: beforeMidnight + ms(10))])
    state.step(
      mouse(.release, 30, 10), at: ms(500), effects: [.wake(at: .nanoseconds(516_666_667))])
    _ = state.press(.char("\u{0}"), at: ms(500))
    #expect(state.selectedDay == .wednesday)
  }

  @Test func aQuickShortFlickTurnsThePage() {
    var state = makeState(day: .wednesday)
    state.step(mouse(.press, 40, 10), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(mouse(.drag, 36, 10), at: ms(10), effects: [.wake(at: beforeMidnight + ms(10))])
    state.step(mouse(.drag, 30, 10), at: ms(20), effects: [.wake(at: beforeMidnight + ms(20))])
    state.step(mouse(.release, 30, 10), at: ms(30), effects: [.wake(at: .nanoseconds(46_666_667))])
    _ = state.press(.char("\u{0}"), at: ms(30))
    #expect(state.selectedDay == .thursday)
  }

  @Test func aDragEndsWhenTheScreenBecomesTooSmall() {
    var state = makeState(day: .monday)
    state.step(mouse(.press, 60, 10), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(mouse(.drag, 40, 10), at: ms(20), effects: [.wake(at: beforeMidnight + ms(20))])
    #expect(state.pager.isDragging)
    state.step(
      .resized(Size(width: 20, height: 6)), at: ms(30),
      effects: [.wake(at: .nanoseconds(46_666_667))])
    // released while too small
    state.step(mouse(.release, 10, 3), at: ms(40), effects: [.wake(at: .nanoseconds(56_666_667))])
    #expect(!state.pager.isDragging && state.pointer == nil)
    state.step(
      .resized(Size(width: 80, height: 24)), at: ms(50),
      effects: [.wake(at: .nanoseconds(66_666_667))])
    let t = state.press(.char("\u{0}"), at: ms(50))
    #expect(state.pager.position(at: t) == Double(state.pager.targetPage))
  }

  @Test func clickingBelowTheLastSerialDoesNothing() {
    var state = AppState(
      schedule: Schedule(days: [.monday: [Serial(title: "a"), Serial(title: "b")]]), day: .monday,
      labels: .en, size: Size(width: 80, height: 24), wall: testWall)
    state.step(mouse(.press, 10, 4), at: .zero, effects: [.wake(at: beforeMidnight)])  // "b"
    state.step(mouse(.release, 10, 4), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.lists[0].cursor == 1)
    // empty space
    state.step(mouse(.press, 10, 12), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(mouse(.release, 10, 12), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.lists[0].cursor == 1)
  }

  @Test func clickingARowMovesTheCursorAndTheWheelScrolls() {
    var state = makeState(day: .monday)
    state.step(mouse(.press, 10, 8), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.step(mouse(.release, 10, 8), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.lists[0].cursor == 5)  // rows start under the heading at y = 3
    state.step(mouse(.wheelDown, 10, 8), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.lists[0].offset == 3)
  }
}
