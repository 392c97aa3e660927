import Testing

@testable import Schedule

@Suite struct JikanTests {
  @Test func aPageInBerlin() throws {
    let schedule = try source("jikan/schedules.json", in: "Europe/Berlin")
    #expect(schedule.format == .jikan)
    #expect(schedule.title == "Jikan")
    // Sunday 01:30 in Tokyo is Saturday 17:30 in a Berlin winter: the weekday comes from
    // the time, never from "Sundays".
    #expect(
      week(schedule, date(2024, 12, 2)) == [
        "Sat 17:30 Kimi wa Meido-sama.", "Sun 15:15 One Piece",
      ])
    #expect(week(schedule, date(2024, 12, 23)) == ["Sun 15:15 One Piece"])
    // Its first date is Tokyo's Sunday, October 6: Saturday the 5th in Berlin.
    #expect(
      week(schedule, date(2024, 9, 30)) == [
        "Sat 18:30 Kimi wa Meido-sama.", "Sun 16:15 One Piece",
      ])
    #expect(week(schedule, date(2024, 9, 23)) == ["Sun 16:15 One Piece"])
  }

  @Test func titlesIdAndLink() throws {
    let schedule = try source("jikan/schedules.json")
    let show = try #require(schedule.sections[0][.sunday].first { $0.title == "One Piece" })
    #expect(show.origin?.id == "mal:21")
    #expect(show.url?.text == "https://myanimelist.net/anime/21/One_Piece")
    #expect(show.origin?.title(in: .ja) == "ワンピース")
    #expect(
      show.origin?.titles.map(\.text) == ["One Piece", "ワンピース", "One Piece", "ONE PIECE", "OP"])
    #expect(show.episode(on: date(2024, 12, 8)) == nil)
  }

  @Test func aShowWithNoSlotIsCounted() throws {
    let schedule = try source("jikan/schedules.json")
    #expect(
      schedule.warnings.map { $0.line(file: "j.json") } == [
        "j.json: warning: 1 show left out: no broadcast day and time"
      ])
  }

  @Test func pagesTogetherAreOneSectionWithEachShowOnce() throws {
    let pages = try ["jikan/schedules.json", "jikan/page2.json"].map { try source($0) }
    let merged = Schedule.merging(pages: pages)
    #expect(merged.sections.count == 1)
    #expect(
      week(merged, date(2024, 1, 1)) == ["Fri 23:00 Sousou no Frieren", "Sun 23:15 One Piece"])
  }

  @Test func wrongValuesNameTheirPath() throws {
    func warnings(_ anime: String) throws -> [String] {
      try sourceWarnings(#"{"data": [\#(anime)]}"#)
    }
    #expect(
      try warnings(
        #"{"mal_id": 1, "title": "A", "broadcast": {"day": "Caturday", "time": "01:00"}}"#)
        == [#"s.json:1:60: warning: data[0].broadcast.day: expected a weekday, found "Caturday""#])
    #expect(
      try warnings(#"{"mal_id": 1, "title": "A", "broadcast": {"day": "Mondays", "time": "1am"}}"#)
        == [#"s.json:1:79: warning: data[0].broadcast.time: expected a time HH:MM, found "1am""#])
    #expect(
      try warnings(#"{"mal_id": "1", "title": "A"}"#) == [
        #"s.json:1:22: warning: data[0].mal_id: expected a whole number, found "1""#,
        #"s.json:1:11: warning: data[0]: anime has no "mal_id""#,
      ])
    #expect(
      try warnings(
        #"{"mal_id": 1, "title": "A", "url": 3, "broadcast": {"day": "Mondays", "time": "01:00", "timezone": "Mars/Base"}}"#
      )
        == [
          #"s.json:1:46: warning: data[0].url: expected a string or null, found the number 3"#,
          #"s.json: warning: unknown time zone "Mars/Base"; its shows are left out"#,
        ])
    #expect(
      try warnings("[]") == [
        #"s.json:1:11: warning: data[0]: expected an anime (an object), found an array"#
      ])
  }
}

@Suite struct MyAnimeListTests {
  @Test func aSeasonInBerlinAcrossItsChange() throws {
    let schedule = try source("myanimelist/season.json", in: "Europe/Berlin")
    #expect(schedule.format == .myAnimeList)
    #expect(week(schedule, date(2023, 10, 23)) == ["Fri 16:00 Sousou no Frieren"])
    #expect(week(schedule, date(2023, 10, 30)) == ["Fri 15:00 Sousou no Frieren"])
    #expect(week(schedule, date(2024, 3, 25)).isEmpty)
    // A start month is its first day; no end is open.
    #expect(week(schedule, date(2024, 12, 2)) == ["Sat 17:30 Kimi wa Meido-sama."])
  }

  @Test func titlesAndLink() throws {
    let schedule = try source("myanimelist/season.json")
    let show = try #require(schedule.sections[0][.friday].first)
    #expect(show.origin?.id == "mal:52991")
    #expect(show.url?.text == "https://myanimelist.net/anime/52991")
    #expect(show.origin?.title(in: .en) == "Frieren: Beyond Journey's End")
    #expect(show.origin?.title(in: .ja) == "葬送のフリーレン")
    #expect(show.origin?.titles.last == Title("synonym", "Frieren at the Funeral"))
    #expect(
      schedule.warnings.map { $0.line(file: "m.json") } == [
        "m.json: warning: 1 show left out: no broadcast day and time"
      ])
  }

  @Test func wrongValuesNameTheirPath() throws {
    #expect(
      try sourceWarnings(
        #"{"data": [{"node": {"id": 1, "title": "A", "broadcast": {"day_of_the_week": "friday", "start_time": 23}}}]}"#
      )
        == [
          "s.json:1:101: warning: data[0].node.broadcast.start_time: expected a string or null, found the number 23",
          "s.json: warning: 1 show left out: no broadcast day and time",
        ])
    #expect(
      try sourceWarnings(#"{"data": [{"node": 1}]}"#) == [
        #"s.json:1:11: warning: data[0]: expected {"node": an anime}"#
      ])
  }
}

