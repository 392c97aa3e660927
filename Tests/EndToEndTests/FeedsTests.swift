import Foundation
import TestSupport
import Testing

/// Manga and web serials from their feeds, in a real terminal on a faked wall clock:
/// each on the weekday its releases keep, in the reader's zone; one with no fixed day
/// listed, not lost. The schedule goes in the config (see `TimeEndToEndTests`).
@Suite("End to end: feeds", .serialized, youbiRequired)
struct FeedsEndToEndTests {
  let time = TimeEndToEndTests()
  let sources = SourcesEndToEndTests()

  /// An RSS feed of five weekly releases on Tuesdays at 23:30 UTC (26 November the last).
  static let lateTuesdays: String = {
    let items = (0..<5).map { k in
      let day = 29 + 7 * k
      let date = day <= 31 ? "Tue, \(day) Oct 2024" : "Tue, \(day - 31) Nov 2024"
      return """
        <item><title>Chapter \(k + 1)</title><guid>late-\(k + 1)</guid>
        <link>https://late.example/\(k + 1)</link><pubDate>\(date) 23:30:00 GMT</pubDate></item>
        """
    }
    return """
      <?xml version="1.0"?><rss version="2.0"><channel><title>Late Tuesdays</title>
      <link>https://late.example/</link>\(items.joined(separator: "\n"))</channel></rss>
      """
  }()

  @Test("an RSS serial in Berlin: on Tuesday, its inferred weekday, at 11:00, expected")
  func rssOnItsInferredWeekday() async throws {
    // Monday 2 December 2024, 10:00 in Berlin; the last release was Tuesday 26 November.
    let s = try sources.start(
      "2024-12-02 10:00:00", zone: "Europe/Berlin", path: "feeds/webtoon-weekly.xml")
    defer { s.close() }
    try await s.settle("Monday") { $0.currentDay == "Monday" }
    try s.send("2")
    let tuesday = try await s.settle("Tuesday") {
      $0.currentDay == "Tuesday" && $0.contains("Night Market")
    }
    let row = sources.rows(tuesday).first { $0.contains("Night Market") } ?? ""
    #expect(row.contains("11:00 Night Market") && row.contains("#13"), "\(tuesday)")
    #expect(tuesday.contains("expected"), "\(tuesday)")
    // The detail box says where the slot comes from.
    try s.send("Enter")
    let details = try await s.settle("the detail box") { $0.contains("usually Tuesday") }
    #expect(details.contains("around 11:00 (9 of the last 10)"), "\(details)")
  }

  @Test("a Tuesday 23:30 UTC release is Wednesday 08:30 in Tokyo, and Tuesday in UTC")
  func aTuesdayNightInUTCIsWednesdayInTokyo() async throws {
    // Wednesday 27 November 2024, 12:00 in Tokyo: 03:00 UTC, still Wednesday there too.
    let tokyo = try time.startOnFakedClock(
      "2024-11-27 12:00:00", zone: "Asia/Tokyo", config: "schedule = late.xml\n",
      files: ["late.xml": Self.lateTuesdays])
    defer { tokyo.close() }
    let wednesday = try await tokyo.settle("Wednesday in Tokyo") {
      $0.currentDay == "Wednesday" && $0.contains("Late Tuesdays")
    }
    let row = sources.rows(wednesday).first { $0.contains("Late Tuesdays") } ?? ""
    #expect(row.contains("08:30 Late Tuesdays") && row.contains("#5"), "\(wednesday)")
    tokyo.close()
    let utc = try time.startOnFakedClock(
      "2024-11-27 03:00:00", zone: "UTC", config: "schedule = late.xml\n",
      files: ["late.xml": Self.lateTuesdays])
    defer { utc.close() }
    try await utc.settle("Wednesday in UTC") { $0.currentDay == "Wednesday" }
    try utc.send("2")
    let tuesday = try await utc.settle("Tuesday in UTC") {
      $0.currentDay == "Tuesday" && $0.contains("Late Tuesdays")
    }
    let utcRow = sources.rows(tuesday).first { $0.contains("Late Tuesdays") } ?? ""
    #expect(utcRow.contains("23:30 Late Tuesdays") && utcRow.contains("#5"), "\(tuesday)")
  }

