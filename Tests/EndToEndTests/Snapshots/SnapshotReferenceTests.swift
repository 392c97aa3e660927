import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Snapshots while a `reference` enriches the sources: who the reference is joins the key,
/// so a warm run reads neither the source nor the reference, and a reference that changed
/// (the same second, the same size) is read again.
@Suite("End to end: snapshots with a reference", .serialized, youbiRequired)
struct SnapshotReferenceEndToEndTests {
  /// A small week with times (below the size a source alone is snapshotted at) and a
  /// bangumi-data file of 2,000 items from the bench generator as its reference.
  final class Place {
    let dir = TemporaryDirectory.scratch()
    var environment: [String: String]
    var reference: String { dir("data.json") }
    var week: String { dir("week.json") }
    var config: String { dir("youbi.conf") }
    var snapshots: String { dir("cache") + "/youbi/snapshots" }

    init() throws {
      environment = try isolatedProcessEnvironment(dir)
      environment["TZ"] = "Asia/Tokyo"
      var root = #filePath
      for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }
      let made = try runProcess(
        "/usr/bin/python3", [root + "/bench/make_bangumi_data.py", reference, "--items", "2000"])
      #expect(made.status == 0, "\(made.err)")
      let days = ["monday", "wednesday", "friday", "sunday"].map { day in
        "\"\(day)\": [{\"title\": \"\(day) show\", \"time\": \"21:30\"},"
          + " {\"title\": \"\(day) late\", \"time\": \"25:10\"}]"
      }
      _ = dir.write(
        "{\"title\": \"Week\", \"days\": {\(days.joined(separator: ", "))}}", to: "week.json")
      _ = dir.write("reference = \(reference)\n", to: "youbi.conf")
    }

    deinit { dir.remove() }

    /// youbi's output for `arguments` over the week with the reference; snapshots off when
    /// `off`; standard error too when `errors`.
    func youbi(_ arguments: [String], off: Bool = false, config: String? = nil) throws
      -> (out: String, err: String)
    {
      var environment = self.environment
      if off { environment["YOUBI_SNAPSHOTS"] = "0" }
      let r = try runProcess(
        try YoubiBinary.path(), ["--config", config ?? self.config] + arguments + [week],
        environment: environment, timeout: 30)
      #expect(r.status == 0, "\(r.err)")
      return (r.out, r.err)
    }

    /// The inode of the snapshot of `kind` there is (a new write is a new inode).
    func snapshot(_ kind: String = "week") -> UInt64? {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []
      guard let name = names.first(where: { $0.hasSuffix("." + kind + ".snapshot") }) else {
        return nil
      }
      var info = stat()
      guard stat(snapshots + "/" + name, &info) == 0 else { return nil }
      return UInt64(info.st_ino)
    }

