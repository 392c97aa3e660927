import Foundation
import Testing

/// Real schedules in a real terminal: a bangumi-data week, a Jikan page and an AniList
/// watching list, each on a faked wall clock in a named zone, so the weekday and time
/// a show lands on is the zone's.
///
/// As in `TimeEndToEndTests`, the schedule and options go in the config: with
/// libfaketime preloaded the Swift runtime sees no command-line arguments.
@Suite("End to end: real schedules", .serialized, youbiRequired)
struct SourcesEndToEndTests {
  /// The fixture at `path` under Tests/Fixtures.
  static func fixture(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/" + path)
    return try String(contentsOf: root, encoding: .utf8)
  }

  let time = TimeEndToEndTests()

  /// Starts youbi at `start` in `zone` on the fixture `path`, with `config` lines more.
  func start(_ start: String, zone: String, path: String, config: String = "")
    throws -> TerminalSession
  {
    let name = (path as NSString).lastPathComponent
    return try time.startOnFakedClock(
      start, zone: zone, config: "schedule = \(name)\n" + config,
      files: [name: try Self.fixture(path)])
  }

  /// The list rows of the page, trimmed.
  func rows(_ screen: Screen) -> [String] {
    time.list(screen).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  @Test("a bangumi-data week in Tokyo: the daily show, One Piece since 1999, a film")
  func bangumiDataWeek() async throws {
    // Wednesday 9 October 2024, 08:00 in Tokyo.
    let s = try start("2024-10-09 08:00:00", zone: "Asia/Tokyo", path: "bangumi-data/data.json")
    defer { s.close() }
    let screen = try await s.settle("Wednesday's shows") {
      $0.currentDay == "Wednesday" && $0.contains("ワンピース")
    }
    let list = rows(screen)
    #expect(list.first?.hasPrefix("▸ 12:00 毎日アニメ") == true, "\(screen)")
    #expect(list.contains { $0.hasPrefix("19:30 ワンピース") }, "\(screen)")
    // Friday has the film at 09:00; Sunday the weekly show at 23:45.
    try s.send("5")
    let friday = try await s.settle("Friday") { $0.currentDay == "Friday" && $0.contains("劇場版") }
    #expect(rows(friday).first?.hasPrefix("▸ 09:00 劇場版 テスト") == true, "\(friday)")
    try s.send("7")
    let sunday = try await s.settle("Sunday") { $0.currentDay == "Sunday" && $0.contains("ぷにる") }
    #expect(rows(sunday).contains { $0.hasPrefix("23:45 ぷにるはかわいいスライム") }, "\(sunday)")
  }

  @Test("a Jikan page in Berlin: a Tokyo Sunday 01:30 show is Saturday 17:30, in English")
  func jikanPage() async throws {
    // Saturday 7 December 2024, 10:00 in Berlin.
    let s = try start(
      "2024-12-07 10:00:00", zone: "Europe/Berlin", path: "jikan/schedules.json",
      config: "titles = en\n")
    defer { s.close() }
    let screen = try await s.settle("Saturday's show") {
      $0.currentDay == "Saturday" && $0.contains("17:30")
    }
    #expect(rows(screen).first?.hasPrefix("▸ 17:30 You are Ms. Servant.") == true, "\(screen)")
    #expect(rows(screen).first?.contains("in 7h 30m") == true, "\(screen)")
    try s.send("7")
    let sunday = try await s.settle("Sunday") { $0.currentDay == "Sunday" && $0.contains("15:15") }
    #expect(rows(sunday).first?.hasPrefix("▸ 15:15 One Piece") == true, "\(sunday)")
  }

  @Test("two Jikan pages in the config are one section, named Jikan, a show on both once")
  func twoJikanPages() async throws {
    // Monday 18 March 2024, 10:00 in Berlin: Frieren's last week.
    let s = try time.startOnFakedClock(
      "2024-03-18 10:00:00", zone: "Europe/Berlin",
      config: "schedule = p1.json\nschedule = p2.json\n",
      files: [
        "p1.json": try Self.fixture("jikan/schedules.json"),
        "p2.json": try Self.fixture("jikan/page2.json"),
      ])
    defer { s.close() }
    let monday = try await s.settle("Monday") { $0.currentDay == "Monday" }
    // One section: the weekday tabs on top (no section bar), the source's name below.
    #expect(monday.rows[0].contains("Mon") && !monday.rows[0].contains("p1.json"), "\(monday)")
    #expect(time.hints(monday).contains(" Jikan "), "\(monday)")
    try s.send("7")
    let sunday = try await s.settle("Sunday") { $0.currentDay == "Sunday" && $0.contains("15:15") }
    #expect(rows(sunday).filter { $0.contains("One Piece") }.count == 1, "\(sunday)")
    // Page 2's Friday show, in the same section.
    try s.send("5")
    let friday = try await s.settle("Friday") {
      $0.currentDay == "Friday" && $0.contains("Frieren")
    }
    #expect(rows(friday).first?.hasPrefix("▸ 15:00 Sousou no Frieren") == true, "\(friday)")
  }

  @Test("an AniList watching list in Los Angeles with its episode numbers, days from five")
  func aniListWatching() async throws {
    // Saturday 14 December 2024, 07:00 in Los Angeles.
    let s = try start(
      "2024-12-14 07:00:00", zone: "America/Los_Angeles", path: "anilist/watching.json",
      config: "day-starts = 5\n")
    defer { s.close() }
    let screen = try await s.settle("Saturday's episode") {
      $0.currentDay == "Saturday" && $0.contains("#11")
    }
    let first = rows(screen).first ?? ""
    #expect(first.hasPrefix("▸ 08:30 Kimi wa Meido-sama.") && first.contains("#11"), "\(screen)")
    #expect(first.contains("in 1h 30m"), "\(screen)")
    try s.send("7")
    let sunday = try await s.settle("Sunday") { $0.currentDay == "Sunday" && $0.contains("#1103") }
    #expect(rows(sunday).first?.hasPrefix("▸ 06:15 ONE PIECE") == true, "\(sunday)")
  }
}
