import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGKILL during a fetch or a cache write, at random points: the cache keeps
/// a whole copy (the old or the new), and the next fetch cleans up after it.
@Suite("End to end: subscriptions killed mid-fetch", .serialized, youbiRequired)
struct SubscriptionCrashTests {
  /// A schedule of `count` entries on Monday, about 60 bytes each.
  func big(_ tag: String, count: Int = 20_000) -> String {
    mondaySchedule((0..<count).map { "\(tag) serial number \($0)" })
  }

  @Test("SIGKILL at random points of --refresh leaves the old copy or the new one, whole")
  func killedAtRandomPoints() throws {
    let scratch = TemporaryDirectory.scratch()
    let server = try FeedServer()
    defer {
      server.stop()
      killCurls(mentioning: scratch.path)
      scratch.remove()
    }
    var env = try isolatedProcessEnvironment(scratch)
    env["XDG_CACHE_HOME"] = scratch("cache")
    env["no_proxy"] = "127.0.0.1"
    let youbi = try YoubiBinary.path()
    let url = server.url("week.json")
    let versions = [big("Old"), big("New")]
    try server.serve("week.json", versions[0], age: 100)
    #expect(try runProcess(youbi, ["--refresh", url], environment: env).status == 0)
    let directory = scratch("cache/youbi")
    func cached(_ suffix: String) -> Data? {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      return names.first { $0.hasSuffix(suffix) }.flatMap {
        FileManager.default.contents(atPath: directory + "/" + $0)
      }
    }

    let seed = UInt64(ProcessInfo.processInfo.environment["SUBS_SEED"] ?? "") ?? UInt64(time(nil))
    var state = seed
    func random(below bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    let runs = 40
    var replaced = 0
    for run in 0..<runs {
      try server.serve("week.json", versions[(run + 1) % 2], age: 100 - run - 1)
      let pid = try spawnInBackground(youbi, ["--refresh", url], environment: env)
      usleep(useconds_t(random(below: 150_000)))
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let body = cached(".body").map { String(decoding: $0, as: UTF8.self) }
      if body == versions[(run + 1) % 2] { replaced += 1 }
      #expect(
        body == versions[0] || body == versions[1],
        "run \(run) (SUBS_SEED=\(seed)): the copy is torn (\(body?.count ?? -1) bytes)")
      let meta = cached(".meta").flatMap { try? JSONSerialization.jsonObject(with: $0) }
      #expect(meta != nil, "run \(run) (SUBS_SEED=\(seed)): the metadata does not parse")
    }
    // The next fetch finds a consistent cache, and leaves nothing behind.
    try server.serve("week.json", versions[1], age: 0)
    let last = try runProcess(youbi, ["--refresh", url], environment: env)
    #expect(last.status == 0, "\(last.out)\(last.err)")
    #expect(cached(".body").map { String(decoding: $0, as: UTF8.self) } == versions[1])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
    print(
      "subscription crash test: \(runs) kills, \(replaced) after the new copy was in place,"
        + " \(runs - replaced) before; SUBS_SEED=\(seed)")
  }

  /// Ends any curl a killed youbi left behind (it names the cache in its arguments).
  func killCurls(mentioning path: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = pid_t(name),
        let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
      else { continue }
      let text = String(decoding: line, as: UTF8.self)
      if text.hasPrefix("curl") && text.contains(path) { kill(pid, SIGKILL) }
    }
  }
}
