import Foundation
import TestSupport
import Testing

/// Where you watch, in a real terminal on a faked wall clock in Berlin: `watch-on` puts a
/// bangumi-data show on its Crunchyroll slot with the platform's initial beside the time,
/// the details box lists the TV slot with its JST time, every platform slot and the
/// trackers, in English and Japanese, each slot in the offset of its own next release; a
/// `reference` gives an AniList account's show its Crunchyroll slot and is not a section
/// of its own, and a reference file that changes is read again without a key.
@Suite("End to end: where you watch", .serialized, youbiRequired)
struct PlatformEndToEndTests {
  let sources = SourcesEndToEndTests()

  /// Opens Sunday's ぷにる (Wednesday 23 October 2024, 10:00 in Berlin, CEST) on its
  /// Crunchyroll slot, and its details box.
  func puniruDetails(labels: String) async throws -> (rows: [String], box: Screen) {
    let s = try sources.start(
      "2024-10-23 10:00:00", zone: "Europe/Berlin", path: "bangumi-data/platforms.json",
      config: "watch-on = crunchyroll\nlabels = \(labels)\n")
    defer { s.close() }
    _ = try await s.settle("the week") { $0.contains("━") }
    try s.send("7")
    let sunday = try await s.settle("Sunday") { $0.contains("ぷにる") }
    let rows = sources.rows(sunday)
    let at = try #require(rows.firstIndex { $0.contains("ぷにる") }, "\(sunday)")
    try s.send(Array(repeating: "Down", count: at) + ["Enter"])
    let box = try await s.settle("the details") { $0.contains("JST") }
    return (rows, box)
  }

  @Test("watch-on: the row says C after the time; the box lists the TV, JST and Crunchyroll")
  func detailsInEnglish() async throws {
    let (rows, box) = try await puniruDetails(labels: "en")
    // October 27 (after the change to CET): Crunchyroll's 16:15 UTC is 17:15.
    #expect(rows.contains { $0.hasSuffix("17:15C ぷにるはかわいいスライム") }, "\(rows)")
    #expect(box.contains("Time Sun 17:15 (Mon 01:15 JST)"), "\(box)")
    #expect(box.contains("Where and when"), "\(box)")
    #expect(box.contains("  TV Sun 15:45 (Sun 23:45 JST), next 27 Oct"), "\(box)")
    #expect(box.contains("▸ Crunchyroll Sun 17:15 (Mon 01:15 JST), next 27 Oct"), "\(box)")
    #expect(box.contains("  Netflix 25 Feb 2025 17:00 (Wed 01:00 JST)"), "\(box)")
    #expect(box.contains("Trackers"), "\(box)")
    #expect(box.contains("MyAnimeList https://myanimelist.net/anime/58514"), "\(box)")
    #expect(box.contains("AniList https://anilist.co/anime/171457"), "\(box)")
  }

  @Test("the same box in Japanese")
  func detailsInJapanese() async throws {
    let (rows, box) = try await puniruDetails(labels: "ja")
    #expect(rows.contains { $0.hasSuffix("17:15C ぷにるはかわいいスライム") }, "\(rows)")
    #expect(box.contains("時刻 日 17:15 (月 01:15 JST)"), "\(box)")
    #expect(box.contains("放送・配信"), "\(box)")
    #expect(box.contains("テレビ 日 15:45 (日 23:45 JST)、次回 10月27日"), "\(box)")
    #expect(box.contains("▸ Crunchyroll 日 17:15 (月 01:15 JST)、次回 10月27日"), "\(box)")
    #expect(box.contains("データベース"), "\(box)")
    #expect(box.contains("AniList https://anilist.co/anime/171457"), "\(box)")
  }

