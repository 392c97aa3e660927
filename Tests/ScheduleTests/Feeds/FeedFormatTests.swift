import Testing

@testable import Schedule

/// Each format is recognised by keys only it has (issue 32, item 13): a JSON Feed was read
/// as bangumi-data because both have `items`.
@Suite struct FeedFormatTests {
  func format(_ text: String) -> ScheduleFormat? {
    Array(text.utf8).withUnsafeBufferPointer { ScheduleLoader.format(of: $0) }
  }

  @Test func eachFormatByItsOwnKeys() {
    #expect(format(#"{"title": "x", "days": {}}"#) == .youbi)
    #expect(format(#"{"sections": []}"#) == .youbi)
    #expect(format(#"{"siteMeta": {}, "items": []}"#) == .bangumiData)
    #expect(format(#"[{"title": "x"}]"#) == .bangumiData)
    #expect(format(#"{"data": [], "pagination": {}}"#) == .jikan)
    #expect(format(#"{"data": {"Page": {}}}"#) == .jikan)
    #expect(format("BEGIN:VCALENDAR\r\n") == .iCalendar)
    #expect(format("<?xml version=\"1.0\"?><rss/>") == .rss)
    #expect(format("\u{FEFF}  <feed/>") == .rss)
    #expect(format(#"{"result": "ok", "response": "collection", "data": []}"#) == .mangaDex)
    #expect(format(#"{"data": [], "response": "collection"}"#) == .mangaDex)
  }

  @Test func aJSONFeedIsNotBangumiData() {
    #expect(
      format(#"{"items": [{"id": "1"}], "version": "https://jsonfeed.org/version/1.1"}"#)
        == .jsonFeed)
    #expect(
      format(#"{"title": "t", "home_page_url": "https://a.example/", "items": []}"#) == .jsonFeed)
    // Without `version`, the first item tells.
    #expect(format(#"{"items": [{"id": "1", "url": "https://a.example/1"}]}"#) == .jsonFeed)
    #expect(format(#"{"items": [{"title": "x", "begin": ""}]}"#) == .bangumiData)
  }

  @Test func aJSONFeedNoLongerLoadsAsShowsLeftOut() throws {
    let text = #"""
      {"version": "https://jsonfeed.org/version/1.1", "title": "Serial", "items": []}
      """#
    let failure = sourceFailure(text)
    #expect(!failure.contains("left out"))
    #expect(!failure.contains("bangumi"))
  }

  @Test func anUnknownDocumentIsRefusedNamingEveryFormat() {
    let expected =
      "youbi: s.json:1:1: not a format Youbi reads; expected Youbi (\"days\" or \"sections\"),"
      + " iCalendar, bangumi-data, Jikan, MyAnimeList, AniList, RSS, Atom, JSON Feed or MangaDex"
    #expect(sourceFailure(#"{"rows": [1, 2]}"#) == expected)
    #expect(sourceFailure("hello, world") == expected)
    #expect(format(#"{"items": [{"name": "x"}]}"#) == nil)
  }

  @Test func youbisOwnMistakesStillGetYoubisMessages() {
    #expect(format("{}") == .youbi)
    #expect(format(#"{"title": "x", "dayz": {}}"#) == .youbi)
    #expect(format(#"{"title": "x", "#) == .youbi)
    #expect(format("[1, 2]") == .youbi)
    #expect(format("  ") == .youbi)
    #expect(sourceFailure(#"{"title": "x"}"#).contains("no \"days\""))
  }

  @Test func checkListsTheUnknownFormatLine() {
    let found = ScheduleLoader.check(Array(#"{"rows": []}"#.utf8))
    #expect(found.count == 1)
    #expect(found.first?.message.hasPrefix("not a format Youbi reads") == true)
  }
}

extension FeedFormatTests {
  @Test func aVersionOfAnotherKindIsNotJSONFeeds() {
    #expect(format(#"{"version": 2, "days": {}}"#) == .youbi)
    #expect(format(#"{"version": "2", "title": "x"}"#) == .youbi)
    #expect(format(#"{"version": "https://jsonfeed.org/version/1", "items": []}"#) == .jsonFeed)
  }
}
