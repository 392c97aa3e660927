import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Sections that come from files: their names, their loads, and `--print`.
@Suite struct AppSectionLoadTests {
  /// "Anime" ready, and a second section still loading `big.json`.
  func oneReadyOneLoading() -> AppState {
    let anime = Schedule(title: "Anime", days: [.monday: [Serial(title: "Frieren")]])
    return AppState(
      sections: [
        SectionState(name: "Anime", schedule: SafeSchedule(anime), day: .monday),
        SectionState(name: "big.json", source: .file("big.json"), schedule: nil, day: .monday),
      ], labels: .en, size: Size(width: 44, height: 10), wall: testWall)
  }

  @Test func aLoadedTitleNamesTheSectionElseItKeepsItsFileName() {
    var state = oneReadyOneLoading()
    var titled = state
    titled.step(
      .scheduleLoaded(path: "big.json", .success([SafeSchedule(Schedule(title: "Manga"))])),
      at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(titled.sections[1].name == "Manga")
    state.step(
      .scheduleLoaded(path: "big.json", .success([SafeSchedule(Schedule())])), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    #expect(state.sections[1].name == "big.json")
    expectScreen(
      state.render(at: .zero),
      [
        "          Anime            big.json       ›",
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
  }

  @Test func aFailedLoadAmongSeveralShowsItsErrorInItsOwnPage() {
    var state = oneReadyOneLoading()
    let error = ScheduleError(
      exitCode: 65, message: "youbi: big.json: 3:14: expected ',' or '}' after a value")
    // The run goes on, and nothing spins any more.
    state.step(
      .scheduleLoaded(path: "big.json", .failure(error)), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    let t = state.press(.tab, at: .zero)
    expectScreen(
      state.render(at: t),
      [
        " ‹        Anime            big.json",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday",
        "",
        "  youbi: big.json: 3:14: expected ',' or",
        "  '}' after a value",
        "",
        "  ‹ Sun                              Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
  }

  @Test func printingSeveralSectionsPutsEachUnderItsName() {
    let a = Schedule.Section(title: "Anime", days: [.monday: [Serial(title: "Frieren")]])
    let b = Schedule.Section(days: [.monday: [Serial(title: "Dandadan", author: "Tatsu")]])
    let text = PlainPrinter.render(
      sections: [("Anime", a), ("manga.json", b)], day: .monday, labels: .en)
    #expect(
      text == """
        == Anime ==

        Monday
          Frieren

        == manga.json ==

        Monday
          Dandadan — Tatsu

        """)
  }

  /// A file with three sections, as `"sections"` gives them: two titled, one not.
  static let shelves = Schedule(
    title: "Two shelves",
    sections: [
      Schedule.Section(title: "Manga", days: [.monday: [Serial(title: "星屑の郵便配達")]]),
      Schedule.Section(title: "Anime", days: [.sunday: [Serial(title: "Quiet Hours")]]),
      Schedule.Section(days: [:]),
    ])

  @Test func aFileWithSectionsGivesOneSectionEachNamedByTitleElseFileAndNumber() {
    let sections = SectionState.sections(
      of: SafeSchedule.sections(of: Self.shelves), from: .file("/home/u/shelves.json"),
      day: .monday)
    #expect(sections.map(\.name) == ["Manga", "Anime", "shelves.json 3"])
    #expect(
      SectionState.names(of: Self.shelves, from: .file("shelves.json"))
        == ["Manga", "Anime", "shelves.json 3"])
    #expect(sections[1].serials(.sunday).map(\.title) == ["Quiet Hours"])
    // A file with `days` is one section, named by the file's title.
    let one = Schedule(title: "My week", days: [.monday: [Serial(title: "x")]])
    #expect(SectionState.names(of: one, from: .file("week.json")) == ["My week"])
    #expect(SectionState.names(of: Schedule(), from: .standardInput) == ["<stdin>"])
  }

  @Test func aFileWithSectionsReadBehindTheSpinnerBecomesItsSections() {
    var state = oneReadyOneLoading()
    state.step(.keyPressed(.tab), at: .zero, effects: [.wake(at: frame)])  // on the loading one
    #expect(state.launch() == [.watch(paths: ["big.json"]), .load(path: "big.json")])
    state.step(
      .scheduleLoaded(path: "big.json", .success(SafeSchedule.sections(of: Self.shelves))),
      at: ms(1), effects: [.wake(at: beforeMidnight + ms(1))])
    #expect(state.sections.map(\.name) == ["Anime", "Manga", "Anime", "big.json 3"])
    #expect(state.sectionPager.mode == .bounded(count: 4))
    #expect(state.current == 1, "the view stays on the file's first section")
    #expect(state.sections.allSatisfy { $0.schedule != nil })
    // The file read again with one section fewer: its group shrinks, Anime stays.
    var fewer = Self.shelves
    fewer.sections.removeLast()
    state.step(.keyPressed(.tab), at: ms(2), effects: [.wake(at: .nanoseconds(18_666_667))])
    let t = state.press(.tab, at: ms(2))
    #expect(state.current == 3)
    state.step(
      .scheduleLoaded(path: "big.json", .success(SafeSchedule.sections(of: fewer))), at: t,
      effects: [.watch(paths: ["big.json"]), .wake(at: beforeMidnight + .nanoseconds(355_553_391))])
    #expect(state.sections.map(\.name) == ["Anime", "Manga", "Anime"])
    #expect(state.current == 2 && state.sectionPager.mode == .bounded(count: 3))
  }

  @Test func sectionsReadWhileTheCalendarIsOpenShowTheDateShown() {
    var state = oneReadyOneLoading()
    state.step(.keyPressed(.tab), at: .zero, effects: [.wake(at: frame)])
    // Updates, not presses: the spinner of the loading section never stops asking for frames.
    state.step(.keyPressed(.char("c")), at: .zero, effects: [.wake(at: frame)])
    state.step(.keyPressed(.char("]")), at: ms(1), effects: [.wake(at: .nanoseconds(17_666_667))])
    let t = ms(1000)
    // the slide has landed
    state.step(.timerFired, at: t, effects: [.wake(at: .seconds(1) + ms(80))])
    let shown = state.sections[1].calendar.selectedDate
    #expect(shown == date(2026, 12, 9))
    state.step(
      .scheduleLoaded(path: "big.json", .success(SafeSchedule.sections(of: Self.shelves))), at: t,
      effects: [.wake(at: beforeMidnight)])
    #expect(state.sections.count == 4)
    for section in state.sections[1...] {
      #expect(section.calendar.selectedDate == shown, "\(section.name)")
      #expect(section.thisWeek == date(2026, 11, 30), "\(section.name)")
    }
  }

  @Test func aFileOfSeveralSectionsIsWatchedAndReadOnce() {
    var state = AppState(
      sections: SectionState.sections(
        of: SafeSchedule.sections(of: Self.shelves), from: .file("shelves.json"), day: .monday),
      labels: .en, size: Size(width: 44, height: 10), wall: testWall)
    #expect(state.launch() == [.watch(paths: ["shelves.json"])])
    state.step(
      .keyPressed(.char("r")), at: .zero,
      effects: [.load(path: "shelves.json"), .wake(at: beforeMidnight)])
  }
}
