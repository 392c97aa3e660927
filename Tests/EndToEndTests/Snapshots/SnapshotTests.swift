import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Snapshots of a big source (`$XDG_CACHE_HOME/youbi/snapshots/`): the same output with
/// and without one, never one used after its source changed, and never a torn or
/// corrupted one.
@Suite("End to end: snapshots of big sources", .serialized, youbiRequired)
struct SnapshotEndToEndTests {
  /// A scratch directory with a bangumi-data file of 2,000 items (1.7 MB) from the bench
  /// generator: past the 1 MiB the pager reads behind its first frame.
  final class Place {
    let dir = TemporaryDirectory.scratch()
    var environment: [String: String]
    var data: String { dir("data.json") }
    var snapshots: String { dir("cache") + "/youbi/snapshots" }

    init(zone: String = "Europe/Berlin") throws {
      environment = try isolatedProcessEnvironment(dir)
      environment["TZ"] = zone
      var root = #filePath
      for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }
      let made = try runProcess(
        "/usr/bin/python3", [root + "/bench/make_bangumi_data.py", data, "--items", "2000"])
      #expect(made.status == 0, "\(made.err)")
    }

    deinit { dir.remove() }

    /// youbi's output for `arguments` over the file; snapshots off when `off`.
    func youbi(_ arguments: [String], off: Bool = false) throws -> String {
      var environment = self.environment
      if off { environment["YOUBI_SNAPSHOTS"] = "0" }
      let r = try runProcess(
        try YoubiBinary.path(), ["--no-config"] + arguments + [data], environment: environment,
        timeout: 30)
      #expect(r.status == 0, "\(r.err)")
      return r.out
    }

