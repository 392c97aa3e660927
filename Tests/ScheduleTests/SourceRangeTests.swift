import Testing

@testable import Schedule
@testable import Zones

/// Numbers a source gives outside the range they can mean: a warning, that show left out,
/// and never a trap (issue 32, item 14).
@Suite struct SourceRangeTests {
  /// An AniList page with one airing whose `airingAt` and `episode` are written as given.
  func airing(at: String, episode: String = "10") -> String {
    #"{"data": {"Page": {"airingSchedules": [{"id": 1, "airingAt": \#(at), "episode": \#(episode), "media": {"id": 7, "title": {"romaji": "Out"}}}, {"id": 2, "airingAt": 1733589000, "episode": 1, "media": {"id": 8, "title": {"romaji": "Kept"}}}]}}}"#
  }

  /// An AniList list with one show whose next episode and count are written as given.
  func watching(at: String = "1733589000", episode: String = "10", episodes: String = "12")
    -> String
  {
    #"{"data": {"MediaListCollection": {"lists": [{"entries": [{"media": {"id": 7, "episodes": \#(episodes), "title": {"romaji": "Out"}, "nextAiringEpisode": {"airingAt": \#(at), "episode": \#(episode)}}}, {"media": {"id": 8, "episodes": 12, "title": {"romaji": "Kept"}, "nextAiringEpisode": {"airingAt": 1733589000, "episode": 10}}}]}]}}}"#
  }

  /// The titles of every entry, and the warnings as `--check` prints them.
  func read(_ text: String) throws -> (titles: Set<String>, warnings: [String]) {
    let schedule = try source(text: text)
    let titles = Set(
      schedule.sections.flatMap { s in Weekday.allCases.flatMap { s[$0] } }.map(\.title))
    return (titles, schedule.warnings.map { $0.line(file: "s.json") })
  }

  @Test(arguments: [
    "9223372036854775807", "-9223372036854775808", "253402300800", "-2208988801",
    "9200000000000000000",
  ])
  func anAiringAtOutsideTheCalendarIsLeftOutWithAWarning(_ at: String) throws {
    let (titles, warnings) = try read(airing(at: at))
    #expect(titles == ["Kept"])
    #expect(warnings.contains { $0.contains("airingAt") && $0.contains("from -2208988800") })
  }

  @Test(arguments: ["9223372036854775807", "-1", "100001"])
  func anEpisodeNoSourceMeansIsLeftOut(_ episode: String) throws {
    let (titles, warnings) = try read(airing(at: "1733589000", episode: episode))
    #expect(titles == ["Kept"])
    #expect(warnings.contains { $0.contains(".episode") })
  }

  @Test(arguments: [
    ("1733589000", "10", "253402300800"), ("1733589000", "10", "9223372036854775807"),
    ("1733589000", "9223372036854775807", "12"), ("9223372036854775807", "10", "12"),
    ("-9223372036854775808", "2", "12"),
  ])
  func aListedShowOutOfRangeIsLeftOut(_ at: String, _ episode: String, _ episodes: String) throws {
    let (titles, warnings) = try read(watching(at: at, episode: episode, episodes: episodes))
    #expect(titles == ["Kept"])
    #expect(!warnings.isEmpty)
  }

  @Test func theLongestRunAnEpisodeCountAllowsStillPlaces() throws {
    // Episode 100,000 next week: the first was 1,917 years ago, and no arithmetic traps.
    let (titles, _) = try read(watching(episode: "100000", episodes: "100000"))
    #expect(titles == ["Out", "Kept"])
  }

  @Test func anOrdinalAtTheEndOfInt64IsAnErrorNotATrap() {
    let ics = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:1\r
      SUMMARY:Edge\r
      DTSTART:20260105T100000Z\r
      RRULE:FREQ=MONTHLY;BYDAY=-9223372036854775808SU\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let found = ScheduleLoader.check(Array(ics.utf8))
    #expect(found.contains { $0.message.contains("BYDAY") })
  }

  @Test func dayCountsPastTheCalendarGiveItsEndsNotATrap() {
    #expect(CivilDate(daysSince1970: .max) == CivilDate(daysSince1970: Int(Int32.max)))
    #expect(CivilDate(daysSince1970: .min) == CivilDate(daysSince1970: Int(Int32.min)))
    #expect(CivilDate(daysSince1970: 0).adding(days: .max) == CivilDate(daysSince1970: .max))
    #expect(CivilDate(daysSince1970: -1).adding(days: .min) == CivilDate(daysSince1970: .min))
  }

  @Test(arguments: [Int64.max, .min, .max - 1, .min + 1, 0])
  func zoneRulesAnswerAtTheEndsOfInt64(_ t: Int64) throws {
    let berlin = try #require(TZRule("CET-1CEST,M3.5.0,M10.5.0/3"))
    #expect([3600, 7200].contains(berlin.offset(at: t)))
    let zone = try #require(SystemTimeZones.zone("Europe/Berlin"))
    // Before its first change, Berlin's local mean time (0:53:28).
    #expect([3208, 3600, 7200].contains(zone.offset(at: t)))
    _ = zone.instant(ofLocal: t)
  }
}

/// Values quoted in messages are cut to 40 characters, whatever their kind (issue 32,
/// item 23).
@Suite struct LongValueTests {
  /// The longest line `--check` would print for `text`.
  func longestLine(_ text: String) -> Int {
    let lines = ScheduleLoader.check(Array(text.utf8)).map { $0.line(file: "s.json") }
    return lines.map(\.unicodeScalars.count).max() ?? 0
  }

  @Test func aMillionDigitAiringAtIsQuotedShort() {
    let digits = String(repeating: "1", count: 1_000_000)
    let text =
      #"{"data":{"Page":{"airingSchedules":[{"id":1,"airingAt":\#(digits),"episode":1,"media":{"id":1,"title":{"romaji":"X"}}}]}}}"#
    let lines = ScheduleLoader.check(Array(text.utf8)).map { $0.line(file: "s.json") }
    #expect(lines.contains { $0.contains("the number " + String(repeating: "1", count: 40) + "…") })
    #expect(longestLine(text) < 200)
  }

  @Test func aLongEveryIsQuotedShort() {
    let digits = String(repeating: "7", count: 10_000)
    #expect(longestLine(#"{"days": {"mon": [{"title": "a", "every": \#(digits)}]}}"#) < 200)
  }

  @Test func longKeysInBangumiDataPathsAreCut() {
    let key = String(repeating: "k", count: 100_000)
    let text =
      #"{"siteMeta": {"\#(key)": {"title": 1}}, "items": [{"title": "t", "titleTranslate": {"\#(key)": 5}, "broadcast": "R/2026-01-05T15:00:00Z/P7D"}]}"#
    #expect(longestLine(text) < 220)
  }

  @Test func aMessageIsHeldShortEvenWhereItForgotToCut() {
    let long = Diagnostic(
      .warning, path: String(repeating: "p", count: 500), String(repeating: "m", count: 5000))
    #expect(long.line(file: "s.json").unicodeScalars.count < 320)
    #expect(long.message.hasSuffix("…"))
  }
}
