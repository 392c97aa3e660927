import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Several schedules side by side: the outer, bounded pager of sections.
@Suite struct AppSectionTests {
  func twoSections(size: Size = Size(width: 44, height: 10)) -> AppState {
    let anime = Schedule(title: "Anime", days: [.monday: [Serial(title: "Frieren")]])
    let manga = Schedule(title: "Manga", days: [.monday: [Serial(title: "Dandadan")]])
    return AppState(
      sections: [anime, manga].map {
        SectionState(
          name: $0.title!, schedule: SafeSchedule($0), day: .monday, slideDuration: slide)
      }, labels: .en, size: size, wall: testWall, slideDuration: slide)
  }

  @Test func oneSectionShowsNoSectionBar() {
    let state = makeState(day: .monday, size: Size(width: 44, height: 10))
    #expect(state.layout.sectionBar == nil)
    expectScreen(
      state.render(at: .zero),
      [
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  40 serials                    1/40",
        " ▸ Mon 01                          Author 1",
        "   Mon 02                          Author 2",
        "   Mon 03                          Author 3",
        "   Mon 04                          Author 4",
        "   Mon 05                          Author 5",
        "  ‹ Sun          Test week           Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
  }

  @Test func theSectionBarNamesTheSectionsAndOnlyExistingNeighbours() {
    var state = twoSections()
    expectScreen(
      state.render(at: .zero),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  1 serial                       1/1",
        " ▸ Frieren",
        "",
        "",
        "",
        "  ‹ Sun            Anime             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    let t = state.press(.tab, at: .zero)
    #expect(state.current == 1)
    let screen = state.render(at: t)
    // No next button on the last section.
    expectScreen(
      screen,
      [
        " ‹        Anime             Manga",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  1 serial                       1/1",
        " ▸ Dandadan",
        "",
        "",
        "",
        "  ‹ Sun            Manga             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    // Tab on the last section does nothing visible.
    let after = state.press(.tab, at: t + ms(1))
    #expect(state.render(at: after) == screen)
  }

  /// Long titles that do not fit side by side: the strip shows whole names
  /// only, and the buttons cut the name, never their arrow.
  @Test(arguments: [44, 60, 80])
  func longNamesAreNeverCutMidStrip(width: Int) {
    let names = ["Manga & web serials — 今週の連載", "Anime — 今期のアニメ", "Radio"]
    var state = AppState(
      sections: names.map {
        SectionState(
          name: $0, schedule: SafeSchedule(Schedule(title: $0, days: [:])), day: .monday,
          slideDuration: slide)
      }, labels: .en, size: Size(width: width, height: 10), wall: testWall, slideDuration: slide)
    var t = Duration.zero
    for step in 0..<3 {
      let bar = state.render(at: t).lines[0]
      let pieces = bar.split(separator: "  ", omittingEmptySubsequences: true)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      for piece in pieces {
        #expect(
          names.contains(piece) || piece.hasPrefix("‹ ") || piece.hasSuffix(" ›"),
          "a cut name in the bar at \(width) columns, section \(step): '\(bar)'")
      }
      #expect(bar.contains(names[step]), "the selected name is whole: '\(bar)'")
      #expect(bar.hasSuffix(" ›") == (step < 2), "'\(bar)'")
      t = state.press(.tab, at: t + ms(1))
    }
  }

  @Test func eachSectionKeepsItsOwnDayAndCursor() {
    var state = twoSections(size: Size(width: 44, height: 12))
    var t = state.press(.right, times: 2, at: .zero)  // Anime: Wednesday
    let animeScreen = state.render(at: t)
    t = state.press(.tab, at: t + ms(1))
    #expect(state.selectedDay == .monday, "Manga kept its own day")
    t = state.press(.backTab, at: t + ms(1))
    #expect(state.selectedDay == .wednesday)
    #expect(state.render(at: t) == animeScreen)
  }

  @Test func aSectionSlideMovesTheWholeBodyWeekdayBarIncluded() {
    var state = twoSections()
    state.step(.keyPressed(.tab), at: .zero, effects: [.wake(at: frame)])
    let mid = state.render(at: ms(125))
    // Half way: the weekday bar of each section shows, side by side.
    expectScreen(
      mid,
      [
        " ‹        Anime             Manga",
        "u   Fri   Sat   Sun     Mon   Tue   Wed   Th",
        "                       ━━━━━━",
        "                  1/1  Monday  1 serial",
        "                       ▸ Dandadan",
        "",
        "",
        "",
        "me             Tue ›    ‹ Sun            Man",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
  }

  @Test func clickingASectionTitleSlidesThere() {
    var state = twoSections()
    let x = Array(state.render(at: .zero).lines[0]).firstIndex(of: "M")!
    state.step(.mouse(MouseEvent(.press, x: x, y: 0)), at: .zero, effects: [.wake(at: frame)])
    state.step(.mouse(MouseEvent(.release, x: x, y: 0)), at: .zero, effects: [.wake(at: frame)])
    #expect(state.current == 1)
  }
}
