import Foundation
import TestSupport
import Testing

/// Snapshots of the sources a reference enriches, on a faked wall clock in Berlin: an
/// AniList page standing alone is snapshotted (never one beside a second page), and the
/// pager shown from such a snapshot reads the reference only once it needs more.
@Suite("End to end: snapshots of pages a reference enriched", .serialized, youbiRequired)
struct SnapshotPageEndToEndTests {
  let sources = SourcesEndToEndTests()

  /// Shown from the week's snapshot, which the reference enriched, the pager reads the
  /// reference only once more than the snapshot is needed (a search): the first screen
  /// has the account's show on its Crunchyroll slot, and until then nothing has read the
  /// reference again since the `--print` before wrote the snapshot. (`/proc/PID/io`
  /// counts the bytes read by the shell that became youbi and by its children: that
  /// `--print` read it once.)
  @Test("a reference is not read while the week's snapshot it enriched is enough")
  func aSnapshotSparesReadingTheReference() async throws {
    let fixture = try SourcesEndToEndTests.fixture("bangumi-data/reference.json")
    // A megabyte of shows no one follows, before the one of the week.
    let filler = (0..<10_000).map { i in
      #"{"title": "Filler \#(i)", "type": "tv", "lang": "ja", "#
        + #""begin": "2024-10-05T16:30:00.000Z", "sites": []},"#
    }.joined()
    let reference = fixture.replacingOccurrences(of: #""items": ["#, with: #""items": ["# + filler)
    let size = reference.utf8.count
    #expect(size > 1_000_000)
    let s = try sources.time.startOnFakedClock(
      "2024-12-04 10:00:00", zone: "Europe/Berlin",
      config: "schedule = watching.json\nreference = reference.json\nwatch-on = crunchyroll\n"
        + "columns = 7\n",
      files: [
        "watching.json": try SourcesEndToEndTests.fixture("anilist/watching.json"),
        "reference.json": reference,
      ], width: 210, first: ["--print"])
    defer { s.close() }
    func read() throws -> Int {
      let pid = try #require(s.programPID)
      let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
      let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
      return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }
    // Every column shows (seven at 210 columns): Saturday's too, in the first frame.
    let first = try await s.waitFor("the week") { $0.contains("Meido") }
    #expect(first.text.contains("19:00C Kimi wa Meido"), "from the snapshot: \(first)")
    _ = try await s.settle("the week") { $0.contains("19:00C") }
    #expect(try read() < 2 * size, "the reference was read again")
    try s.send("/")
    try s.type("Meido")
    let found = try await s.settle("the search") { $0.contains("19:00C") && $0.contains("Meido") }
    #expect(!found.text.contains("17:30"), "read whole, enriched: \(found)")
    #expect(try read() > 2 * size, "the file read whole, after the reference: \(found)")
  }

  /// An AniList page the reference enriched is snapshotted when it stands alone: a warm
  /// run prints what a run with no snapshot prints, byte for byte. Two pages of AniList
  /// given together are merged by id and parsed: none of their snapshots is written, and
  /// one written while the page stood alone is not used once a second page joins it.
  @Test("an AniList page is snapshotted alone, never beside a second page")
  func anAniListPageIsSnapshottedAlone() throws {
    let library = try #require(TimeEndToEndTests.fakeTimeLibrary, "libfaketime is not installed")
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let page = try SourcesEndToEndTests.fixture("anilist/watching.json")
    let first = dir.write(page, to: "watching.json")
    // The second page: the same shows, an hour on (merged away: page one has them).
    let second = dir.write(
      page.replacingOccurrences(of: "1733589000", with: "1733592600"), to: "later.json")
    #expect(try String(contentsOfFile: second, encoding: .utf8) != page)
    let reference = dir.write(
      try SourcesEndToEndTests.fixture("bangumi-data/reference.json"), to: "reference.json")
    let config = dir.write(
      "reference = \(reference)\nwatch-on = crunchyroll\n", to: "youbi.conf")
    var environment = try isolatedProcessEnvironment(dir)
    environment.merge([
      "TZ": "Europe/Berlin", "LD_PRELOAD": library, "FAKETIME": "@2024-12-04 10:00:00",
      "FAKETIME_DONT_FAKE_MONOTONIC": "1",
    ]) { $1 }
    let snapshots = dir("cache") + "/youbi/snapshots"
    func written() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).sorted()
    }
    func youbi(_ arguments: [String], off: Bool = false) throws -> String {
      var environment = environment
      if off { environment["YOUBI_SNAPSHOTS"] = "0" }
      let r = try runProcess(
        try YoubiBinary.path(), ["--config", config] + arguments, environment: environment,
        timeout: 30)
      #expect(r.status == 0, "\(r.err)")
      return r.out
    }
    for command in [["--print"], ["--print", "--format", "json"], ["--next", "3"]] {
      let plain = try youbi(command + [first], off: true)
      #expect(plain.contains("19:00"), "enriched: \(plain)")
      _ = try youbi(command + [first])
      #expect(!written().isEmpty, "\(command)")
      #expect(try youbi(command + [first]) == plain, "\(command), warm")
    }
    let alone = written()
    for command in [["--print"], ["--next", "3"]] {
      let plain = try youbi(command + [first, second], off: true)
      #expect(try youbi(command + [first, second]) == plain, "\(command), beside a page")
      #expect(try youbi(command + [first, second]) == plain, "\(command), again")
    }
    #expect(written() == alone, "no snapshot of a page beside a page")
  }
}