    /// The snapshot of `kind` (`week`, `next`) there is, and its inode (a new write is a
    /// new inode).
    func snapshot(_ kind: String = "week") -> (path: String, inode: UInt64, size: Int)? {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []
      guard let name = names.first(where: { $0.hasSuffix("." + kind + ".snapshot") }) else {
        return nil
      }
      var info = stat()
      guard stat(snapshots + "/" + name, &info) == 0 else { return nil }
      return (snapshots + "/" + name, UInt64(info.st_ino), Int(info.st_size))
    }
  }

  /// Whether the file at `path` is a whole snapshot by its own header: as long as its
  /// lengths say, and its payload matching its FNV-1a checksum.
  static func isWhole(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    let bytes = [UInt8](data)
    func fixed(_ at: Int) -> Int? {
      guard at + 8 <= bytes.count else { return nil }
      return (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    let magic = 15
    guard let keyLength = fixed(magic + 8), let length = fixed(magic + 16 + keyLength),
      let sum = fixed(magic + 24 + keyLength)
    else { return false }
    let payload = magic + 32 + keyLength
    guard bytes.count == payload + length else { return false }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes[payload...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash == UInt64(bitPattern: Int64(sum))
  }

  /// The generated shows start between 12:00 and 18:45 UTC, so `--upcoming` looks 20
  /// hours ahead, within a snapshot's day: a shorter window is empty in the evening.
  static let commands: [[String]] = [
    ["--print"], ["--next", "5"], ["--next", "3", "--format", "json"],
    ["--print", "--format", "json"], ["--upcoming", "1200"], ["--next", "--short"],
    ["--next", "500"], ["--upcoming", "5000"],
  ]

  /// Runs `body` until two runs with the snapshots off, one before it and one after,
  /// agree (a minute turning changes `in 2h 06m`), at most three times; returns that
  /// output and what `body` returned.
  static func steady<T>(_ place: Place, _ command: [String], _ body: () throws -> T) throws
    -> (String, T)
  {
    for _ in 0..<2 {
      let before = try place.youbi(command, off: true)
      let result = try body()
      if try place.youbi(command, off: true) == before { return (before, result) }
    }
    let before = try place.youbi(command, off: true)
    return (before, try body())
  }

  @Test(
    "the same bytes without a snapshot, from a cold run and from a warm one",
    arguments: ["Asia/Tokyo", "Europe/Berlin", "America/Los_Angeles"])
  func sameOutput(zone: String) throws {
    let place = try Place(zone: zone)
    _ = try place.youbi(["--next", "3"], off: true)
    #expect(place.snapshot("week") == nil && place.snapshot("next") == nil, "written when off")
    for command in Self.commands {
      let kind = command[0] == "--print" ? "week" : "next"
      let (parsed, (cold, warm, written)) = try Self.steady(place, command) {
        try? FileManager.default.removeItem(atPath: place.snapshots)
        let cold = try place.youbi(command)
        let written = place.snapshot(kind)
        return (cold, try place.youbi(command), written)
      }
      #expect(cold == parsed, "\(command) cold in \(zone)")
      #expect(warm == parsed, "\(command) warm in \(zone)")
      #expect(!parsed.isEmpty)
      if command.contains("500") || command.contains("5000") { continue }  // past a day
      // The warm run read the snapshot: it parsed nothing, so it wrote none.
      let first = try #require(written, "\(command): a cold run writes a snapshot")
      #expect(place.snapshot(kind)?.inode == first.inode, "\(command): the warm run parsed")
    }
  }

  /// The file replaced by one of the same size whose modification time is put back to
  /// the old one's, to the nanosecond: a new inode (or the same one, written in place)
  /// and a new change time tell it apart.
  @Test("a snapshot is never used after its source changes, same second and same size")
  func sourceChanged() throws {
    let place = try Place()
    let before = try place.youbi(["--print"])
    #expect(before.contains("番組"))
    var info = stat()
    #expect(stat(place.data, &info) == 0)
    let mtime = "@\(info.st_mtim.tv_sec).\(String(format: "%09ld", info.st_mtim.tv_nsec))"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: place.data))
    let renamed = String(decoding: bytes, as: UTF8.self).replacing("番組", with: "改題")
    #expect(renamed.utf8.count == bytes.count)
    // A new inode, renamed over the old.
    try Data(renamed.utf8).write(to: URL(fileURLWithPath: place.data + ".new"))
    #expect(rename(place.data + ".new", place.data) == 0)
    #expect(try runProcess("/usr/bin/touch", ["-d", mtime, place.data]).status == 0)
    var now = stat()
    #expect(stat(place.data, &now) == 0)
    #expect(now.st_size == info.st_size && now.st_mtim.tv_nsec == info.st_mtim.tv_nsec)
    let after = try place.youbi(["--print"])
    #expect(after == before.replacing("番組", with: "改題"))
    #expect(after == (try place.youbi(["--print"], off: true)))
    // The same inode, written in place, the time put back again.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: place.data))
    try handle.write(contentsOf: bytes)
    try handle.close()
    #expect(try runProcess("/usr/bin/touch", ["-d", mtime, place.data]).status == 0)
    #expect(try place.youbi(["--print"]) == before)
    let (parsed, next) = try Self.steady(place, ["--next", "4"]) {
      try place.youbi(["--next", "4"])
    }
    #expect(next == parsed)
  }

  @Test("a truncated or corrupted snapshot is parsed past and replaced")
  func damagedSnapshot() throws {
    let place = try Place()
    let parsed = try place.youbi(["--print"], off: true)
    _ = try place.youbi(["--print"])
    let good = try #require(place.snapshot())
    let whole = try Data(contentsOf: URL(fileURLWithPath: good.path))
    var flipped = whole
    flipped[whole.count / 2] ^= 0x01
    for damaged in [whole.prefix(whole.count / 2), whole.prefix(40), flipped, Data()] {
      try Data(damaged).write(to: URL(fileURLWithPath: good.path))
      #expect(try place.youbi(["--print"]) == parsed)
      let replaced = try #require(place.snapshot())
      #expect(replaced.size == good.size, "the damaged snapshot was not replaced")
      #expect(try Data(contentsOf: URL(fileURLWithPath: replaced.path)) == whole)
      #expect(try place.youbi(["--print"]) == parsed)
    }
  }

  /// SIGKILL at random moments of cold runs (parsing, encoding, writing, renaming): what
  /// a later run finds is no snapshot, or a whole one; it prints what a parse prints.
  @Test("kill -9 during a snapshot write leaves no torn file a later run would use")
  func killedWriter() throws {
    let place = try Place()
    let seed =
      UInt64(ProcessInfo.processInfo.environment["SNAPSHOT_SEED"] ?? "") ?? UInt64(time(nil))
    var random = SplitMix64(seed: seed)
    let youbi = try YoubiBinary.path()
    var whole = 0
    // Kills spread over a whole cold run, however fast this binary is.
    try? FileManager.default.removeItem(atPath: place.snapshots)
    let started = Date()
    _ = try place.youbi(["--next", "6"])
    let span = UInt64(Date().timeIntervalSince(started) * 1.2e6) + 1
    /// Kills a cold run `delay` µs after its start and checks what it left.
    func kill(after delay: UInt64) throws {
      try? FileManager.default.removeItem(atPath: place.snapshots)
      let pid = try spawnInBackground(
        youbi, ["--no-config", "--next", "6", place.data], environment: place.environment)
      usleep(useconds_t(delay))
      Glibc.kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let left = ["week", "next"].map { place.snapshot($0) }
      for found in left.compactMap({ $0 }) {
        #expect(Self.isWhole(found.path), "seed \(seed): a torn \(found.path)")
        whole += 1
      }
      let (again, later) = try Self.steady(place, ["--next", "6"]) {
        try place.youbi(["--next", "6"])
      }
      #expect(later == again, "seed \(seed)")
      // What the kill left was whole: the later run read it, and wrote it anew only when
      // it held too little (none is ever torn, so none is replaced for being torn).
      if let week = left[0] { #expect(place.snapshot("week")?.inode == week.inode, "seed \(seed)") }
      if let next = left[1] { #expect(place.snapshot("next")?.inode == next.inode, "seed \(seed)") }
    }
    for _ in 0..<30 { try kill(after: random.next() % span) }
    // Some kills come after a write, so the check above sees whole snapshots: when the
    // runs were slower than the one timed and none did, later ones, up to 40 spans.
    var late = span
    while whole == 0 && late < 40 * span {
      try kill(after: late)
      late = late * 3 / 2
    }
    #expect(whole > 0, "seed \(seed): no kill came late enough")
  }

  /// The pager with a snapshot shows the whole week in its first frame, and reading the
  /// file behind it changes no cell; the same screen as with no snapshot.
  @Test("the pager shows the week from the snapshot at once, the same as from the file")
  func pager() async throws {
    let place = try Place()
    _ = try place.youbi(["--print"])
    let warm = try TerminalSession(
      youbi: ["--labels", "en", "--no-config", place.data], width: 100, height: 30,
      environment: place.environment)
    defer { warm.close() }
    let first = try await warm.waitFor("the week") { $0.text.contains("serials") }
    let settled = try await warm.settle()
    #expect(first == settled, "the frame after the file was read differs")
    // No frame before the week: never the spinner a file read behind the UI shows.
    let drawn = String(decoding: warm.output(), as: UTF8.self)
    #expect(!drawn.contains("Loading schedule"), "a frame before the week")
    var off = place.environment
    off["YOUBI_SNAPSHOTS"] = "0"
    let parsed = try TerminalSession(
      youbi: ["--labels", "en", "--no-config", place.data], width: 100, height: 30,
      environment: off)
    defer { parsed.close() }
    _ = try await parsed.waitFor("the week") { $0.text.contains("serials") }
    #expect(try await parsed.settle() == settled)
    // (Without a snapshot the week comes after the spinner: what the check above sees.)
    #expect(String(decoding: parsed.output(), as: UTF8.self).contains("Loading schedule"))
  }
}
