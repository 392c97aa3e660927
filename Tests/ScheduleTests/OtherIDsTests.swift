import Testing

@testable import Schedule

/// The ids a show has on other trackers, as each reader gives them: what joins the same
/// show of two sources (a tracker's list and bangumi-data) into one row.
@Suite struct OtherIDsTests {
  /// A bangumi-data item with its `mal` and `anilist` sites (and one of each that is no
  /// number, which is no id).
  static let item = """
    [{"title": "君は冥土様。", "lang": "ja", "begin": "2024-10-05T16:30:00.000Z",
      "broadcast": "R/2024-10-05T16:30:00.000Z/P7D", "end": "2024-12-21T17:00:00.000Z",
      "sites": [{"site": "bangumi", "id": "471839"}, {"site": "mal", "id": "58059"},
                {"site": "anilist", "id": "172190"}, {"site": "mal", "id": "x1"},
                {"site": "dmhy", "id": "42"}]}]
    """

  @Test func aBangumiDataItemCarriesItsTrackerSites() throws {
    let schedule = try source(text: Self.item)
    let entries = schedule.sections[0][.sunday]
    let origin = try #require(entries.first?.origin)
    #expect(origin.id == "bangumi:471839")
    #expect(origin.otherIDs == ["mal:58059", "anilist:172190"])
  }

  @Test func anAniListShowCarriesItsMyAnimeListID() throws {
    let text = """
      {"data": {"Page": {"airingSchedules": [
        {"airingAt": 1733589000, "episode": 10, "media": {"id": 172190, "idMal": 58059,
          "title": {"romaji": "Kimi wa Meido-sama."}}},
        {"airingAt": 1733667300, "episode": 1102, "media": {"id": 21, "idMal": null,
          "title": {"romaji": "ONE PIECE"}}}]}}}
      """
    let schedule = try source(text: text)
    let all = Weekday.allCases.flatMap { schedule.sections[0][$0] }
    let meido = try #require(all.first { $0.origin?.id == "anilist:172190" }?.origin)
    #expect(meido.otherIDs == ["mal:58059"])
    let onePiece = try #require(all.first { $0.origin?.id == "anilist:21" }?.origin)
    #expect(onePiece.otherIDs.isEmpty)
  }

  @Test(arguments: [
    ("mal", "5114", "mal:5114"), ("MyAnimeList", "5114", "mal:5114"),
    ("AniList", "21", "anilist:21"), ("anilist", "", nil), ("mal", "12a", nil),
    ("anidb", "5114", nil), ("bangumi", "975", nil),
  ])
  func aTrackerIDIsASiteAndANumber(site: String, id: String, expected: String?) {
    #expect(Origin.trackerID(site: site, id: id) == expected)
  }
}
