import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension AccountTests {
  /// bangumi-data holding the account's show under another title and by its MyAnimeList
  /// id (`mal` site 201, the list's `idMal`), a show of the same title as the account's
  /// but another AniList id, and a show of its own; each out weekly at the account's
  /// show's time, from three weeks before.
  func catalogue(_ f: Fixture) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let begin = formatter.string(
      from: Date(timeIntervalSince1970: TimeInterval(f.released - 21 * 86_400)))
    func item(_ title: String, _ sites: String) -> String {
      """
      {"title": "\(title)", "lang": "ja", "type": "tv", "begin": "\(begin)",
       "broadcast": "R/\(begin)/P7D", "end": "", "sites": [\(sites)]}
      """
    }
    return """
      {"siteMeta": {}, "items": [
      \(item("アルファ", #"{"site": "bangumi", "id": "7"}, {"site": "mal", "id": "201"}"#)),
      \(item("Alpha Show", #"{"site": "anilist", "id": "999"}"#)),
      \(item("Beta Show", #"{"site": "bangumi", "id": "8"}"#))
      ]}
      """
  }

  /// The config of the AniList account and the catalogue beside it.
  func joinConfig(_ f: Fixture) -> String {
    let path = f.scratch.write(catalogue(f), to: "bangumi.json")
    return f.config("anilist") + "schedule = \(path)\n"
  }

  @Test("an account and bangumi-data holding one show by id: one row, the tracker's, on the day")
  func aShowOfAnAccountAndACatalogueIsOneRow() async throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    _ = f.scratch.write(joinConfig(f), to: "config/youbi/config")
    let s = try startYoubi([], environment: f.environment)
    defer { s.close() }
    // The catalogue comes first (its `schedule` line); the account's section beside it:
    // its row, with the tracker's progress (1 to 3 seen, #4 behind).
    try await s.waitFor("the catalogue") { $0.contains("Beta Show") }
    try s.send("Tab")
    let week = try await s.waitFor("alice's list") { row(in: $0, "Alpha Show") != nil }
    #expect(row(in: week, "Alpha Show")?.contains("+1") == true, "#4 behind: \(week.text)")
    // Back on the catalogue, with the list loaded: the same show is not there again; the
    // show of the same title and another id is.
    try s.send("BTab")
    let catalogue = try await s.settle("the catalogue") {
      $0.contains("Beta Show") && !$0.contains("#4")
    }
    #expect(!catalogue.contains("アルファ"), "joined to the tracker's row: \(catalogue.text)")
    #expect(catalogue.contains("Alpha Show"), "another show, only its title is the same")
    #expect(catalogue.contains("2 serials"), "the heading counts it once: \(catalogue.text)")
    // `b`: the show is behind once, as the tracker's.
    try s.type("b")
    let behind = try await s.settle("the b list") { $0.contains("Behind") }
    #expect(behind.rows.filter { $0.contains("│") && $0.contains("Alpha Show") }.count == 1)
    #expect(!behind.rows.contains { $0.contains("│") && $0.contains("アルファ") }, "\(behind.text)")
    try s.type("b")
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    // The writers: one entry for the show, from the cached copy of the list.
    let env = try isolatedProcessEnvironment(f.scratch).merging(f.environment) { $1 }
    for arguments in [
      ["--print"], ["--print", "--format", "json"], ["--upcoming", "8d"], ["--next", "9"],
    ] {
      let out = try runProcess(try YoubiBinary.path(), arguments, environment: env)
      #expect(out.status == 0, "\(arguments): \(out.err)")
      #expect(!out.out.contains("アルファ"), "\(arguments): \(out.out)")
      #expect(out.out.contains("Beta Show"), "\(arguments): \(out.out)")
    }
    expectTokenKept(f)
  }
}
