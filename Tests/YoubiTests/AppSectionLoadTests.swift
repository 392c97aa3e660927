import PagerCore
import TerminalUI
import Testing

@testable import Youbi

/// Sections that come from files: their names, their loads, and `--print`.
@Suite struct AppSectionLoadTests {
  /// "Anime" ready, and a second section still loading `big.json`.
  func oneReadyOneLoading() -> AppState {
    let anime = Schedule(title: "Anime", days: [.monday: [Serial(title: "Frieren")]])
    return AppState(
      sections: [
        Section(name: "Anime", schedule: SafeSchedule(anime), day: .monday),
        Section(name: "big.json", source: .file("big.json"), schedule: nil, day: .monday),
      ], labels: .en, size: Size(width: 44, height: 10), wall: testWall)
  }

  @Test func aLoadedTitleNamesTheSectionElseItKeepsItsFileName() {
    var state = oneReadyOneLoading()
    var titled = state
    titled.update(
      .scheduleLoaded(path: "big.json", .success(SafeSchedule(Schedule(title: "Manga")))),
      at: .zero)
    #expect(titled.sections[1].name == "Manga")
    state.update(.scheduleLoaded(path: "big.json", .success(SafeSchedule(Schedule()))), at: .zero)
    #expect(state.sections[1].name == "big.json")
    #expect(state.render(at: .zero).lines[0].contains("big.json"))
  }

  @Test func aFailedLoadAmongSeveralShowsItsErrorInItsOwnPage() {
    var state = oneReadyOneLoading()
    let error = ScheduleError(
      exitCode: 65, message: "youbi: big.json: 3:14: expected ',' or '}' after a value")
    let effects = state.update(.scheduleLoaded(path: "big.json", .failure(error)), at: .zero)
    #expect(effects.isEmpty, "the run goes on, and nothing spins any more")
    let t = state.press(.tab, at: .zero)
    expectScreen(
      state.render(at: t),
      [
        " ‹ Anime       Anime          big.json",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday",
        "",
        "  youbi: big.json: 3:14: expected ',' or",
        "  '}' after a value",
        "",
        "  ‹ Sun                              Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help…",
      ])
  }

  @Test func printingSeveralSectionsPutsEachUnderItsName() {
    let a = Schedule(title: "Anime", days: [.monday: [Serial(title: "Frieren")]])
    let b = Schedule(days: [.monday: [Serial(title: "Dandadan", author: "Tatsu")]])
    let text = PlainPrinter.render(
      sections: [("Anime", a), ("manga.json", b)], day: .monday, labels: .en)
    #expect(
      text == """
        Anime
        =====

        Monday
          Frieren

        manga.json
        ==========

        Monday
          Dandadan — Tatsu

        """)
    #expect(
      PlainPrinter.render(sections: [("Anime", a)], day: nil, labels: .en)
        == PlainPrinter.render(a, day: nil, labels: .en), "one section prints as before")
  }
}