    /// Runs `body` until two runs with the snapshots off, before and after it, agree (a
    /// minute turning changes `in 2h 06m`); that output and what `body` returned.
    func steady<T>(_ command: [String], _ body: () throws -> T) throws -> (String, T) {
      for _ in 0..<3 {
        let before = try youbi(command, off: true).out
        let result = try body()
        if try youbi(command, off: true).out == before { return (before, result) }
      }
      Issue.record("the output of \(command) never held still")
      return (try youbi(command, off: true).out, try body())
    }
  }

  static let commands: [[String]] = [
    ["--print"], ["--next", "3"], ["--upcoming", "5000"], ["--print", "--format", "json"],
    ["--next", "2", "--format", "json"],
  ]

  @Test("a warm run reads the snapshot, not the reference; the same bytes as without one")
  func warmWithAReference() throws {
    let place = try Place()
    for command in Self.commands {
      let kind = command[0] == "--print" ? "week" : "next"
      let (parsed, (cold, warm, written)) = try place.steady(command) {
        try? FileManager.default.removeItem(atPath: place.snapshots)
        let cold = try place.youbi(command).out
        let written = place.snapshot(kind) ?? place.snapshot("week")
        return (cold, try place.youbi(command).out, written)
      }
      #expect(!parsed.isEmpty, "\(command)")
      #expect(cold == parsed, "\(command) cold")
      #expect(warm == parsed, "\(command) warm")
      // A small source is snapshotted when a reference enriches it; the warm run read the
      // snapshot, parsed nothing and wrote nothing.
      let first = try #require(written, "\(command): a cold run with a reference writes none")
      #expect(
        (place.snapshot(kind) ?? place.snapshot("week")) == first, "\(command): the warm run parsed"
      )
    }
  }

  /// The reference replaced by one of the same size whose modification time is put back
  /// to the old one's, to the nanosecond (a new inode; then the same inode, written in
  /// place: a new change time): the next run reads the source and the reference again.
  @Test("a snapshot is never used after the reference changes, same second and same size")
  func referenceChanged() throws {
    let place = try Place()
    let before = try place.youbi(["--print"]).out
    let first = try #require(place.snapshot())
    #expect(try place.youbi(["--print"]).out == before)
    #expect(place.snapshot() == first, "the warm run parsed")
    var info = stat()
    #expect(stat(place.reference, &info) == 0)
    let mtime = "@\(info.st_mtim.tv_sec).\(String(format: "%09ld", info.st_mtim.tv_nsec))"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: place.reference))
    let renamed = String(decoding: bytes, as: UTF8.self).replacing("番組", with: "改題")
    #expect(renamed.utf8.count == bytes.count && renamed != String(decoding: bytes, as: UTF8.self))
    try Data(renamed.utf8).write(to: URL(fileURLWithPath: place.reference + ".new"))
    #expect(rename(place.reference + ".new", place.reference) == 0)
    #expect(try runProcess("/usr/bin/touch", ["-d", mtime, place.reference]).status == 0)
    var now = stat()
    #expect(stat(place.reference, &now) == 0)
    #expect(now.st_size == info.st_size && now.st_mtim.tv_nsec == info.st_mtim.tv_nsec)
    #expect(try place.youbi(["--print"]).out == (try place.youbi(["--print"], off: true)).out)
    let second = try #require(place.snapshot())
    #expect(second != first, "a snapshot used after its reference changed")
    // The same inode, written in place, the time put back again.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: place.reference))
    try handle.write(contentsOf: bytes)
    try handle.close()
    #expect(try runProcess("/usr/bin/touch", ["-d", mtime, place.reference]).status == 0)
    #expect(try place.youbi(["--print"]).out == before)
    #expect(place.snapshot() != second, "a snapshot used after its reference was rewritten")
  }

  /// Serials that end in three weeks: `--next 50` finds fewer than 50 as far as it looks,
  /// and the snapshot of what comes next, holding every release that far, says so too.
  @Test("--next N finding fewer than N is answered from the snapshot")
  func fewerThanAsked() throws {
    let place = try Place()
    let end = Date().addingTimeInterval(21 * 86_400).formatted(
      .iso8601.year().month().day().dateSeparator(.dash))
    let entries = ["monday", "thursday", "saturday"].map { day in
      "\"\(day)\": [{\"title\": \"\(day) ends\", \"time\": \"20:00\", \"end\": \"\(end)\"}]"
    }
    _ = place.dir.write(
      "{\"title\": \"Ending\", \"days\": {\(entries.joined(separator: ", "))}}", to: "week.json")
    let command = ["--next", "50"]
    let (parsed, (cold, warm, first)) = try place.steady(command) {
      try? FileManager.default.removeItem(atPath: place.snapshots)
      let cold = try place.youbi(command).out
      let first = place.snapshot("next")
      return (cold, try place.youbi(command).out, first)
    }
    #expect(parsed.split(separator: "\n").count < 50 && parsed.contains("ends"), "\(parsed)")
    #expect(cold == parsed && warm == parsed)
    let written = try #require(first, "no snapshot of what comes next")
    #expect(place.snapshot("next") == written, "the warm run parsed")
  }

  @Test("a reference that cannot be read is said on every run, and nothing is snapshotted")
  func missingReference() throws {
    let place = try Place()
    let config = place.dir.write("reference = \(place.dir("gone.json"))\n", to: "gone.conf")
    for _ in 0..<2 {
      let run = try place.youbi(["--print"], config: config)
      #expect(run.err.contains("reference: \(place.dir("gone.json")): cannot open"), "\(run.err)")
      #expect(run.out == (try place.youbi(["--print"], off: true, config: config)).out)
    }
    #expect(place.snapshot() == nil, "a snapshot keyed by a reference that is not there")
  }
}
