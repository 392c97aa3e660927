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
      killCurls(mentioning: server.url("week.json"))
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

  @Test("A curl starting after its youbi was killed and the next fetch cleaned up makes no file")
  func orphanedCurl() throws {
    let scratch = TemporaryDirectory.scratch()
    let server = try FeedServer()
    let url = server.url("week.json")
    defer {
      server.stop()
      killCurls(mentioning: url)
      scratch.remove()
    }
    var env = try isolatedProcessEnvironment(scratch)
    env["XDG_CACHE_HOME"] = scratch("cache")
    env["no_proxy"] = "127.0.0.1"
    let youbi = try YoubiBinary.path()
    try server.serve("week.json", mondaySchedule(["Old"]), age: 100)
    #expect(try runProcess(youbi, ["--refresh", url], environment: env).status == 0)

    // A curl slow to start (a loaded machine, stretched): it says it began,
    // then waits for a go before it is really curl.
    let directories = (env["PATH"] ?? "").split(separator: ":").map(String.init)
    let real = try #require(
      directories.map { $0 + "/curl" }.first { access($0, X_OK) == 0 }, "no curl")
    scratch.write(
      "#!/bin/sh\n: > \(scratch("began"))\nn=0\n"
        + "while [ ! -e \(scratch("go")) ] && [ $n -lt 500 ]; do sleep 0.02; n=$((n+1)); done\n"
        + "exec \(real) \"$@\"\n",
      to: "slow/curl", executable: true)
    var slow = env
    slow["PATH"] = scratch("slow") + ":" + (env["PATH"] ?? "")
    try server.serve("week.json", mondaySchedule(["New"]), age: 50)
    let pid = try spawnInBackground(youbi, ["--refresh", url], environment: slow)
    #expect(poll { access(scratch("began"), F_OK) == 0 }, "the slow curl never began")
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}

    // The next fetch clears what the killed one left; then the orphaned curl
    // starts for real, fetches, and ends on its closed pipe.
    let next = try runProcess(youbi, ["--refresh", url], environment: env)
    #expect(next.status == 0, "\(next.out)\(next.err)")
    scratch.write("", to: "go")
    #expect(poll { server.received().count == 3 }, "the orphaned curl never fetched")
    #expect(poll { curls(mentioning: url).isEmpty }, "the orphaned curl never ended")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch("cache/youbi"))
      .filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  /// Polls `condition` every 20 ms for up to 10 s.
  func poll(_ condition: () -> Bool) -> Bool {
    for _ in 0..<500 {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  /// The curls (or scripts standing in for curl) running with `text` in
  /// their arguments (the URL a test serves).
  func curls(mentioning text: String) -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
      guard let pid = pid_t(name),
        let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
      else { return nil }
      let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      let isCurl = arguments.prefix(2).contains { $0 == "curl" || $0.hasSuffix("/curl") }
      return isCurl && arguments.contains(text) ? pid : nil
    }
  }

  /// Ends any curl a killed youbi left behind (its URL is in its arguments).
  func killCurls(mentioning text: String) {
    for pid in curls(mentioning: text) { kill(pid, SIGKILL) }
  }
}
