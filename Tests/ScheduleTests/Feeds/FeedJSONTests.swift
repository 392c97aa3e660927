import Testing

@testable import Schedule

/// JSON Feed 1.1 and MangaDex's chapter feed.
@Suite struct FeedJSONTests {
  @Test func aJSONFeedReadsItsItems() throws {
    let schedule = try source("feeds/irregular.json", in: "UTC", today: date(2024, 12, 4))
    #expect(schedule.format == .jsonFeed)
    #expect(schedule.title == "Wandering Notes")
    #expect(schedule.warnings.map(\.message) == ["1 item left out: no date"])
    let part = schedule.sections[0].listed(on: date(2024, 11, 21))
    #expect(part.map(\.note) == ["Part 6"])
    #expect(part.map(\.time?.description) == ["21:45"])
    #expect(part.first?.author == "W. Notes")
    #expect(part.first?.url?.text == "https://serial.example/posts/6")
  }

  @Test func aJSONFeedWithoutItemsIsAnError() {
    #expect(
      sourceFailure(#"{"version": "https://jsonfeed.org/version/1.1", "title": "T"}"#)
        == "youbi: s.json:1:1: items: a JSON Feed needs an array of \"items\"")
  }

  @Test func aJSONFeedIDMayBeANumber() throws {
    let text = #"""
      {"version": "https://jsonfeed.org/version/1", "title": "Old",
       "author": {"name": "A"}, "items": [{"id": 7, "date_published": "2024-11-26T10:00:00Z"}]}
      """#
    let schedule = try source(text: text, in: "UTC")
    #expect(schedule.warnings.isEmpty)
    #expect(schedule.sections[0].listed(on: date(2024, 11, 26)).map(\.author) == ["A"])
  }

  @Test func aMangaDexFeedTakesItsMangasTitleAndChapters() throws {
    let schedule = try source("feeds/mangadex-weekly.json", in: "UTC", today: date(2024, 12, 4))
    #expect(schedule.format == .mangaDex)
    #expect(schedule.title == "One Piece")
    #expect(schedule.sections[0].kind == .manga)
    #expect(schedule.warnings.map(\.message) == ["1 item left out: a date it cannot read"])
    // Chapter 1123 is listed twice (two groups): once, the first to come out.
    #expect(week(schedule, date(2024, 10, 28)) == ["Mon 15:00 One Piece #1123"])
    let chapter = schedule.sections[0].listed(on: date(2024, 11, 25))[0]
    #expect(chapter.note == "Chapter 1127")
    #expect(
      chapter.url?.text == "https://mangadex.org/chapter/c0000000-0000-4000-8000-000000000007")
    #expect(chapter.origin?.id == "mangadex:a1c7c817-4e59-43b7-9365-09675a149a6f")
    #expect(week(schedule, date(2024, 12, 2)) == ["Mon 15:00 One Piece #1128"])
  }

  @Test func aMangaDexFeedWithoutItsMangaIsTitledByTheFilesName() throws {
    let schedule = try source("feeds/one-piece.json", in: "UTC", today: date(2024, 12, 4))
    #expect(schedule.title == "one-piece")
    #expect(week(schedule, date(2024, 11, 25)) == ["Mon 15:00 one-piece #1127"])
  }

  @Test func aMangaDexErrorIsOneLine() {
    let text = #"{"result": "error", "errors": [{"status": 404, "detail": "Manga not found"}]}"#
    #expect(
      sourceFailure(text)
        == "youbi: s.json:1:1: errors: MangaDex answered with an error: \"Manga not found\"")
    #expect(
      sourceFailure(#"{"result": "ok", "response": "collection"}"#)
        == "youbi: s.json:1:1: data: a MangaDex chapter feed needs an array of chapters in \"data\""
    )
  }

  @Test func numbersAtTheEdgesAreNoChapterAndNoTrap() throws {
    for number in ["9223372036854775807", "-9223372036854775808", "1e308", "-1"] {
      let text = """
        {"result": "ok", "response": "collection", "data": [
          {"id": "a", "attributes": {"chapter": "\(number)", "publishAt": "2024-11-04T15:00:00Z"}},
          {"id": "b", "attributes": {"chapter": "\(number)", "publishAt": "2024-11-11T15:00:00Z"}},
          {"id": "c", "attributes": {"chapter": 12, "publishAt": 9223372036854775807}}]}
        """
      let schedule = try source(text: text, in: "UTC")
      #expect(week(schedule, date(2024, 11, 4)) == ["Mon 15:00 s"], "\(number)")
      #expect(schedule.warnings.map(\.message) == ["1 item left out: no date"])
    }
  }
}
