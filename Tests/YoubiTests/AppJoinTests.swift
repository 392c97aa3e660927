import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// Where a tracker's list (an account) and another source both hold a show, one row
/// shows: the tracker's. Matched by ids (`anilist:<id>`, `mal:<id>`), never by title.
@Suite struct AppJoinTests {
  static let account = try! WebURL(checking: "https://anilist.co/user/alice/animelist")
  static let body = "/cache/youbi/anilist.co-0123456789abcdef.body"
  static let cataloguePath = "/home/me/bangumi.json"
  static let jikanPath = "/home/me/jikan.json"
  static let catalogueKey = ScheduleKey.path(cataloguePath)

  /// Alice's list: "Alpha" (AniList 21, MyAnimeList 31), Mondays 12:00 UTC, episode 4
  /// out this Monday, with 3 seen; `media` replaces it with another show.
  static func list(media: (id: Int, mal: Int) = (21, 31)) -> [UInt8] {
    let next = mondayMidnight + 7 * 86_400 + 12 * 3600
    return Array(
      """
      {"data": {"MediaListCollection": {"user": {"name": "alice"}, "lists": [{"entries": [
        {"progress": 3, "updatedAt": 100, "media": {"id": \(media.id), "idMal": \(media.mal),
         "episodes": 12, "siteUrl": "https://anilist.co/anime/\(media.id)",
         "title": {"romaji": "Alpha", "english": null, "native": null},
         "nextAiringEpisode": {"airingAt": \(next), "episode": 5}}}]}]}}}
      """.utf8)
  }

  /// A serial of a source other than the tracker: its source's `id` and other ids.
  static func show(_ title: String, _ id: String, _ other: [String] = [], hour: Int = 21)
    -> Serial
  {
    Serial(
      title: title, time: ReleaseTime(hour: hour, minute: 0),
      origin: Origin(id: id, otherIDs: other))
  }

  /// bangumi-data: the tracker's show under its Japanese title (joined by its `anilist`
  /// site), "Alpha" with another AniList id (the same title, another show), and Beta.
  static var catalogue: Schedule {
    var schedule = Schedule(
      title: "bangumi-data",
      days: [
        .monday: [
          show("アルファ", "bangumi:1", ["anilist:21"]), show("Alpha", "bangumi:3", ["anilist:99"]),
          show("Beta", "bangumi:2"),
        ]
      ])
    schedule.format = .bangumiData
    return schedule
  }

  /// Jikan's week: the tracker's show by its MyAnimeList id, and Delta.
  static var jikan: Schedule {
    var schedule = Schedule(
      title: "Jikan",
      days: [.monday: [show("Alpha (TV)", "mal:31", hour: 12), show("Delta", "mal:77")]])
    schedule.format = .jikan
    return schedule
  }

  /// The account, bangumi-data and Jikan side by side on Wednesday, with `marks`; the
  /// account's list loaded when `loaded`.
  static func state(_ marks: Marks = Marks(), loaded: Bool = true, at start: WallTime = testWall)
    -> AppState
  {
    let slide = Duration.milliseconds(250)
    let sections = [
      SectionState(
        name: "alice (AniList)", source: .url(account), schedule: nil, day: .monday,
        slideDuration: slide),
      SectionState(
        name: "bangumi-data", source: .file(cataloguePath), schedule: SafeSchedule(catalogue),
        day: .monday, slideDuration: slide),
      SectionState(
        name: "Jikan", source: .file(jikanPath), schedule: SafeSchedule(jikan), day: .monday,
        slideDuration: slide),
    ]
    var state = AppState(
      sections: sections, labels: .en, size: Size(width: 120, height: 24), wall: start,
      slideDuration: slide,
      markKeys: [
        .url(account): .path(account.text), .file(cataloguePath): catalogueKey,
        .file(jikanPath): .path(jikanPath),
      ],
      feeds: [Feed(url: account, bodyPath: body, hasCopy: true, fetchedAt: testWall.seconds)])
    state.stepQuietly(.stateSynced(.success(marks)), at: moment(.zero, from: start))
    if loaded { load(&state, at: start) }
    return state
  }

  /// The account's list of `media` read, as a fetch's copy is.
  static func load(
    _ state: inout AppState, media: (id: Int, mal: Int) = (21, 31), at start: WallTime = testWall
  ) {
    let schedule = try! ScheduleLoader.parse(
      list(media: media), source: "alice",
      calendar: LocalCalendar(
        zones: AppWatchLinksTests.UTCZones(), today: start.date(dayStartHour: 0)))
    _ = state.checkedUpdate(
      .scheduleLoaded(path: body, .success(SafeSchedule.sections(of: schedule))),
      at: moment(.zero, from: start))
  }

