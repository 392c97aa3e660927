import Schedule
import Testing

@testable import YoubiCore

/// `schedule = URL` in the config, its `refresh=…` (and a bad `kind=…`), and the config's
/// `refresh`.
@Suite struct ConfigSubscriptionTests {
  let file = "/home/u/.config/youbi/config"

  func parse(_ text: String) throws(ConfigError) -> Config {
    try Config.parse(Array(text.utf8), file: file, home: "/home/u")
  }

  @Test func aURLIsASourceWithItsOwnRefresh() throws {
    let config = try parse(
      """
      refresh = 12h
      schedule = https://example.org/anime.ics refresh=1h
      schedule = ~/week.json
      schedule = https://api.jikan.moe/v4/schedules
      """)
    #expect(config.preferences.refreshSeconds == Int64(43_200))
    #expect(
      config.schedules.map(\.path) == [
        "https://example.org/anime.ics", "/home/u/week.json", "https://api.jikan.moe/v4/schedules",
      ])
    #expect(config.schedules.map(\.refreshSeconds) == [3600, nil, nil])
    let lookup = ScheduleLookup.resolve(
      arguments: [], environment: [:], config: config, exists: { _ in false })
    let anime = try WebURL(checking: "https://example.org/anime.ics")
    #expect(lookup.sources.first == .url(anime))
    #expect(lookup.sources[1] == .file("/home/u/week.json"))
    #expect(lookup.refreshes == [anime: 3600])
  }

  @Test func aScheduleLineTakesAKindAfterAFileOrAURL() throws {
    let config = try parse(
      """
      schedule = ~/anime.ics kind=anime
      schedule = https://example.org/m.json refresh=1h kind=manga
      schedule = "~/My Week.json" kind=other  # chores
      schedule = ~/plain week.json
      """)
    #expect(
      config.schedules.map(\.path) == [
        "/home/u/anime.ics", "https://example.org/m.json", "/home/u/My Week.json",
        "/home/u/plain week.json",
      ])
    #expect(config.schedules.map(\.kind) == [.anime, .manga, .other, nil])
    #expect(config.schedules.map(\.refreshSeconds) == [nil, 3600, nil, nil])
    let lookup = ScheduleLookup.resolve(
      arguments: [], environment: [:], config: config, exists: { _ in false })
    let manga = try WebURL(checking: "https://example.org/m.json")
    #expect(
      lookup.kinds == [
        .file("/home/u/anime.ics"): .anime, .url(manga): .manga,
        .file("/home/u/My Week.json"): .other,
      ])
  }

  @Test func aScheduleLineMayFollowEveryShowOfIt() throws {
    let config = try parse(
      """
      schedule = ~/season.json follow=all kind=anime
      schedule = https://example.org/m.json follow=ALL
      schedule = ~/bangumi.json
      """)
    #expect(config.schedules.map(\.followsAll) == [true, true, false])
    let lookup = ScheduleLookup.resolve(
      arguments: [], environment: [:], config: config, exists: { _ in false })
    #expect(
      lookup.followed == [
        .file("/home/u/season.json"), .url(try WebURL(checking: "https://example.org/m.json")),
      ])
    #expect(throws: ConfigError.self) { try parse("schedule = ~/a.json follow=some") }
  }

  @Test(arguments: [
    (
      "schedule = ftp://example.org/a.ics",
      "youbi: /home/u/.config/youbi/config:1: schedule: URL scheme \"ftp\" is not allowed; use http or https: \"ftp://example.org/a.ics\""
    ),
    (
      "schedule = https://example.org/a.ics every=1h",
      "youbi: /home/u/.config/youbi/config:1: schedule: unknown option \"every=1h\" after the URL; expected refresh=TIME, kind=KIND or follow=all"
    ),
    (
      "schedule = ~/a.json kind=novel",
      "youbi: /home/u/.config/youbi/config:1: schedule: kind: expected anime, manga or other, found \"novel\""
    ),
    (
      "schedule = ~/a.json refresh=1h",
      "youbi: /home/u/.config/youbi/config:1: schedule: refresh= is for a URL, not a file"
    ),
    (
      "schedule = \"~/a.json\" every=2",
      "youbi: /home/u/.config/youbi/config:1: schedule: text after the closing quote: \"every=2\""
    ),
    (
      "refresh = 6 hours",
      "youbi: /home/u/.config/youbi/config:1: refresh: expected a time such as 30m, 6h or 1d (at least 1m), found \"6 hours\""
    ),
    (
      "refresh = 10s",
      "youbi: /home/u/.config/youbi/config:1: refresh: expected a time such as 30m, 6h or 1d (at least 1m), found \"10s\""
    ),
  ])
  func badSubscriptionsAreOneLineAndExit78(text: String, message: String) {
    do {
      let config = try parse(text)
      Issue.record("parsed: \(config)")
    } catch {
      #expect(error.exitCode == 78)
      #expect(error.message == message)
    }
  }

  @Test(arguments: ["30m", "6h", "1d", "90s", "2D"])
  func refreshTakesAUnit(text: String) throws {
    #expect(try parse("refresh = \(text)").preferences.refreshSeconds != nil)
  }

  @Test func onlyWhatIsWrittenAsAURLIsOne() throws {
    #expect(
      try ScheduleSource(naming: "https://example.org/a.json")
        != .file("https://example.org/a.json"))
    #expect(try ScheduleSource(naming: "week.json") == .file("week.json"))
    #expect(try ScheduleSource(naming: "notes:week.json") == .file("notes:week.json"))
    #expect(try ScheduleSource(naming: "-") == .standardInput)
    #expect(throws: WebURL.Problem.scheme("file")) {
      try ScheduleSource(naming: "file:///etc/passwd")
    }
  }
}
