import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The snap tests extended to the invisible moves beyond the single week's
/// snap: the snap with a section bar above it and with the block indicator,
/// every section switch, and the slides a search makes.
///
/// One invariant covers them all: ticking the state (a slide landing, a dummy
/// snapping to its real page) never changes the frame drawn at that instant.
extension AppSnapTests {
  enum Variant: String, CaseIterable, CustomTestStringConvertible {
    case twoSections, block, twoSectionsBlock
    var testDescription: String { rawValue }
    var sections: Int { self == .block ? 1 : 2 }
    var indicator: TabBar.Indicator { self == .twoSections ? .underline : .block }
  }

  /// The test week (40 serials a day) in `count` sections, the last one
  /// selected, each day of each section scrolled differently.
  func state(sections count: Int, day: Weekday, indicator: TabBar.Indicator) -> AppState {
    let sections = (0..<count).map { i in
      SectionState(
        name: "Section \(i)", schedule: SafeSchedule(testWeek()), day: day, slideDuration: slide)
    }
    var state = AppState(
      sections: sections, labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      slideDuration: slide)
    state.indicator = indicator
    state.sectionPager = Pager(mode: .bounded(count: count), page: count - 1, duration: slide)
    for i in 0..<count {
      for d in Weekday.allCases {
        state.sections[i].lists[d.rawValue].move(
          to: 5 + 3 * d.rawValue + i, count: 40, rows: state.listRows)
      }
    }
    return state
  }

  /// Sends `key` at `t`, then walks every frame until nothing moves, checking
  /// that no tick changes the frame at its instant. Returns when it settled
  /// and whether a week snapped from a dummy to its real page.
  func walk(
    _ state: inout AppState, pressing keys: [Key], at t: Duration,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (end: Duration, snapped: Bool) {
    // The walk carries out the frames' wakes itself; no other effect is expected.
    for key in keys {
      expectEffects(
        actions(state.update(.keyPressed(key), at: t)), [], sourceLocation: sourceLocation)
    }
    var t = t
    var snapped = false
    while let next = state.nextFrame(after: t) {
      t = next
      let before = state.render(at: t)
      let weeks = state.sections.map { $0.week.position(at: t) }
      expectEffects(actions(state.update(.timerFired, at: t)), [], sourceLocation: sourceLocation)
      if weeks != state.sections.map({ $0.week.position(at: t) }) { snapped = true }
      let after = state.render(at: t)
      if before != after {
        Issue.record(
          "a tick at \(t) changed the screen:\n\(screenDiff(expected: before.lines, actual: after.lines))",
          sourceLocation: sourceLocation)
        break
      }
    }
    return (t, snapped)
  }

  @Test(arguments: Variant.allCases, Weekday.allCases)
  func theWeekSnapChangesNoCell(variant: Variant, day: Weekday) {
    for direction in Direction.allCases {
      var state = state(sections: variant.sections, day: day, indicator: variant.indicator)
      let (t, snapped) = walk(&state, pressing: [direction == .forward ? .right : .left], at: .zero)
      let crossesSeam =
        (day == .sunday && direction == .forward) || (day == .monday && direction == .backward)
      #expect(snapped == crossesSeam, "\(direction)")
      let expected = Weekday(rawValue: (day.rawValue + (direction == .forward ? 1 : 6)) % 7)!
      #expect(state.selectedDay == expected)
      // The page shows the expected day with its own scroll position kept.
      let screen = state.render(at: t)
      #expect(screen.lines[state.layout.page.y].contains(Labels.en.fullName(expected)))
      let cursor = state.lists[expected.rawValue].cursor
      #expect(cursor == 5 + 3 * expected.rawValue + variant.sections - 1)
    }
  }

  @Test(arguments: TabBar.Indicator.allCases, [2, 3])
  func aSectionSwitchChangesNoCellWhenItLandsAndComesBackAsLeft(
    indicator: TabBar.Indicator, count: Int
  ) {
    var state = state(sections: count, day: .thursday, indicator: indicator)
    state.sectionPager = Pager(mode: .bounded(count: count), page: 0, duration: slide)
    let left = state.render(at: .zero)
    var (t, _) = walk(&state, pressing: [.tab], at: .zero)
    #expect(state.current == min(1, count - 1))
    (t, _) = walk(&state, pressing: [.right], at: t)  // change the other section a little
    (t, _) = walk(&state, pressing: [.backTab], at: t)
    #expect(state.current == 0)
    #expect(state.render(at: t) == left, "coming back shows exactly what was left")
    (t, _) = walk(&state, pressing: [.tab, .tab, .tab], at: t)  // a burst, past the end
    #expect(state.current == count - 1)
  }

  @Test(arguments: TabBar.Indicator.allCases)
  func aSectionSwitchDuringAWeekSlideAcrossTheSeam(indicator: TabBar.Indicator) {
    var state = state(sections: 2, day: .sunday, indicator: indicator)
    let (_, snapped) = walk(&state, pressing: [.right, .backTab], at: .zero)
    #expect(snapped)
    #expect(state.current == 0)
    #expect(state.sections[1].selectedDay == .monday)
  }

  @Test func aSearchThatSlidesAcrossSectionsChangesNoCellWhenItLands() {
    var state = state(sections: 2, day: .monday, indicator: .block)
    var (t, _) = walk(&state, pressing: [.char("/")], at: .zero)
    (t, _) = walk(&state, pressing: "Sun 02".unicodeScalars.map { .char($0) }, at: t)
    #expect(state.current == 1 && state.selectedDay == .sunday)
    (t, _) = walk(&state, pressing: [.enter, .char("N")], at: t)
    #expect(state.current == 0 && state.selectedDay == .sunday)
    _ = walk(&state, pressing: [.char("n")], at: t)
    #expect(state.current == 1)
  }
}
