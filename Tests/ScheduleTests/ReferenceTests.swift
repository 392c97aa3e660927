import TestSupport
import Testing

@testable import Schedule

/// `reference` catalogues: read by id, joined to another source's shows.
@Suite struct ReferenceTests {
  let reference = packagePath("Tests/Fixtures/bangumi-data/reference.json")

  func berlin(watchOn: [String] = []) -> LocalCalendar {
    var calendar = calendar(in: "Europe/Berlin", today: date(2024, 12, 1))
    calendar.watchOn = watchOn
    return calendar
  }

  /// The AniList account's watching list, enriched by the reference.
  func account(watchOn: [String] = []) throws -> Schedule {
    let calendar = berlin(watchOn: watchOn)
    let catalogue = try ScheduleLoader.loadReference(path: reference, calendar: calendar)
    return try ScheduleLoader.load(
      path: packagePath("Tests/Fixtures/anilist/watching.json"), calendar: calendar
    ).enriched(by: catalogue, calendar: calendar)
  }

  @Test func theCatalogueKnowsItemsByTheirAniListAndMyAnimeListIds() throws {
    let catalogue = try ScheduleLoader.loadReference(path: reference)
    #expect(catalogue.count == 4)
    #expect(catalogue.entries["anilist:172190"]?.slots.map(\.site) == ["crunchyroll"])
    #expect(catalogue.entries["mal:58426"]?.titles.first == Title("original", "君は冥土様。"))
    #expect(catalogue.entries["bangumi:481386"] == nil)
  }

  @Test func anAniListAccountsShowMovesToItsCrunchyrollSlot() throws {
    // 16:30 UTC on Saturdays is 17:30 in Berlin in December; Crunchyroll's 18:00 UTC, 19:00.
    let tv = try account()
    #expect(week(tv, date(2024, 12, 2)).contains("Sat 17:30 Kimi wa Meido-sama. #10"))
    let crunchyroll = try account(watchOn: ["crunchyroll"])
    let shown = week(crunchyroll, date(2024, 12, 2))
    #expect(shown.contains("Sat 19:00 Kimi wa Meido-sama. #10"), "\(shown)")
    #expect(!shown.contains { $0.hasPrefix("Sat 17:30") })
    #expect(week(crunchyroll, date(2024, 12, 9)).contains("Sat 19:00 Kimi wa Meido-sama. #11"))
    // One Piece has no platform slot: on its TV slot still.
    #expect(shown.contains("Sun 15:15 ONE PIECE #1102"), "\(shown)")
    let origin = try #require(crunchyroll.sections[0][.saturday].first?.origin)
    #expect(origin.platform == "crunchyroll")
    // The TV's airing is kept beside: AniList's, counted back to episode 1 on October 5.
    #expect(
      origin.tv
        == .repeating(first: 1_728_145_800, everyDays: 7, last: origin.tv?.lastInstant))
    #expect(origin.progress?.watched == 8)
    // One section: the reference is not one.
    #expect(crunchyroll.sections.count == 1)
  }

  @Test func theReferenceGivesTitlesAndLinks() throws {
    let schedule = try account()
    let meido = try #require(schedule.sections[0][.saturday].first?.origin)
    #expect(meido.title(in: .zhHans) == "你是冥土大人。")
    #expect(meido.slots.map(\.site) == ["crunchyroll"])
    #expect(meido.platform == nil)
    #expect(meido.links.map(\.url.text) == ["https://www.crunchyroll.com/series/GQWH0M1J3"])
    #expect(
      meido.trackerLinks.map(\.url.text) == [
        "https://anilist.co/anime/172190", "https://bangumi.tv/subject/481386",
        "https://anidb.net/anime/18574",
      ])
    let onePiece = try #require(schedule.sections[0][.sunday].first?.origin)
    #expect(onePiece.title(in: .zhHans) == "海贼王")
  }

  @Test func aJikanShowIsMatchedThroughItsMyAnimeListId() throws {
    let calendar = berlin()
    let catalogue = try ScheduleLoader.loadReference(path: reference, calendar: calendar)
    let jikan = try ScheduleLoader.load(
      path: packagePath("Tests/Fixtures/jikan/schedules.json"), calendar: calendar)
    let enriched = jikan.enriched(by: catalogue, calendar: calendar)
    let all = Weekday.allCases.flatMap { enriched.sections[0][$0] }
    let onePiece = try #require(all.first { $0.origin?.id == "mal:21" }?.origin)
    #expect(onePiece.title(in: .zhHans) == "海贼王")
    #expect(onePiece.trackerLinks.map(\.url.text).contains("https://bangumi.tv/subject/975"))
    // Never by title: the others are as they were.
    let others = Weekday.allCases.flatMap { jikan.sections[0][$0] }.filter {
      $0.origin?.id != "mal:21"
    }
    #expect(all.filter { $0.origin?.id != "mal:21" } == others)
  }

  @Test func aMissingReferenceOrOneNotBangumiDataIsAWarningAndTheRestWorks() throws {
    let (catalogue, warnings) = ReferenceCatalogue.load(
      paths: [
        "/nonexistent/bangumi.json", packagePath("Tests/Fixtures/anilist/airing.json"), reference,
      ], calendar: berlin())
    #expect(warnings.count == 2, "\(warnings)")
    #expect(warnings[0].hasPrefix("youbi: reference: /nonexistent/bangumi.json: "), "\(warnings)")
    #expect(warnings[1].contains("airing.json"), "\(warnings)")
    #expect(
      warnings[1].contains("a reference must be bangumi-data (it reads as an API response)"),
      "\(warnings)")
    #expect(warnings.allSatisfy { !$0.contains("\n") })
    // The good one is read all the same.
    #expect(catalogue.count == 4)
    let (none, both) = ReferenceCatalogue.load(paths: ["/nonexistent/a.json"], calendar: berlin())
    #expect(none.count == 0 && both.count == 1)
    // A catalogue that knows nothing leaves a schedule as it is.
    let plain = try ScheduleLoader.load(
      path: packagePath("Tests/Fixtures/anilist/watching.json"), calendar: berlin())
    #expect(plain.enriched(by: none, calendar: berlin()) == plain)
  }

  @Test func checkingAReferenceCountsItsShowsOrSaysWhereItIsWrong() throws {
    let good = try ScheduleLoader.referenceReport(path: reference)
    #expect(good.problems.isEmpty, "\(good.problems)")
    #expect(good.counts?.shows == 2 && good.counts?.slots == 1)
    let week = ScheduleLoader.referenceReport(
      Array(#"{"days": {"monday": ["A"]}}"#.utf8), source: "week.json")
    #expect(week.counts == nil)
    #expect(
      week.problems.map { $0.line(file: "week.json") }.first?.contains("must be bangumi-data")
        == true)
    let broken = ScheduleLoader.referenceReport(
      Array("{\"items\": [\n  {\"title\": }]}".utf8), source: "broken.json")
    #expect(broken.counts == nil)
    let line = try #require(broken.problems.first).line(file: "broken.json")
    #expect(line.hasPrefix("broken.json:2:"), "\(line)")
    #expect(throws: ScheduleError.self) {
      try ScheduleLoader.referenceReport(path: "/nonexistent/a.json")
    }
  }
}

extension Airing {
  /// A repeating airing's last instant.
  var lastInstant: Int64? {
    if case .repeating(_, _, let last) = self { return last }
    return nil
  }
}
