import Testing

@testable import Schedule

/// A person's list on a tracker: each show's progress there, beside its slot.
@Suite struct TrackerListTests {
  @Test func anAniListEntryCarriesItsProgressAndItsMyAnimeListID() throws {
    let schedule = try source(
      text: #"""
        {"data": {"MediaListCollection": {"user": {"name": "alice"}, "lists": [{"entries": [
          {"progress": 3, "updatedAt": 1700000000, "media": {"id": 21, "idMal": 31,
           "episodes": 12, "siteUrl": "https://anilist.co/anime/21",
           "title": {"romaji": "Alpha", "english": "Alpha EN", "native": null},
           "nextAiringEpisode": {"airingAt": 1733482800, "episode": 5}}},
          {"media": {"id": 22, "title": {"romaji": "Bravo"},
           "nextAiringEpisode": {"airingAt": 1733482800, "episode": 2}}}]}]}}}
        """#)
    let shows = Weekday.allCases.flatMap { schedule.sections[0][$0] }
    let alpha = try #require(shows.first { $0.title == "Alpha" })
    #expect(
      alpha.origin?.progress
        == TrackerProgress(watched: 3, updatedAt: 1_700_000_000, otherIDs: ["mal:31"]))
    #expect(alpha.origin?.id == "anilist:21")
    let bravo = try #require(shows.first { $0.title == "Bravo" })
    #expect(bravo.origin?.progress == nil, "no progress: not from a list")
  }

  @Test func aMyAnimeListEntryIsNumberedFromItsStartAndCarriesItsProgress() throws {
    let schedule = try source(
      text: #"""
        {"data": [{"node": {"id": 301, "title": "Mal One", "num_episodes": 12,
          "start_date": "2024-11-04",
          "broadcast": {"day_of_the_week": "monday", "start_time": "12:00"}},
          "list_status": {"status": "watching", "num_episodes_watched": 2,
            "updated_at": "2024-11-20T10:00:00+09:00"}}],
         "paging": {}}
        """#, in: "Asia/Tokyo")
    let show = try #require(schedule.sections[0][.monday].first)
    #expect(show.origin?.progress == TrackerProgress(watched: 2, updatedAt: 1_732_064_400))
    #expect(show.episode(on: date(2024, 11, 4)) == 1)
    #expect(show.episode(on: date(2024, 11, 25)) == 4)
  }

  @Test func aSeasonListGetsNoNumbersAsBefore() throws {
    let schedule = try source(
      text: #"""
        {"data": [{"node": {"id": 301, "title": "Mal One", "start_date": "2024-11-04",
          "broadcast": {"day_of_the_week": "monday", "start_time": "12:00"}}}]}
        """#)
    let show = try #require(schedule.sections[0][.monday].first)
    #expect(show.episode(on: date(2024, 11, 4)) == nil)
    #expect(show.origin?.progress == nil)
  }

  @Test(arguments: [
    ("2017-11-11T19:51:22+00:00", Int64(1_510_429_882)),
    ("2017-11-11T19:51:22-01:30", Int64(1_510_435_282)),
    ("2017-11-11T19:51:22.5Z", Int64(1_510_429_882)),
    ("2017-11-11", nil), ("yesterday", nil),
  ])
  func myAnimeListInstants(text: String, seconds: Int64?) {
    #expect(APIReader.instant(text) == seconds)
  }
}
