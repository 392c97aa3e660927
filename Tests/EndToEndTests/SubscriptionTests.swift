import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Subscriptions in the real terminal: the cached week at once, fetches behind
/// the spinner, failures in the footer, `r`, two youbis on one cache. The server
/// runs on 127.0.0.1 and each test starts and stops it.
@Suite("End to end: subscriptions", .serialized, youbiRequired)
struct SubscriptionTests {
  /// A cache directory shared by the youbis of one test, and the server.
  final class Fixture: @unchecked Sendable {
    let scratch = TemporaryDirectory.scratch()
    let server = try! FeedServer()
    var url: String { server.url("week.json") }

    /// What every youbi of the test gets: the shared cache, no proxy for 127.0.0.1.
    var environment: [String: String] {
      ["XDG_CACHE_HOME": scratch("cache"), "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"]
    }

    /// `youbi --refresh` outside the terminal: fills the cache.
    @discardableResult
    func refresh() throws -> ProcessResult {
      let env = try isolatedProcessEnvironment(scratch).merging(environment) { $1 }
      return try runProcess(try YoubiBinary.path(), ["--refresh", url], environment: env)
    }

    /// Makes every cached copy `seconds` older than it is.
    func age(by seconds: Int) throws {
      let directory = scratch("cache/youbi")
      for name in try FileManager.default.contentsOfDirectory(atPath: directory)
      where name.hasSuffix(".meta") {
        let path = directory + "/" + name
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var meta = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        meta["fetchedAt"] = (meta["fetchedAt"] as! Int) - seconds
        try JSONSerialization.data(withJSONObject: meta).write(to: URL(fileURLWithPath: path))
      }
    }

    func start(_ arguments: [String] = [], config: String? = nil) throws -> TerminalSession {
      try startYoubi(
        ["--day", "monday"] + arguments + (config == nil ? [url] : []), environment: environment,
        files: config.map { ["config/youbi/config": $0] } ?? [:])
    }

    func close() {
      server.stop()
      scratch.remove()
    }
  }

  func footer(_ screen: Screen) -> String { screen.rows.last ?? "" }

  @Test("no copy: the spinner until the first fetch ends; then the copy shows with the server down")
  func firstFetchThenCachedStart() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha", "Bravo"]))
    try f.server.setMode("week.json", "slow")
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("the spinner") { $0.contains("Loading schedule") }
    try f.server.release()
    try await s.waitFor("the fetched week") { $0.contains("Alpha") }
    try s.send("q")
    #expect(try await s.waitForExit() == 0)

    f.server.goDown()
    let again = try f.start()
    defer { again.close() }
    let screen = try await again.settle { $0.contains("Alpha") }
    #expect(!footer(screen).contains("offline"), "a fresh copy is not fetched: \(screen)")
    #expect(f.server.received().count == 1)
  }

  @Test("a stale copy shows at once; the footer says why it is not current and how old it is")
  func staleCopyFailures() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]))
    #expect(try f.refresh().status == 0)
    try f.age(by: 3 * 3600 + 60)
    try f.server.setMode("week.json", "status/503")
    let s = try f.start(config: "refresh = 1h\nschedule = \(f.url)\n")
    defer { s.close() }
    let failed = try await s.waitFor("HTTP 503 in the footer") {
      footer($0).contains("HTTP 503: cached 3 h ago")
    }
    #expect(failed.contains("Alpha"))
    f.server.goDown()
    try s.send("r")
    let offline = try await s.waitFor("offline in the footer") {
      footer($0).contains("offline: cached 3 h ago")
    }
    #expect(offline.contains("Alpha"))
  }

  @Test(
    "a slow server: keys are answered meanwhile, and the new week arrives on the day the user is on"
  )
  func slowFetchWhileOnAnotherDay() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha", "Bravo", "Charlie"]), age: 120)
    #expect(try f.refresh().status == 0)
    try f.age(by: 7 * 3600)
    try f.server.serve("week.json", mondaySchedule(["New one", "Alpha", "Bravo", "Charlie"]))
    try f.server.setMode("week.json", "slow")
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("the fetch under way") { footer($0).contains("updating week.json") }
    try s.send("j")
    try await s.waitFor("the cursor on Bravo") { $0.rows.contains { $0.contains("▸ Bravo") } }
    try s.send("Right")
    let tuesday = try await s.waitFor("Tuesday") { $0.currentDay == "Tuesday" }
    #expect(footer(tuesday).contains("updating"))
    #expect(f.server.answered().count == 1, "the key was answered while the fetch waited")
    try f.server.release()
    try await s.waitFor("the fetch done") { !footer($0).contains("updating") }
    #expect(try s.capture().currentDay == "Tuesday", "the day stays")
    try s.send("Left")
    let monday = try await s.settle { $0.currentDay == "Monday" && $0.contains("New one") }
    #expect(monday.rows.contains { $0.contains("▸ Bravo") }, "the cursor stays: \(monday)")
  }

  @Test("r fetches now: a conditional request, 200 when changed and 304 when not")
  func rRefreshes() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 120)
    let s = try f.start()
    defer { s.close() }
    try await s.waitFor("the week") { $0.contains("Alpha") }
    try f.server.serve("week.json", mondaySchedule(["Bravo"]))
    try s.send("r")
    try await s.waitFor("the new week") { $0.contains("Bravo") }
    try s.send("r")
    try await s.waitFor("a third request answered") { _ in f.server.answered().count == 3 }
    let log = f.server.answered()
    #expect(log.map(\.status) == [200, 200, 304])
    #expect(log[1].ifNoneMatch != nil && log[2].ifNoneMatch != nil)
  }

  @Test("two youbis share one cache: one fetch brings the week to both")
  func twoYoubisOneCache() async throws {
    let f = Fixture()
    defer { f.close() }
    try f.server.serve("week.json", mondaySchedule(["Alpha"]), age: 120)
    let a = try f.start()
    defer { a.close() }
    let b = try f.start()
    defer { b.close() }
    try await a.waitFor("the week in the first") { $0.contains("Alpha") }
    try await b.waitFor("the week in the second") { $0.contains("Alpha") }
    try f.server.serve("week.json", mondaySchedule(["Bravo"]))
    try a.send("r")
    try await a.waitFor("the new week in the first") { $0.contains("Bravo") }
    try b.send("r")
    try await b.waitFor("the new week in the second") { $0.contains("Bravo") }
    #expect(f.server.answered().last?.status == 304, "the second found the first's copy current")
    try f.server.serve("week.json", mondaySchedule(["Charlie"]))
    try a.send("r")
    try b.send("r")
    try await a.waitFor("both fetch at once: the first") { $0.contains("Charlie") }
    try await b.waitFor("both fetch at once: the second") { $0.contains("Charlie") }
  }
}