@Suite struct AniListTests {
  @Test func airingsAreDatedWithTheirEpisodes() throws {
    let schedule = try source("anilist/airing.json", in: "America/Los_Angeles")
    #expect(schedule.format == .aniList)
    #expect(
      week(schedule, date(2024, 12, 2)) == [
        "Sat 08:30 Kimi wa Meido-sama. #10", "Sun 06:15 ONE PIECE #1102",
      ])
    #expect(week(schedule, date(2024, 12, 9)).isEmpty)
  }

  @Test func aWatchingListCountsOnFromTheNextEpisode() throws {
    let schedule = try source("anilist/watching.json", in: "America/Los_Angeles")
    #expect(
      week(schedule, date(2024, 12, 9)) == [
        "Sat 08:30 Kimi wa Meido-sama. #11", "Sun 06:15 ONE PIECE #1103",
      ])
    // Twelve episodes: the twelfth is the last.
    #expect(week(schedule, date(2024, 12, 16)).first == "Sat 08:30 Kimi wa Meido-sama. #12")
    #expect(week(schedule, date(2024, 12, 23)) == ["Sun 06:15 ONE PIECE #1105"])
    #expect(week(schedule, date(2024, 11, 25)).first == "Sat 08:30 Kimi wa Meido-sama. #9")
    let show = try #require(schedule.sections[0][.saturday].first)
    #expect(show.origin?.id == "anilist:172190")
    #expect(show.url?.text == "https://anilist.co/anime/172190")
    #expect(show.origin?.title(in: .en) == "You are Ms. Servant.")
    #expect(show.origin?.title(in: .ja) == "君は冥土様。")
    #expect(
      schedule.warnings.map { $0.line(file: "a.json") } == [
        "a.json: warning: 1 show left out: no next episode (finished, or not scheduled yet)"
      ])
  }

  @Test func theShapeDecides() throws {
    #expect(
      sourceFailure(#"{"data": {"Page": {"media": []}}}"#)
        == #"youbi: s.json:1:19: data.Page: expected "airingSchedules", an array"#)
    #expect(
      sourceFailure(#"{"data": {"Viewer": {}}}"#)
        == "youbi: s.json:1:10: data: expected a list of anime (Jikan, MyAnimeList) or an AniList Page or MediaListCollection"
    )
    #expect(
      try sourceWarnings(
        #"{"data": {"Page": {"airingSchedules": [{"airingAt": 1, "media": {"id": 2}}]}}}"#)
        == [#"s.json:1:65: warning: data.Page.airingSchedules[0].media: media has no title"#])
  }
}
