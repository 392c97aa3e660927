import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Subscriptions from the command line (`--refresh`, `--check URL`), against a
/// server on 127.0.0.1 that each test starts and stops; nothing leaves this machine.
@Suite("End to end: subscriptions from the command line", .serialized, youbiRequired)
struct SubscriptionCommandTests {
  /// A scratch home for youbi, its cache inside, and the server.
  final class Fixture: @unchecked Sendable {
    let home = TemporaryDirectory.scratch()
    let server = try! FeedServer()
    var cache: String { home("cache/youbi") }

    func environment(_ extra: [String: String] = [:]) throws -> [String: String] {
      var env = try isolatedProcessEnvironment(home)
      env["XDG_CACHE_HOME"] = home("cache")
      // A proxy in the test's own environment must not see 127.0.0.1.
      env["no_proxy"] = "127.0.0.1"
      env["NO_PROXY"] = "127.0.0.1"
      return env.merging(extra) { $1 }
    }

    func youbi(_ arguments: [String], _ extra: [String: String] = [:]) throws -> ProcessResult {
      try runProcess(try YoubiBinary.path(), arguments, environment: try environment(extra))
    }

    /// The cached body of the one URL in the cache (nil when none).
    func body() -> String? { file(ending: ".body") }
    func meta() -> String? { file(ending: ".meta") }

    func file(ending suffix: String) -> String? {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
      guard let name = names.first(where: { $0.hasSuffix(suffix) }) else { return nil }
      return FileManager.default.contents(atPath: cache + "/" + name).map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    func close() {
      server.stop()
      home.remove()
    }
  }