  @Test("a reference moves an AniList account's show to its Crunchyroll slot, no section")
  func referenceForAnAniListAccount() async throws {
    // Wednesday 4 December 2024, 10:00 in Berlin (CET): the TV's Saturday 16:30 UTC is
    // 17:30, Crunchyroll's 18:00 UTC 19:00.
    let s = try sources.time.startOnFakedClock(
      "2024-12-04 10:00:00", zone: "Europe/Berlin",
      config:
        "schedule = watching.json\nreference = reference.json\nreference = gone.json\nwatch-on = crunchyroll\n",
      files: [
        "watching.json": try SourcesEndToEndTests.fixture("anilist/watching.json"),
        "reference.json": try SourcesEndToEndTests.fixture("bangumi-data/reference.json"),
      ])
    defer { s.close() }
    // Read in the background: the missing one is said in the footer, the rest works.
    let first = try await s.settle("the reference") { $0.contains("reference: gone.json") }
    #expect(sources.time.footer(first).contains("reference: gone.json: cannot open"), "\(first)")
    try s.send("6")
    let saturday = try await s.settle("Saturday") { $0.contains("Meido") }
    let rows = sources.rows(saturday)
    #expect(rows.contains { $0.hasSuffix("19:00C Kimi wa Meido-sama. #10") }, "\(saturday)")
    #expect(!saturday.contains("17:30"), "\(saturday)")
    // One section, the account's: the reference is not shown as one.
    #expect(!saturday.contains("bangumi-data"), "\(saturday)")
    #expect(!saturday.contains("reference.json"), "\(saturday)")
    try s.send("Enter")
    let box = try await s.settle("the details") { $0.contains("JST") }
    #expect(box.contains("  TV Sat 17:30 (Sun 01:30 JST), next 7 Dec"), "\(box)")
    #expect(box.contains("▸ Crunchyroll Sat 19:00 (Sun 03:00 JST), next 7 Dec"), "\(box)")
    #expect(box.contains("https://bangumi.tv/subject/481386"), "\(box)")
  }