  /// The titles Monday's page of section `s` lists.
  func monday(_ state: AppState, _ s: Int) -> [String] {
    state.sections[s].serials(.monday).map(\.title)
  }

  @Test func aBangumiDataItemJoinsTheTrackersRowByItsAniListID() {
    let state = Self.state()
    #expect(monday(state, 0) == ["Alpha"], "the tracker's row stays")
    #expect(monday(state, 1) == ["Alpha", "Beta"], "アルファ is the tracker's Alpha")
    #expect(state.sections[1].joined.ids == [SerialID(id: "bangumi:1")])
  }

  @Test func aJikanRowJoinsTheTrackersRowByItsMyAnimeListID() {
    let state = Self.state()
    #expect(monday(state, 2) == ["Delta"], "mal:31 is the idMal of the tracker's show")
  }

  /// The same title is not the same show: "Alpha" of bangumi-data has another AniList id.
  @Test func equalTitlesWithOtherIDsStayApart() {
    let state = Self.state()
    #expect(monday(state, 1).contains("Alpha"))
    let before = Self.state(loaded: false)
    #expect(monday(before, 1) == ["アルファ", "Alpha", "Beta"], "nothing joins before the list")
    #expect(monday(before, 2) == ["Alpha (TV)", "Delta"])
  }

  /// Without an account two sources holding one id both stay, and two rows of one
  /// source with one id are never joined to each other.
  @Test func noJoinWithoutATrackerNorWithinOneSource() {
    var week = Self.catalogue
    week.sections[0] = Schedule.Section(
      days: [.monday: [Self.show("A", "anilist:21"), Self.show("B", "bangumi:9", ["anilist:21"])]])
    let source = ScheduleSource.file(Self.cataloguePath)
    let state = AppState(
      sections: [
        SectionState(name: "one", source: source, schedule: SafeSchedule(week), day: .monday),
        SectionState(
          name: "two", source: .file(Self.jikanPath), schedule: SafeSchedule(Self.jikan),
          day: .monday),
      ], labels: .en, size: Size(width: 80, height: 24), wall: testWall)
    #expect(monday(state, 0) == ["A", "B"])
    #expect(monday(state, 1) == ["Alpha (TV)", "Delta"])
    #expect(state.sections.allSatisfy { $0.joined.isEmpty })
  }

  /// A list fetched again without the show gives the other source its row back.
  @Test func aShowLeavingTheListComesBack() {
    var state = Self.state()
    Self.load(&state, media: (50, 60))
    #expect(monday(state, 1) == ["アルファ", "Alpha", "Beta"])
    #expect(monday(state, 2) == ["Alpha (TV)", "Delta"])
  }

  /// A row hidden above the cursor keeps the cursor on its serial.
  @Test func theCursorStaysOnItsSerial() {
    var state = Self.state(loaded: false)
    state.sections[1].lists[Weekday.monday.rawValue].move(to: 1, count: 3, rows: 10)
    Self.load(&state)
    let page = state.weekPage(.monday, of: state.sections[1])
    #expect(page.serials[page.list.cursor].title == "Alpha", "not Beta, now at its row")
  }

  /// Marks with the joined shows starred in bangumi-data and Jikan, and Beta too: without
  /// the join, each would count behind beside the tracker's own row.
  static var starred: Marks {
    var marks = Marks()
    let monday = wall(.monday, hour: 8)
    marks.toggleStar(SerialID(id: "bangumi:1"), in: catalogueKey, at: monday)
    marks.toggleStar(SerialID(id: "bangumi:2"), in: catalogueKey, at: monday)
    marks.toggleStar(SerialID(id: "mal:31"), in: .path(jikanPath), at: monday)
    return marks
  }

  /// The tab's count of Monday (nil: none), its heading, and how many `b` lists of it.
  func sayings(_ state: AppState, _ s: Int) -> (tab: Int?, heading: String, listed: Int) {
    let section = state.sections[s]
    let label = state.tabLabels(of: section, width: 200)[0]
    let tab: Int? =
      label.hasSuffix(" ✓") ? 0 : label.split(separator: "+").last.flatMap { Int($0) }
    let page = state.weekPage(.monday, of: section)
    let heading = state.headingCount(of: section, page, total: page.serials.count)
    return (tab, heading, state.behindItems.count { $0.section == s && $0.date == page.date })
  }