  @Test(
    "first fetch, then 304 with If-None-Match and If-Modified-Since, proved by the server's log")
  func firstFetchThenNotModified() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 60)
    let first = try f.youbi(["--refresh", f.server.url("week.json")])
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out == "\(f.server.url("week.json")): updated\n")
    #expect(f.body() == mondaySchedule(["Alpha"]))
    let second = try f.youbi(["--refresh", f.server.url("week.json")])
    #expect(second.out == "\(f.server.url("week.json")): not modified\n")
    #expect(second.status == 0)
    let log = f.server.answered()
    #expect(log.map(\.status) == [200, 304])
    #expect(log[0].ifNoneMatch == nil && log[0].ifModifiedSince == nil)
    #expect(log[1].ifNoneMatch?.hasPrefix("\"") == true && log[1].ifModifiedSince != nil)
    #expect(f.meta()?.contains("\"status\": \"not modified\"") == true)
  }

  @Test("ETag alone and Last-Modified alone each make a 304")
  func eachValidatorAlone() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 60)
    for path in ["etag/week.json", "lm/week.json"] {
      _ = try f.youbi(["--refresh", f.server.url(path)])
      let again = try f.youbi(["--refresh", f.server.url(path)])
      #expect(again.out.hasSuffix(": not modified\n"), "\(path): \(again.out)\(again.err)")
    }
    let log = f.server.answered()
    #expect(log.map(\.status) == [200, 304, 200, 304])
    #expect(log[1].ifNoneMatch != nil && log[1].ifModifiedSince == nil)
    #expect(log[3].ifNoneMatch == nil && log[3].ifModifiedSince != nil)
  }

  @Test("a changed file is fetched again; a failed fetch never replaces the good copy")
  func failuresKeepTheGoodCopy() throws {
    let f = Fixture()
    defer { f.close() }
    let url = f.server.url("week.json")
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 60)
    #expect(try f.youbi(["--refresh", url]).status == 0)
    let good = f.body()
    let cases: [(String?, String, String)] = [
      ("status/500", "<html>oops</html>", "\(url): HTTP 500\n"),
      ("truncated", mondaySchedule(["Bravo", "Charlie"]), "\(url): cut short: "),
      ("oversize-stream", mondaySchedule(["Delta"]), "\(url): too large (over 256 MiB)\n"),
      (nil, "<html>not a schedule</html>", "\(url): not a schedule: week.json:1:1: "),
    ]
    for (mode, text, line) in cases {
      try f.server.serve("week.json", text)
      try f.server.setMode("week.json", mode)
      let run = try f.youbi(["--refresh", url])
      #expect(run.status == 75, "\(mode ?? "not a schedule"): \(run.out)\(run.err)")
      #expect(run.out.hasPrefix(line), "\(run.out)")
      #expect(f.body() == good, "\(mode ?? "not a schedule") replaced the copy")
    }
    try f.server.setMode("week.json", nil)
    try f.server.serve("week.json", mondaySchedule(["Echo"]))
    let fixed = try f.youbi(["--refresh", url])
    #expect(fixed.out == "\(url): updated\n")
    #expect(f.body() == mondaySchedule(["Echo"]))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: f.cache)
      .filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  @Test("down, a redirect loop, an announced oversize body: one line each, exit 75")
  func failuresAreOneLineEach() throws {
    let f = Fixture()
    defer { f.close() }
    let down = try FeedServer()
    let downURL = down.url("week.json")
    down.stop()
    let run = try f.youbi([
      "--refresh", downURL, f.server.url("loop"), f.server.url("oversize"),
      f.server.url("status/503"),
    ])
    #expect(run.status == 75)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(run.out)")
    #expect(lines[0].hasPrefix("\(downURL): offline: "), "\(lines)")
    #expect(lines[1].hasPrefix("\(f.server.url("loop")): too many redirects"), "\(lines)")
    #expect(lines[2].hasPrefix("\(f.server.url("oversize")): too large"), "\(lines)")
    #expect(lines[3] == "\(f.server.url("status/503")): HTTP 503")
    #expect(
      f.server.answered().filter { $0.path == "/loop" }.count == 6, "the first and 5 redirects")
  }

  @Test("--check URL fetches and checks; schemes other than http(s) are refused")
  func checkAndSchemes() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("bad.json", "{\"days\": {\"mondy\": []}}")
    try f.server.serve("good.json", mondaySchedule(["Alpha"]))
    let bad = try f.youbi(["--check", f.server.url("bad.json")])
    #expect(bad.status == 65)
    #expect(bad.out.hasPrefix("\(f.server.url("bad.json")):1:"), "\(bad.out)")
    #expect(bad.out.contains("did you mean \"monday\""))
    #expect(try f.youbi(["--check", f.server.url("good.json")]).status == 0)
    #expect(f.body() == nil, "--check leaves the cache alone")
    let ftp = try f.youbi(["ftp://example.org/a.ics"])
    #expect(ftp.status == 64)
    #expect(
      ftp.err
        == "youbi: URL scheme \"ftp\" is not allowed; use http or https: \"ftp://example.org/a.ics\" (see youbi --help)\n"
    )
    f.home.write(["config/youbi/config": "schedule = file:///etc/passwd\n"])
    let config = try f.youbi(["--print"])
    #expect(config.status == 78)
    #expect(config.err.contains("config:1: schedule: URL scheme \"file\" is not allowed"))
  }

  @Test("without curl, one line naming the package")
  func noCurl() throws {
    let f = Fixture()
    defer { f.close() }
    let run = try f.youbi(["--refresh", f.server.url("week.json")], ["PATH": "/nonexistent"])
    #expect(run.status == 75)
    #expect(run.out.hasSuffix(": curl not found; install the Debian package curl\n"), "\(run.out)")
  }

  @Test("--print of a URL prints the cached copy, fetching it first when there is none")
  func printsTheCopy() throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    let run = try f.youbi(["--print", "--day", "monday", f.server.url("week.json")])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("Alpha — Writer"), "\(run.out)")
    f.server.goDown()
    let offline = try f.youbi(["--print", "--day", "monday", f.server.url("week.json")])
    #expect(offline.out.contains("Alpha — Writer"), "\(offline.err)")
  }
}