  @Test("r reads a reference again: one missing at the start moves the show once it is there")
  func rReadsAReferenceAgain() async throws {
    let s = try sources.time.startOnFakedClock(
      "2024-12-04 10:00:00", zone: "Europe/Berlin",
      config: "schedule = watching.json\nreference = later.json\nwatch-on = crunchyroll\n",
      files: ["watching.json": try SourcesEndToEndTests.fixture("anilist/watching.json")])
    defer { s.close() }
    _ = try await s.settle("the reference missing") { $0.contains("reference: later.json") }
    try s.send("6")
    let before = try await s.settle("Saturday on TV") { $0.contains("Meido") }
    #expect(sources.rows(before).contains { $0.contains("17:30 Kimi wa Meido-sama.") }, "\(before)")
    let reference = try SourcesEndToEndTests.fixture("bangumi-data/reference.json")
    try reference.write(toFile: s.dir("config/youbi/later.json"), atomically: true, encoding: .utf8)
    try s.send("r")
    let after = try await s.settle("Saturday on Crunchyroll") { $0.contains("19:00C") }
    #expect(
      sources.rows(after).contains { $0.hasSuffix("19:00C Kimi wa Meido-sama. #10") }, "\(after)")
    #expect(!after.contains("reference: later.json"), "\(after)")
  }

  @Test("a reference file that changes is read again: the show moves without a key")
  func aChangedReferenceIsReadAgain() async throws {
    let reference = try SourcesEndToEndTests.fixture("bangumi-data/reference.json")
    let s = try sources.time.startOnFakedClock(
      "2024-12-04 10:00:00", zone: "Europe/Berlin",
      config: "schedule = watching.json\nreference = reference.json\nwatch-on = crunchyroll\n",
      files: [
        "watching.json": try SourcesEndToEndTests.fixture("anilist/watching.json"),
        "reference.json": reference,
      ])
    defer { s.close() }
    try s.send("6")
    let before = try await s.settle("Saturday on Crunchyroll") { $0.contains("19:00C") }
    #expect(
      sources.rows(before).contains { $0.hasSuffix("19:00C Kimi wa Meido-sama. #10") }, "\(before)")
    // Crunchyroll moves its slot two hours on (20:00 UTC, 21:00 in Berlin); no key is sent.
    let moved = reference.replacingOccurrences(
      of: "2024-10-05T18:00:00.000Z", with: "2024-10-05T20:00:00.000Z")
    #expect(moved != reference)
    try moved.write(toFile: s.dir("config/youbi/reference.json"), atomically: true, encoding: .utf8)
    let after = try await s.settle("the new slot") { $0.contains("21:00C") }
    #expect(
      sources.rows(after).contains { $0.hasSuffix("21:00C Kimi wa Meido-sama. #10") }, "\(after)")
    #expect(!after.contains("19:00C"), "\(after)")
  }

  @Test("the box gives each slot the local time of its own next release, across a DST change")
  func eachSlotInItsOwnOffset() async throws {
    // Saturday 24 October 2026 in Berlin (CEST): the TV's next release is that afternoon,
    // Crunchyroll's on the Sunday after the clocks go back (CET).
    let show = #"""
      {"siteMeta": {}, "items": [{"title": "Night Show", "type": "tv", "lang": "ja",
        "begin": "2026-10-03T14:15:00.000Z", "broadcast": "R/2026-10-03T14:15:00.000Z/P7D",
        "end": "", "sites": [{"site": "crunchyroll", "id": "G1",
          "begin": "2026-10-04T16:45:00.000Z", "broadcast": "R/2026-10-04T16:45:00.000Z/P7D"}]}]}
      """#
    let s = try sources.time.startOnFakedClock(
      "2026-10-24 12:00:00", zone: "Europe/Berlin", config: "schedule = show.json\n",
      files: ["show.json": show])
    defer { s.close() }
    try s.send("6")
    _ = try await s.settle("Saturday") { $0.contains("Night Show") }
    try s.send("Enter")
    let box = try await s.settle("the details") { $0.contains("JST") }
    #expect(box.contains("▸ TV Sat 16:15 (Sat 23:15 JST), next 24 Oct"), "\(box)")
    #expect(box.contains("  Crunchyroll Sun 17:45 (Mon 01:45 JST), next 25 Oct"), "\(box)")
  }

  /// A show with no end: Sundays 14:15 UTC on TV, 16:45 UTC on Crunchyroll.
  static let openShow = #"""
    [{"title": "Open Show", "type": "tv", "lang": "ja",
      "begin": "2024-01-07T14:15:00.000Z", "broadcast": "R/2024-01-07T14:15:00.000Z/P7D",
      "end": "", "sites": [{"site": "crunchyroll", "id": "G1",
        "begin": "2024-01-07T16:45:00.000Z", "broadcast": "R/2024-01-07T16:45:00.000Z/P7D"}]}]
    """#

  @Test("--next and --print follow the slot --watch-on chooses")
  func nextAndPrintFollowTheSlot() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(Self.openShow, to: "open.json")
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "UTC"
    let youbi = try YoubiBinary.path()
    let tv = try runProcess(youbi, ["--no-config", "--next", "1", file], environment: environment)
    #expect(tv.status == 0 && tv.out.hasPrefix("Sun 14:15"), "\(tv.out)\(tv.err)")
    let next = try runProcess(
      youbi, ["--no-config", "--watch-on", "crunchyroll", "--next", "1", file],
      environment: environment)
    #expect(next.status == 0 && next.out.hasPrefix("Sun 16:45"), "\(next.out)\(next.err)")
    let week = try runProcess(
      youbi, ["--no-config", "--watch-on=crunchyroll", "--print", "--day", "sunday", file],
      environment: environment)
    #expect(week.out.contains("16:45 Open Show"), "\(week.out)\(week.err)")
    #expect(!week.out.contains("14:15"), "\(week.out)")
    let wrong = try runProcess(
      youbi, ["--no-config", "--watch-on", "crunchyrol", "--next", "1", file],
      environment: environment)
    #expect(wrong.status == 64, "\(wrong.err)")
    #expect(wrong.err.contains("did you mean \"crunchyroll\"?"), "\(wrong.err)")
  }

  @Test("--print --date of a week years back takes that week's offset, in summer and winter")
  func aWeekYearsBackInItsOwnOffset() throws {
    // October 2024 is more than two years before today: its weeks are placed around
    // themselves, not carried over at the offset of the run nearest today's.
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    var env = try isolatedProcessEnvironment(dir)
    env["TZ"] = "Europe/Berlin"
    let file = packagePath("Tests/Fixtures/bangumi-data/platforms.json")
    func sunday(_ date: String, _ more: [String] = []) throws -> String {
      let r = try runProcess(
        try YoubiBinary.path(),
        ["--no-config", "--print", "--day", "sunday", "--date", date] + more + [file],
        environment: env)
      #expect(r.status == 0, "\(r.err)")
      return r.out
    }
    // 14:45 UTC is 16:45 in summer time (CEST), 15:45 after October 27.
    #expect(try sunday("2024-10-20").contains("16:45 ぷにるはかわいいスライム"))
    #expect(try sunday("2024-11-03").contains("15:45 ぷにるはかわいいスライム"))
    // On Crunchyroll (16:15 UTC): 18:15, then 17:15.
    #expect(try sunday("2024-10-20", ["--watch-on", "crunchyroll"]).contains("18:15 ぷにる"))
    #expect(try sunday("2024-11-03", ["--watch-on", "crunchyroll"]).contains("17:15 ぷにる"))
  }
}