  /// The joined show counts once, as the tracker's: the tabs, the headings and `b` say
  /// so in every section, with `*` off and on.
  @Test(arguments: [false, true])
  func countsAgreeWithTheJoin(starredOnly: Bool) {
    var state = Self.state(Self.starred)
    if starredOnly { state.stepQuietly(.keyPressed(.char("*")), at: ms(1)) }
    let account = sayings(state, 0)
    // Under `*` the account's unstarred row is not listed, nor counted, nor in `b`.
    #expect(account.tab == (starredOnly ? nil : 1), "\(account)")
    #expect(account.listed == (starredOnly ? 0 : 1), "\(account)")
    #expect(sayings(state, 1) == (1, "1 behind of 1 followed", 1), "Beta only, not アルファ")
    let jikan = sayings(state, 2)
    #expect(jikan.tab == nil && jikan.listed == 0 && !jikan.heading.contains("behind"))
    let tracker = starredOnly ? [] : [SerialID(id: "anilist:21")]
    #expect(state.behindItems.map(\.id) == tracker + [SerialID(id: "bangumi:2")], "b: once")
    if starredOnly { #expect(monday(state, 1) == ["Beta"], "アルファ is hidden, Alpha unstarred") }
  }

  /// Search finds the tracker's row and the other show of the same title, not the rows
  /// joined to it.
  @Test func searchFindsTheJoinedShowOnce() {
    let state = Self.state()
    let hits = state.hits(of: Array(SearchFolding.fold("alpha").utf8))
    #expect(hits.map(\.section) == [0, 1])
    #expect(state.hits(of: Array(SearchFolding.fold("アルファ").utf8)).isEmpty)
  }

  /// Monday from 11:00, everything announced: the tracker's Alpha once (at 12:00), not
  /// Jikan's row of it at the same time nor bangumi-data's at 21:00.
  @Test func aJoinedShowIsAnnouncedOnce() {
    let start = wall(.monday, hour: 11)
    var state = Self.state(at: start)
    state.notify = NotifySettings(scope: .all, route: NotifyRoute(form: .osc9))
    var titles: [String] = []
    for hour in 0...12 {
      let effects = state.checkedUpdate(.timerFired, at: moment(.seconds(hour * 3600), from: start))
      titles += effects.compactMap { if case .notify(let n) = $0 { n.title } else { nil } }
    }
    #expect(titles == ["Alpha #4", "Alpha", "Beta", "Delta"])
  }

  /// `--print` and the other writers get the same join: the account's list whole, the
  /// other sources without the rows it stands for.
  @Test func theWritersShowAJoinedShowOnce() throws {
    let list = try ScheduleLoader.parse(
      Self.list(), source: "alice",
      calendar: LocalCalendar(
        zones: AppWatchLinksTests.UTCZones(), today: testWall.date(dayStartHour: 0)))
    let joined = Joins.joining([(true, list), (false, Self.catalogue), (false, Self.jikan)])
    #expect(joined[0] == list)
    #expect(joined[1][.monday].map(\.title) == ["Alpha", "Beta"])
    #expect(joined[2][.monday].map(\.title) == ["Delta"])
    let alone = Joins.joining([(false, Self.catalogue), (false, Self.jikan)])
    #expect(alone == [Self.catalogue, Self.jikan], "no account: nothing joins")
  }

  /// A MyAnimeList account joins by its own ids: bangumi-data's `mal` site of the show.
  @Test func aMyAnimeListAccountJoinsByItsOwnID() throws {
    let url = try WebURL(checking: "https://myanimelist.net/animelist/bob")
    let body = "/cache/youbi/myanimelist.net-0123456789abcdef.body"
    var week = Self.catalogue
    week.sections[0] = Schedule.Section(
      days: [.monday: [Self.show("ゼータ", "bangumi:5", ["mal:301"]), Self.show("Beta", "bangumi:2")]])
    var state = AppState(
      sections: [
        SectionState(name: "bob (MAL)", source: .url(url), schedule: nil, day: .monday),
        SectionState(
          name: "bangumi-data", source: .file(Self.cataloguePath), schedule: SafeSchedule(week),
          day: .monday),
      ], labels: .en, size: Size(width: 80, height: 24), wall: testWall,
      feeds: [Feed(url: url, bodyPath: body, hasCopy: true, fetchedAt: testWall.seconds)])
    let list = try ScheduleLoader.parse(
      Array(
        #"""
        {"data": [{"node": {"id": 301, "title": "Zeta", "num_episodes": 12,
          "start_date": "2026-11-02",
          "broadcast": {"day_of_the_week": "monday", "start_time": "21:00"}},
          "list_status": {"status": "watching", "num_episodes_watched": 3,
            "updated_at": "2026-11-20T10:00:00+00:00"}}], "paging": {}}
        """#.utf8), source: "bob",
      calendar: LocalCalendar(
        zones: AppWatchLinksTests.UTCZones(), today: testWall.date(dayStartHour: 0)))
    _ = state.checkedUpdate(
      .scheduleLoaded(path: body, .success(SafeSchedule.sections(of: list))), at: moment(.zero))
    #expect(monday(state, 0) == ["Zeta"])
    #expect(monday(state, 1) == ["Beta"], "ゼータ is bob's Zeta")
  }
}
