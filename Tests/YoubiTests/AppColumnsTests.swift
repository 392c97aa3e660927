import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A state at 200x50 showing `k` days side by side (`columns = k`).
func wideState(day: Weekday, columns k: Int, size: Size = Size(width: 200, height: 50))
  -> AppState
{
  var state = makeState(day: day, size: size)
  state.choose(columns: .fixed(k))
  return state
}

/// The wide view: several days side by side, sliding and looping as one row.
@Suite struct AppColumnsTests {
  @Test func autoShowsOneDayBelow120ColumnsAndOnePer40Above() {
    let counts = [80, 119, 120, 160, 200, 279, 280, 400].map {
      Columns.auto.count(forWidth: $0)
    }
    #expect(counts == [1, 1, 3, 4, 5, 6, 7, 7])
    #expect(Columns.fixed(7).count(forWidth: 80) == 4)  // columns of 20 at least
    #expect(Columns.fixed(1).count(forWidth: 200) == 1)
    #expect(Columns.wide(forWidth: 80) == 2)
    #expect(Columns(parsing: "AUTO") == .auto && Columns(parsing: "5") == .fixed(5))
    #expect(Columns(parsing: "8") == nil && Columns(parsing: "0") == nil)
  }

  @Test func at80x24NothingChanges() {
    var state = makeState(day: .wednesday)
    let before = state.render(at: .zero)
    state.choose(columns: .auto)
    #expect(state.render(at: .zero) == before)
    var one = makeState(day: .wednesday, size: Size(width: 200, height: 50))
    let wide = wideState(day: .wednesday, columns: 1)
    #expect(one.render(at: .zero) == wide.render(at: .zero))
    one.choose(columns: .auto)
    #expect(one.render(at: .zero) != wide.render(at: .zero))
  }

  @Test func theSelectedDayIsInTheMiddleOfFiveAndMarked() {
    var state = makeState(day: .monday, size: Size(width: 200, height: 50))
    state.choose(columns: .auto)
    let screen = state.render(at: .zero)
    let headings = screen.lines[2]
    let order = ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"].map {
      headings.range(of: $0)?.lowerBound.utf16Offset(in: headings) ?? -1
    }
    #expect(order == [1, 41, 81, 121, 161], "\(headings)")
    #expect(screen[81, 2].style.attributes.contains(.reverse))
    #expect(!screen[41, 2].style.attributes.contains(.reverse))
    #expect(screen[81, 3].scalar == "▸")  // the selected day's cursor
    #expect(screen[41, 3].scalar == " ")  // no other cursor
    #expect(screen[39, 3].scalar == "│")
  }

  /// The frame drawn from the dummies at the end of a slide equals the one after the
  /// snap, for every day, both directions and every k.
  @Test(arguments: 1...7, Weekday.allCases)
  func snapChangesNoCell(k: Int, day: Weekday) {
    for direction in Direction.allCases {
      var state = wideState(day: day, columns: k)
      for (i, d) in Weekday.allCases.enumerated() {
        state.lists[d.rawValue].move(to: 5 + 3 * i, count: 40, rows: state.listRows)
      }
      var t = Duration.zero
      state.stepQuietly(.keyPressed(direction == .forward ? .right : .left), at: t)
      var snapped = false
      while let next = state.nextFrame(after: t) {
        t = next
        let before = state.render(at: t)
        let beforePager = state.pager
        state.stepQuietly(.timerFired, at: t)
        if beforePager.position(at: t) != state.pager.position(at: t) {
          snapped = true
          let after = state.render(at: t)
          #expect(before == after, "k \(k): snap at \(t) changed the screen")
        }
      }
      let crossesSeam =
        (day == .sunday && direction == .forward) || (day == .monday && direction == .backward)
      #expect(snapped == crossesSeam)
      let expected = Weekday(rawValue: (day.rawValue + direction.sign + 7) % 7)!
      var reference = wideState(day: expected, columns: k)
      reference.lists = state.lists
      #expect(state.render(at: t) == reference.render(at: .zero), "k \(k), \(direction)")
    }
  }

  @Test(arguments: 1...7)
  func sevenStepsComeBackToTheSameScreen(k: Int) {
    for key in [Key.right, .left] {
      var state = wideState(day: .thursday, columns: k)
      var t = state.press(.char("j"), times: 9, at: .zero)
      let start = state.render(at: t)
      t = state.press(key, times: 7, at: t + ms(10))
      #expect(state.render(at: t) == start)
    }
  }

  @Test func resizingMidSlideKeepsTheSelectionScrollsAndKeys() {
    var state = wideState(day: .saturday, columns: 5)
    var t = state.press(.char("j"), times: 12, at: .zero)
    let lists = state.lists
    state.stepQuietly(.keyPressed(.right), at: t)
    state.stepQuietly(.keyPressed(.right), at: t + ms(60))
    state.stepQuietly(.resized(Size(width: 80, height: 24)), at: t + ms(100))
    state.stepQuietly(.keyPressed(.right), at: t + ms(120))
    state.stepQuietly(.resized(Size(width: 240, height: 50)), at: t + ms(200))
    t = state.press(.down, at: t + ms(210))
    #expect(state.selectedDay == .tuesday)
    #expect(state.columnCount == 5)
    let cursors = Weekday.allCases.map { state.lists[$0.rawValue].cursor }
    #expect(cursors == [0, 1, 0, 0, 0, 12, 0])
    #expect(state.lists[Weekday.saturday.rawValue] == lists[Weekday.saturday.rawValue])
  }

  @Test func theTabBarsIndicatorCoversTheDaysInView() {
    let state = wideState(day: .monday, columns: 5)
    let screen = state.render(at: .zero)
    // Seven tabs of 28 columns from column 2: Mon, Tue, Wed under the line, then Sat, Sun.
    let underlined = (0..<7).map { tab in screen[2 + 28 * tab + 14, 1].scalar == "━" }
    #expect(underlined == [true, true, true, false, false, true, true], "\(screen.lines[1])")
  }

  @Test func theCalendarShowsKDatesSideBySide() {
    var state = wideState(day: .wednesday, columns: 3)
    let t = state.press(.char("c"), at: .zero)
    let headings = state.render(at: t).lines[2]
    // The test week: Wednesday is 2 December 2026.
    for (date, column) in [("Tuesday, 1 December", 1), ("Wednesday, 2 December", 67)] {
      let at = headings.range(of: date).map {
        headings.distance(from: headings.startIndex, to: $0.lowerBound)
      }
      #expect(at == column, "\(headings)")
    }
    #expect(headings.contains("Thursday, 3 December"))
  }
}
