import TestSupport
import Testing

@testable import Schedule

/// `platforms.json` read in `zone` with `watchOn`, today 2024-10-20.
func platforms(
  in zone: String = "Europe/Berlin", watchOn: [String] = [], dayStarts: Int = 0
) throws -> Schedule {
  var calendar = calendar(in: zone, dayStarts: dayStarts, today: date(2024, 10, 20))
  calendar.watchOn = watchOn
  return try ScheduleLoader.load(
    path: packagePath("Tests/Fixtures/bangumi-data/platforms.json"), calendar: calendar)
}

@Suite struct PlatformSlotTests {
  @Test func theSitesSlotsAreRead() throws {
    let schedule = try platforms()
    let puniru = try #require(schedule.sections[0][.sunday].first { $0.title.hasPrefix("ぷにる") })
    let origin = try #require(puniru.origin)
    #expect(
      origin.slots == [
        PlatformSlot(
          site: "crunchyroll",
          airing: .repeating(
            first: utc(2024, 10, 6, 16, 15), everyDays: 7,
            last: utc(2024, 12, 22, 15, 55) + 90 * 60 + 86_399)),
        // A `begin` and no `broadcast`: one release, not a weekly slot.
        PlatformSlot(site: "netflix", airing: .once(utc(2025, 2, 25, 16))),
      ])
    #expect(origin.platform == nil && origin.tv == origin.airing)
    #expect(schedule.warnings.isEmpty)
  }

  @Test func anEmptyBeginIsNoSlotAndNoWarning() throws {
    let schedule = try platforms(watchOn: ["netflix"])
    let meido = try #require(schedule.sections[0][.saturday].first { $0.title.hasPrefix("君は") })
    // Crunchyroll's `begin` is empty but its `broadcast` is a slot; Netflix's empty
    // `begin` is none, so `watch-on = netflix` leaves it on its TV slot.
    #expect(meido.origin?.slots.map(\.site) == ["crunchyroll"])
    #expect(meido.origin?.platform == nil)
    #expect(schedule.warnings.isEmpty)
  }

  @Test func watchOnMovesAShowToItsCrunchyrollSlotAcrossADSTChange() throws {
    let tv = try platforms()
    let crunchyroll = try platforms(watchOn: ["crunchyroll"])
    // Berlin is UTC+2 until October 27 (a Sunday) at 03:00, then UTC+1: the TV's 14:45
    // UTC is 16:45, then 15:45; Crunchyroll's 16:15 UTC is 18:15, then 17:15.
    #expect(week(tv, date(2024, 10, 14)).contains("Sun 16:45 ぷにるはかわいいスライム"))
    #expect(week(tv, date(2024, 10, 21)).contains("Sun 15:45 ぷにるはかわいいスライム"))
    #expect(week(crunchyroll, date(2024, 10, 21)).contains("Sun 17:15 ぷにるはかわいいスライム"))
    #expect(week(crunchyroll, date(2024, 10, 14)).contains("Sun 18:15 ぷにるはかわいいスライム"))
    #expect(week(crunchyroll, date(2024, 11, 4)).contains("Sun 17:15 ぷにるはかわいいスライム"))
    let origin = try #require(
      crunchyroll.sections[0][.sunday].first { $0.title.hasPrefix("ぷにる") }?.origin)
    #expect(origin.platform == "crunchyroll")
    #expect(
      origin.tv
        == .repeating(
          first: utc(2024, 10, 6, 14, 45), everyDays: 7, last: utc(2024, 12, 22, 15, 55) + 86_399))
    // The first listed site that has a slot wins; one with none is passed over.
    let second = try platforms(watchOn: ["unext", "crunchyroll"])
    #expect(week(second, date(2024, 10, 21)).contains("Sun 17:15 ぷにるはかわいいスライム"))
  }

  @Test func aSingleReleaseIsPlacedOnce() throws {
    let netflix = try platforms(watchOn: ["netflix"])
    #expect(week(netflix, date(2025, 2, 24)).contains("Tue 17:00 ぷにるはかわいいスライム"))
    #expect(!week(netflix, date(2025, 3, 3)).contains { $0.contains("ぷにる") })
    #expect(!week(netflix, date(2024, 10, 21)).contains { $0.contains("ぷにる") })
  }

  @Test func dayStartsAppliesToAPlatformSlot() throws {
    // Crunchyroll's 16:15 UTC is 01:15 in Tokyo, the day after: with days from 05:00 it
    // is Sunday's 25:15.
    let schedule = try platforms(in: "Asia/Tokyo", watchOn: ["crunchyroll"], dayStarts: 5)
    #expect(week(schedule, date(2024, 10, 21)).contains("Sun 25:15 ぷにるはかわいいスライム"))
  }

  @Test func aBadPlatformValueIsAWarningNamingItsPath() throws {
    let text = """
      [{"title": "A", "begin": "2024-10-06T14:45:00.000Z", "broadcast": "R/2024-10-06T14:45:00.000Z/P7D",
        "sites": [{"site": "crunchyroll", "id": "x", "broadcast": "every sunday"}]}]
      """
    #expect(
      try sourceWarnings(text).contains {
        $0.contains("[0].sites[0].broadcast") && $0.contains("repeating interval")
      })
  }
}