  @Test("a MangaDex chapter feed: One Piece on Mondays at 15:00 UTC, the next chapter expected")
  func mangaDexFeed() async throws {
    // Monday 2 December 2024, 10:00 UTC.
    let s = try sources.start(
      "2024-12-02 10:00:00", zone: "UTC", path: "feeds/mangadex-weekly.json")
    defer { s.close() }
    let monday = try await s.settle("Monday") {
      $0.currentDay == "Monday" && $0.contains("One Piece")
    }
    let row = sources.rows(monday).first { $0.contains("One Piece") } ?? ""
    #expect(row.contains("15:00 One Piece") && row.contains("#1128"), "\(monday)")
    #expect(row.contains("in 5h"), "\(monday)")
  }

  @Test("an irregular JSON Feed is listed on today's page with no fixed day, never left out")
  func irregularFeedIsListed() async throws {
    // Wednesday 4 December 2024, 10:00 UTC.
    let s = try sources.start("2024-12-04 10:00:00", zone: "UTC", path: "feeds/irregular.json")
    defer { s.close() }
    let today = try await s.settle("Wednesday") {
      $0.currentDay == "Wednesday" && $0.contains("Wandering Notes")
    }
    #expect(today.contains("no fixed day"), "\(today)")
  }
}

extension FeedsEndToEndTests {
  /// An Atom feed of weekly chapters on Fridays at 12:00 in Tokyo, 1 to 29 November 2024.
  static let weeklyAtom: String = {
    let entries = (0..<5).map { k in
      """
      <entry><id>tag:a.example,2024:\(k + 1)</id><title>Chapter \(k + 1)</title>
      <link href="https://a.example/chapter/\(k + 1)"/>
      <published>2024-11-\(String(format: "%02d", 1 + 7 * k))T12:00:00+09:00</published></entry>
      """
    }
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Friday Road</title>
      <link href="https://a.example/"/><id>tag:a.example,2024:feed</id>
      \(entries.joined(separator: "\n"))</feed>
      """
  }()

  @Test("an Atom feed subscribed to on 127.0.0.1: followed, its one new chapter behind")
  func subscribedAtomFeedIsBehind() async throws {
    let library = try #require(TimeEndToEndTests.fakeTimeLibrary, "libfaketime is not installed")
    let server = try FeedServer()
    defer { server.stop() }
    try server.serve("road.atom", Self.weeklyAtom)
    // Friday 29 November 2024, 15:00 in Tokyo: chapter 5 came out at 12:00 and is unread;
    // with a backlog of one week, it is the one behind.
    let s = try TerminalSession(
      youbi: [],
      environment: [
        "LD_PRELOAD": library, "FAKETIME": "@2024-11-29 15:00:00",
        "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "Asia/Tokyo", "no_proxy": "127.0.0.1",
        "NO_PROXY": "127.0.0.1",
      ],
      files: [
        "config/youbi/config":
          "labels = en\nbacklog = 1\nschedule = \(server.url("road.atom"))\n"
      ])
    defer { s.close() }
    let friday = try await s.settle("the fetched feed", timeout: 20) {
      $0.currentDay == "Friday" && $0.contains("Friday Road")
    }
    let row = sources.rows(friday).first { $0.contains("Friday Road") } ?? ""
    #expect(row.contains("12:00 Friday Road") && row.contains("#5"), "\(friday)")
    #expect(friday.contains("1 behind"), "\(friday)")
    #expect(friday.rows[0].contains("Fri +1"), "\(friday)")
    // A new chapter arrives while youbi runs: `r` fetches it, and it is behind too.
    let newer = Self.weeklyAtom.replacingOccurrences(
      of: "</feed>",
      with: """
        <entry><id>tag:a.example,2024:extra</id><title>Chapter 6</title>
        <link href="https://a.example/chapter/6"/>
        <published>2024-11-29T14:00:00+09:00</published></entry></feed>
        """)
    try server.serve("road.atom", newer, age: 0)
    try s.type("r")
    let updated = try await s.settle("the new chapter", timeout: 20) {
      $0.rows[0].contains("Fri +2") && $0.contains("#6")
    }
    #expect(updated.contains("2 behind"), "\(updated)")
  }
}

extension FeedsEndToEndTests {
  /// What youbi prints for `late.xml` when its output is no terminal, on a faked clock.
  func printed(at start: String, zone: String) throws -> String {
    let library = try #require(TimeEndToEndTests.fakeTimeLibrary, "libfaketime is not installed")
    let scratch = TemporaryDirectory.scratch()
    defer { scratch.remove() }
    scratch.write("labels = en\nschedule = late.xml\n", to: "config/youbi/config")
    scratch.write(Self.lateTuesdays, to: "config/youbi/late.xml")
    var env = try isolatedProcessEnvironment(scratch)
    env["LD_PRELOAD"] = library
    env["FAKETIME"] = "@" + start
    env["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
    env["TZ"] = zone
    let result = try runProcess(try YoubiBinary.path(), [], environment: env)
    #expect(result.status == 0, "\(result.err)")
    return result.out
  }

  @Test("--print: this week's release on the day it came out, Wednesday in Tokyo, Tuesday in UTC")
  func printedOnTheDayItCameOut() throws {
    let tokyo = try printed(at: "2024-11-27 12:00:00", zone: "Asia/Tokyo")
    #expect(tokyo.contains("Wednesday, 27 November 2024\n  08:30 Late Tuesdays #5"), "\(tokyo)")
    #expect(tokyo.contains("Tuesday, 26 November 2024\n  (nothing this day)"), "\(tokyo)")
    let utc = try printed(at: "2024-11-27 03:00:00", zone: "UTC")
    #expect(utc.contains("Tuesday, 26 November 2024\n  23:30 Late Tuesdays #5"), "\(utc)")
  }
}

extension FeedsEndToEndTests {
  /// An Atom feed of Fridays at 12:00 in Tokyo from 1 to 22 November 2024, then two
  /// chapters on Friday 29 November, Chapter 5 at 10:00 and Chapter 6 at 12:00.
  static let twoOnOneDate: String = {
    let weekly = (0..<4).map { k in
      (k + 1, String(format: "2024-11-%02dT12:00:00+09:00", 1 + 7 * k))
    }
    let entries = (weekly + [(5, "2024-11-29T10:00:00+09:00"), (6, "2024-11-29T12:00:00+09:00")])
      .map { number, date in
        """
        <entry><id>tag:two.example,2024:\(number)</id><title>Chapter \(number)</title>
        <link href="https://two.example/chapter/\(number)"/><published>\(date)</published></entry>
        """
      }
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Two a Day</title>
      <link href="https://two.example/"/><id>tag:two.example,2024:feed</id>
      \(entries.joined(separator: "\n"))</feed>
      """
  }()

