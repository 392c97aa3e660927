import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a lying server, a torn cache and a quit mid-download must not do: glob a URL,
/// grow youbi's memory with the body, stop the start, or leave temporary files.
@Suite("End to end: subscriptions hardened", .serialized, youbiRequired)
struct SubscriptionHardeningTests {
  typealias Fixture = SubscriptionTests.Fixture

  /// The names in the cache that are temporary files.
  func temporaries(_ f: Fixture) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: f.scratch("cache/youbi"))) ?? [])
      .filter { $0.contains(".tmp-") }
  }

  /// Rewrites the one `.meta` in the cache with `change`.
  func editMeta(_ f: Fixture, _ change: (inout [String: Any]) -> Void) throws {
    let directory = f.scratch("cache/youbi")
    for name in try FileManager.default.contentsOfDirectory(atPath: directory)
    where name.hasSuffix(".meta") {
      let url = URL(fileURLWithPath: directory + "/" + name)
      var meta = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
      change(&meta)
      try JSONSerialization.data(withJSONObject: meta).write(to: url)
    }
  }

  @Test("brackets and braces in a URL are the URL's: one request, the path as written")
  func noGlobbing() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    let url = f.server.url("week.json?filter[season]=fall&title={One,Two}&n=[1-2]")
    let env = try isolatedProcessEnvironment(f.scratch).merging(f.environment) { $1 }
    let result = try runProcess(try YoubiBinary.path(), ["--refresh", url], environment: env)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out == "\(url): updated\n")
    #expect(
      f.server.received().map(\.path) == ["/week.json?filter[season]=fall&title={One,Two}&n=[1-2]"])
  }

  @Test("an endless body is streamed to its file: youbi's memory stays small, nothing is left")
  func endlessBodyInBoundedMemory() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    try f.server.setMode("week.json", "oversize-stream")
    let env = try isolatedProcessEnvironment(f.scratch).merging(f.environment) { $1 }
    // The peak resident size of youbi (and its curl), in KiB, as Python's rusage tells it.
    let measure = """
      import resource, subprocess, sys
      r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
      print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      print(r.stdout, end="")
      """
    let result = try runProcess(
      "/usr/bin/python3", ["-c", measure, try YoubiBinary.path(), "--refresh", f.url],
      environment: env)
    let words = result.out.split(separator: "\n").first?.split(separator: " ") ?? []
    #expect(words.first == "75", "\(result.out)\(result.err)")
    #expect(result.out.contains("too large"), "\(result.out)")
    let peak = words.count > 1 ? Int(words[1]) ?? .max : .max
    #expect(peak < 64 << 10, "peak \(peak) KiB for a 257 MiB body")
    #expect(temporaries(f).isEmpty, "\(temporaries(f))")
  }

  @Test("a torn copy does not stop the start: the section fetches anew and shows the week")
  func tornCopyIsFetchedAnew() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 60)
    #expect(try f.refresh().status == 0)
    let directory = f.scratch("cache/youbi")
    let body = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory).first {
        $0.hasSuffix(".body")
      })
    f.scratch.write("{\"days\": {\"monday\": [{\"ti", to: "cache/youbi/" + body)
    try f.server.serve("week.json", mondaySchedule(["Bravo"]))
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("the week fetched anew") { $0.contains("Bravo") }
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    #expect(f.server.received().count == 2, "the torn copy was fetched again")
  }

  @Test("--print with a torn copy fetches it anew, or says both failed with 75")
  func printWithATornCopy() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 60)
    #expect(try f.refresh().status == 0)
    let directory = f.scratch("cache/youbi")
    let body = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory).first {
        $0.hasSuffix(".body")
      })
    let env = try isolatedProcessEnvironment(f.scratch).merging(f.environment) { $1 }
    f.scratch.write("{\"days\": {\"monday\": [{\"ti", to: "cache/youbi/" + body)
    try f.server.setMode("week.json", "status/503")
    let down = try runProcess(
      try YoubiBinary.path(), ["--print", "--day", "monday", f.url], environment: env)
    #expect(down.status == 75, "\(down.out)\(down.err)")
    #expect(down.err.contains("cached copy cannot be read") && down.err.contains("HTTP 503"))
    try f.server.setMode("week.json", nil)
    try f.server.serve("week.json", mondaySchedule(["Bravo"]))
    let up = try runProcess(
      try YoubiBinary.path(), ["--print", "--day", "monday", f.url], environment: env)
    #expect(up.status == 0, "\(up.out)\(up.err)")
    #expect(up.out.contains("Bravo"))
  }

  @Test(
    "fetchedAt at either end of Int64, or a year ahead, is a stale copy: the start fetches it",
    arguments: [Int64.max, Int64.min, Int64(time(nil)) + 365 * 86_400])
  func outOfRangeStampIsStale(stamp: Int64) async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 60)
    #expect(try f.refresh().status == 0)
    try editMeta(f) { $0["fetchedAt"] = NSNumber(value: stamp) }
    try f.server.serve("week.json", mondaySchedule(["Bravo"]))
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("the copy fetched again") { $0.contains("Bravo") }
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("q during a download leaves no temporary file in the cache")
  func quitMidDownloadLeavesNothing() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    try f.server.setMode("week.json", "oversize-trickle")  // 13 s: q comes mid-download
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("a body being written") { _ in
      self.temporaries(f).contains { $0.contains(".body.tmp-") }
    }
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    #expect(temporaries(f).isEmpty, "\(temporaries(f))")
  }

  @Test("the pager's start sweeps what a killed youbi left, with nothing to fetch")
  func startSweepsDeadWritersFiles() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    #expect(try f.refresh().status == 0)
    let gone = try spawnInBackground("/bin/true", [])
    var status: Int32 = 0
    while waitpid(gone, &status, 0) < 0 && errno == EINTR {}
    // The copy is fresh, so the start fetches nothing: only the start's sweep can see this.
    let cached = "cache/youbi/127.0.0.1-1.body.tmp-\(gone)-1f"
    f.scratch.write("partial", to: cached)
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("the week") { $0.contains("Alpha") }
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    #expect(access(f.scratch(cached), F_OK) != 0, "the dead writer's copy is swept")
    #expect(f.server.received().count == 1, "nothing fetched")
  }

  @Test("the next fetch sweeps what a killed youbi left, and keeps a live writer's files")
  func deadWritersTemporariesAreSwept() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    #expect(try f.refresh().status == 0)
    // A pid no process has: one that has just ended.
    let gone = try spawnInBackground("/bin/true", [])
    var status: Int32 = 0
    while waitpid(gone, &status, 0) < 0 && errno == EINTR {}
    let dead = "cache/youbi/other.example-1.body.tmp-\(gone)-1f"
    let live = "cache/youbi/other.example-1.body.tmp-\(getpid())-2e"
    f.scratch.write("partial", to: dead)
    f.scratch.write("partial", to: live)
    #expect(try f.refresh().status == 0)
    #expect(access(f.scratch(dead), F_OK) != 0, "the dead writer's file is swept")
    #expect(access(f.scratch(live), F_OK) == 0, "a live writer's file is kept")
  }
}
