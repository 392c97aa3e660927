import Foundation
import TestSupport
import Testing

/// What a big source costs to read, by the shape of its items: the peak resident size of
/// `youbi --print` over a file of many small shows stays within eight times the file's
/// size, plus what youbi takes with no schedule at all (issue 32, the probe's shapes).
///
/// Each file is made by Python here, at a size where the bound is what counts (at the
/// start of the ninth session every one of them took 10 to 14 times its size).
@Suite("End to end: memory by the shape of a source", youbiRequired)
struct MemoryShapeTests {
  /// Makes the file (`shape`, Python building `doc`), then runs `youbi --print` on it in
  /// `zone`, with a cache to write its snapshot to; the peak resident size in bytes and
  /// the file's size.
  func peak(_ shape: String, zone: String = "Asia/Tokyo", run: Run = .print) throws -> (
    peak: Int, size: Int
  ) {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.path + "/shape.json"
    let make = """
      import json, sys
      \(shape)
      open(sys.argv[1], "w").write(json.dumps(doc, separators=(",", ":")))
      """
    let made = try runProcess("/usr/bin/python3", ["-c", make, file], timeout: 120)
    try #require(made.status == 0, "\(made.err)")
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    // The peak resident size of youbi, in KiB, as Python's rusage tells it.
    let measure = """
      import resource, subprocess, sys
      r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
      print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    var env = try isolatedProcessEnvironment(dir)
    env["TZ"] = zone
    // `--refresh` fetches the file from a server here, and checks the body before it
    // becomes the copy.
    let server = run == .refresh ? try FeedServer() : nil
    defer { server?.stop() }
    var arguments = ["--no-config", run == .check ? "--check" : "--print", file]
    if let server {
      let body = try Data(contentsOf: URL(fileURLWithPath: file))
      try server.serve("shape.json", String(decoding: body, as: UTF8.self))
      arguments = ["--no-config", "--refresh", server.url("shape.json")]
    }
    let r = try runProcess(
      "/usr/bin/python3", ["-c", measure, try YoubiBinary.path()] + arguments,
      environment: env, timeout: 120)
    let words = r.out.split(separator: "\n").first?.split(separator: " ") ?? []
    try #require(words.first == "0", "\(r.out)\(r.err)")
    return ((words.count > 1 ? Int(words[1]) ?? .max : .max) * 1024, size)
  }

  /// What youbi takes over no schedule worth the name: the binary, its tables, a week.
  static let base = 16 << 20

  /// What youbi does with the file: prints it, checks it, or fetches it (`--refresh`).
  enum Run { case print, check, refresh }

  func expectWithinBound(
    _ shape: String, _ name: String, zone: String = "Asia/Tokyo", run: Run = .print
  ) throws {
    let (peak, size) = try peak(shape, zone: zone, run: run)
    #expect(
      peak < 8 * size + Self.base,
      "\(name): peak \(peak >> 20) MiB for \(size >> 20) MiB (\(peak / max(size, 1))×)")
  }

  @Test("100,000 weekly bangumi-data items of a title and a broadcast each")
  func tinyWeekly() throws {
    try expectWithinBound(
      """
      doc = {"siteMeta": {}, "items": [{"title": f"t{i}", "broadcast": "R/2026-01-05T15:00:00Z/P7D"} for i in range(100_000)]}
      """, "tiny weekly")
  }

  @Test("100,000 Jikan anime, in Tokyo and across Berlin's changes of offset")
  func jikan() throws {
    let shape = """
      doc = {"data": [{"mal_id": i, "title": f"t{i}", "broadcast": {"day": "Sundays", "time": "01:30", "timezone": "Asia/Tokyo"}} for i in range(100_000)]}
      """
    try expectWithinBound(shape, "Jikan")
    try expectWithinBound(shape, "Jikan in Berlin", zone: "Europe/Berlin")
  }

  @Test("100,000 AniList airings of a thousand shows")
  func aniList() throws {
    try expectWithinBound(
      """
      doc = {"data": {"Page": {"airingSchedules": [{"id": i, "airingAt": 1796000000 + i * 60, "episode": i, "media": {"id": i % 1000, "title": {"romaji": f"t{i % 1000}"}}} for i in range(100_000)]}}}
      """, "AniList")
  }

  @Test("one bangumi-data item with 500,000 translated titles")
  func manyTitles() throws {
    try expectWithinBound(
      """
      doc = {"siteMeta": {}, "items": [{"title": "w", "broadcast": "R/2026-01-05T15:00:00Z/P7D", "titleTranslate": {"en": ["x%d" % i for i in range(500_000)]}}]}
      """, "many titles")
  }

  /// Seven weekly entries an item, each since 1970, in a zone with offset changes too.
  @Test(
    "100,000 bangumi-data items broadcast daily since 1970, in Tokyo and in Berlin, checked and fetched"
  )
  func dailySince1970() throws {
    let shape = """
      doc = {"siteMeta": {}, "items": [{"title": f"d{i}", "begin": "1970-01-01T00:00:00Z", "broadcast": "R/1970-01-01T00:00:00Z/P1D"} for i in range(100_000)]}
      """
    try expectWithinBound(shape, "daily")
    try expectWithinBound(shape, "daily in Berlin", zone: "Europe/Berlin")
    // Fetched: the body's check keeps nothing, and places no series across Berlin's
    // changes (367 MiB for 8.7 MiB at the tenth session's start).
    try expectWithinBound(shape, "daily fetched in Berlin", zone: "Europe/Berlin", run: .refresh)
    // Checked: every serial is counted, so all are held, in Berlin as in Tokyo (Berlin
    // 505 MiB, Tokyo 87, at the tenth session's start).
    let tokyo = try peak(shape, run: .check).peak
    let berlin = try peak(shape, zone: "Europe/Berlin", run: .check).peak
    #expect(
      berlin < tokyo + tokyo / 4, "--check: Berlin \(berlin >> 20) MiB, Tokyo \(tokyo >> 20) MiB")
  }
}