  /// Youbi on Friday 29 November 2024, 15:00 in Tokyo, over `home`'s feed and state.
  func startOnTwoChapters(_ home: TemporaryDirectory) async throws -> TerminalSession {
    let library = try #require(TimeEndToEndTests.fakeTimeLibrary, "libfaketime is not installed")
    let s = try TerminalSession(
      youbi: [],
      environment: [
        "LD_PRELOAD": library, "FAKETIME": "@2024-11-29 15:00:00",
        "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "Asia/Tokyo",
        "XDG_STATE_HOME": home("state"),
      ],
      files: ["config/youbi/config": "labels = en\nbacklog = 1\nschedule = \(home("two.atom"))\n"])
    try await s.settle("the two chapters") {
      $0.currentDay == "Friday" && $0.contains("#5") && $0.contains("#6")
    }
    return s
  }

  @Test("two chapters of one date: m marks one, and after a restart only the other is behind")
  func twoChaptersOfOneDateMarkedApart() async throws {
    // The feed and the state outlive the first youbi, at the same absolute paths.
    let home = TemporaryDirectory.scratch()
    defer { home.remove() }
    home.write(Self.twoOnOneDate, to: "two.atom")
    try FileManager.default.createDirectory(
      atPath: home("state"), withIntermediateDirectories: true)
    let first = try await startOnTwoChapters(home)
    defer { first.close() }
    let before = try first.capture()
    #expect(before.contains("2 behind"), "\(before)")
    #expect(before.rows[0].contains("Fri +2"), "\(before)")
    try first.send("Home")  // the first row: Chapter 5, at 10:00
    try first.type("m")
    try await first.waitFor("Chapter 5 marked") {
      $0.rows.first { $0.contains("#5") }?.contains("✓") == true
    }
    try first.type("q")
    #expect(try await first.waitForExit() == 0)
    let state = try String(contentsOfFile: home("state/youbi/state.json"), encoding: .utf8)
    #expect(state.contains("\"version\": 3") && state.contains("tag:two.example,2024:5"))
    let again = try await startOnTwoChapters(home)
    defer { again.close() }
    let after = try await again.settle("the marks read back") { $0.contains("behind") }
    let five = after.rows.first { $0.contains("#5") } ?? ""
    let six = after.rows.first { $0.contains("#6") } ?? ""
    #expect(five.contains("✓"), "\(after)")
    #expect(!six.contains("✓"), "\(after)")
    #expect(after.contains("1 behind"), "\(after)")
    #expect(after.rows[0].contains("Fri +1"), "\(after)")
  }
}
