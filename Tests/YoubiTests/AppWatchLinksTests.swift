import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// Where to watch: bangumi-data's `sites`, made links by `siteMeta`'s `urlTemplate`, in
/// the details box.
@Suite struct AppWatchLinksTests {
  /// Every zone is UTC.
  struct UTCZones: TimeZoneDatabase {
    func localOffset(at utc: Int64) -> Int { 0 }
    func instant(ofLocal local: Int64, inZone id: String) -> Int64? { local }
  }

  /// A bangumi-data file of one Monday show on two sites to watch (one with a hostile
  /// name) and a database site, which is listed apart, under the trackers.
  static let data = #"""
    {"siteMeta": {
      "bangumi": {"title": "番组计划", "urlTemplate": "https://bangumi.tv/subject/{{id}}", "type": "info"},
      "crunchyroll": {"title": "Crunchyroll", "urlTemplate": "https://www.crunchyroll.com/series/{{id}}", "type": "onair"},
      "evil": {"title": "Evil\u001b[2J", "urlTemplate": "https://evil.example/watch?v={{id}}&x=1", "type": "onair"}
    },
    "items": [{"title": "Weekly Show", "type": "tv", "lang": "ja",
      "officialSite": "https://show.example/", "begin": "2026-10-05T12:00:00.000Z",
      "broadcast": "R/2026-10-05T12:00:00.000Z/P7D", "end": "",
      "sites": [{"site": "bangumi", "id": "1"}, {"site": "crunchyroll", "id": "GX1"},
        {"site": "evil", "id": "x"}]}]}
    """#

  func state() throws -> AppState {
    let schedule = try ScheduleLoader.parse(
      Array(Self.data.utf8), source: "data.json",
      calendar: LocalCalendar(zones: UTCZones(), today: testWall.date(dayStartHour: 0)))
    var state = AppState(
      schedule: schedule, day: .monday, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall)
    _ = state.update(.keyPressed(.enter), at: .zero)
    return state
  }

  @Test func theDetailsListThePlacesToWatch() throws {
    expectScreen(
      try state().render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  1 serial                                                           1/1",
        " ▸ 12:00 Weekly Show",
        "",
        "",
        "        ┌─ Details ────────────────────────────────────────────────────┐",
        "        │ Weekly Show                                                  │",
        "        │ Time Mon 12:00 (Mon 21:00 JST)                               │",
        "        │ Next Monday, 7 December 2026                                 │",
        "        │ https://show.example/                                        │",
        "        │ Where to watch                                               │",
        "        │ 1 Crunchyroll https://www.crunchyroll.com/series/GX1         │",
        "        │ 2 Evil␛[2J https://evil.example/watch?v=x&x=1                │",
        "        │ Trackers                                                     │",
        "        │ 3 番组计划 https://bangumi.tv/subject/1                      │",
        "        │ [ o open ]  [ y copy link ]                                  │",
        "        └─ Enter Esc close ────────────────────────────────────────────┘",
        "",
        "",
        "",
        "",
        "  ‹ Sun                           bangumi-data                           Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func aClickOnATrackerOpensIt() throws {
    var state = try state()
    let box = try #require(state.detailsBox())
    let row = try #require(box.lines.firstIndex { $0.text.hasPrefix("3 番组计划") })
    let effects = state.update(
      .mouse(MouseEvent(.press, x: box.frame.x + 4, y: box.frame.y + 1 + row)),
      at: .zero)
    #expect(effects.contains(.open(try WebURL(checking: "https://bangumi.tv/subject/1"))))
  }

  @Test func aClickOnAPlaceToWatchOpensIt() throws {
    var state = try state()
    let box = try #require(state.detailsBox())
    let row = try #require(box.lines.firstIndex { $0.text.hasPrefix("1 Crunchyroll") })
    let effects = state.update(
      .mouse(MouseEvent(.press, x: box.frame.x + 4, y: box.frame.y + 1 + row)),
      at: .zero)
    #expect(effects.contains(.open(try WebURL(checking: "https://www.crunchyroll.com/series/GX1"))))
  }

  @Test func aLinksNumberKeyOpensIt() throws {
    var state = try state()
    #expect(
      state.update(.keyPressed(.char("3")), at: .zero)
        .contains(.open(try WebURL(checking: "https://bangumi.tv/subject/1"))))
    #expect(
      state.update(.keyPressed(.char("1")), at: .zero)
        .contains(.open(try WebURL(checking: "https://www.crunchyroll.com/series/GX1"))))
    // No fourth link: nothing opens, and the key does not jump to Thursday.
    let none = state.update(.keyPressed(.char("4")), at: .zero)
    #expect(!none.contains { if case .open = $0 { true } else { false } })
    #expect(state.selectedDay == .monday)
    #expect(state.showDetails)
  }

  @Test func aShowOfAnotherSourceLinksItsTrackerPage() throws {
    let show = Serial(
      title: "Listed", time: ReleaseTime(hour: 20, minute: 0),
      origin: Origin(id: "mal:5114", airing: nil))
    let other = Serial(
      title: "Elsewhere", url: try WebURL(checking: "https://anilist.co/anime/21"),
      origin: Origin(id: "anilist:21"))
    var state = AppState(
      schedule: Schedule(days: [.monday: [show, other]]), day: .monday, labels: .en,
      size: Size(width: 80, height: 24), wall: testWall)
    _ = state.update(.keyPressed(.enter), at: .zero)
    let box = try #require(state.detailsBox())
    #expect(box.lines.map(\.text).contains("1 MyAnimeList https://myanimelist.net/anime/5114"))
    // Its own link is the tracker page: it is not listed twice.
    _ = state.update(.keyPressed(.escape), at: .zero)
    _ = state.update(.keyPressed(.down), at: .zero)
    _ = state.update(.keyPressed(.enter), at: .zero)
    let again = try #require(state.detailsBox())
    #expect(again.lines.first?.text == "Elsewhere")
    #expect(!again.lines.contains { $0.text.hasPrefix("Trackers") })
  }
}
