import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension AccountTests {
  @Test("AniList: the list shows with its progress as marks; m sends one write of the number")
  func aniListShowsAndWritesBack() async throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    let s = try f.start("anilist")
    defer { s.close() }
    let week = try await s.waitFor("alice's list") { row(in: $0, "Alpha Show") != nil }
    #expect(row(in: week, "Alpha Show")?.contains("+1") == true, "#4 behind: \(week)")
    let lists = f.server.requests("MediaListCollection")
    #expect(lists.first?["status_in"] as? Bool == true)
    #expect((lists.first?["variables"] as? [String: Any])?["userName"] as? String == "alice")
    // Episodes 1 to 3 are seen by AniList's count: only #4 is behind.
    try s.type("b")
    let behind = try await s.settle("the b list") { $0.contains("Behind") }
    #expect(behind.rows.filter { $0.contains("│") && $0.contains("Alpha Show") }.count == 1)
    #expect(behind.contains("Alpha Show #4") && !behind.contains("Alpha Show #3"), "\(behind)")
    try s.type("b")
    try s.type("m")
    try await f.server.waitFor("the write") { _ in !saves(f, "SaveMediaListEntry").isEmpty }
    let save = try #require(saves(f, "SaveMediaListEntry").first)
    #expect(save["auth"] as? String == "ok")
    let variables = save["variables"] as? [String: Any]
    #expect(variables?["mediaId"] as? Int == 101 && variables?["progress"] as? Int == 4)
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    #expect(f.server.requests("SaveMediaListEntry").count == 1, "exactly one write")
    expectTokenKept(f)
  }

  @Test("MyAnimeList: every page, the client id, progress as marks; m PATCHes the number")
  func myAnimeListShowsAndWritesBack() async throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    let s = try f.start("mal")
    defer { s.close() }
    let week = try await s.waitFor("bob's list") { row(in: $0, "Mal Show") != nil }
    // Episodes 1 to 3 are seen by MyAnimeList's count: only #4 is behind.
    #expect(row(in: week, "Mal Show")?.contains("+1") == true, "#4 behind: \(week.text)")
    let pages = f.server.requests("animelist")
    #expect(pages.count == 2, "two pages of two")
    #expect(pages.allSatisfy { $0["client_id"] as? String == "cid-42" })
    let query = pages.first?["query"] as? [String: [String]]
    #expect(query?["status"] == ["watching"])
    #expect(query?["fields"]?.first?.contains("list_status") == true)
    try s.type("m")
    try await f.server.waitFor("the write") { _ in !saves(f, "my_list_status").isEmpty }
    let patch = try #require(saves(f, "my_list_status").first)
    #expect(
      patch["method"] as? String == "PATCH"
        && patch["path"] as? String == "/v2/anime/301/my_list_status")
    #expect((patch["form"] as? [String: [String]])?["num_watched_episodes"] == ["4"])
    #expect(patch["content_type"] as? String == "application/x-www-form-urlencoded")
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    let patches = f.server.requests("my_list_status").filter { $0["method"] as? String == "PATCH" }
    #expect(patches.count == 1, "exactly one write: \(patches)")
    expectTokenKept(f)
  }

  @Test("a write queued when youbi is killed (-9) is sent by the next youbi")
  func aQueuedWriteSurvivesKill() async throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    try f.server.change { $0["mode"] = ["anilist-save": "401"] }
    let s = try f.start("anilist")
    defer { s.close() }
    try await s.waitFor("alice's list") { row(in: $0, "Alpha Show") != nil }
    try s.type("m")
    let refused = try await s.waitFor("the refusal, once") {
      $0.rows.last?.contains("AniList refused the token") == true
    }
    #expect(refused.contains("✓"))
    let queue = f.scratch("state/youbi/sync.json")
    var info = stat()
    #expect(stat(queue, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(f.scratch.text("state/youbi/sync.json")?.contains("\"progress\": 4") == true)
    try s.signal(SIGKILL)
    _ = try await s.waitForExit()
    try f.server.change { $0["mode"] = [String: String]() }
    let again = try f.start("anilist")
    defer { again.close() }
    try await f.server.waitFor("the queued write") { _ in !saves(f, "SaveMediaListEntry").isEmpty }
    let variables = saves(f, "SaveMediaListEntry").first?["variables"] as? [String: Any]
    #expect(variables?["progress"] as? Int == 4)
    try await again.waitFor("the queue emptied") { _ in
      f.scratch.text("state/youbi/sync.json")?.contains("progress") == false
    }
    expectTokenKept(f)
  }

  @Test("a tracker ahead moves the marks; a removed mark does not lower it")
  func trackerAheadAndNeverLower() async throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    let s = try f.start("anilist")
    defer { s.close() }
    try await s.waitFor("#4 behind") { row(in: $0, "Alpha Show")?.contains("+1") == true }
    // Watched elsewhere: AniList says 4 now.
    try f.server.change { state in
      var lists = state["anilist"] as! [String: [[String: Any]]]
      lists["alice"]![0]["progress"] = 4
      lists["alice"]![0]["updatedAt"] = Int(time(nil))
      state["anilist"] = lists
    }
    try s.type("r")
    try await s.waitFor("#4 seen by AniList's count") {
      row(in: $0, "Alpha Show")?.contains("✓") == true
    }
    try s.type("m")  // unmarked here
    try await s.waitFor("unmarked") {
      row(in: $0, "Alpha Show")?.contains("✓") == false
    }
    let fetches = f.server.requests("MediaListCollection").count
    try s.type("r")
    try await f.server.waitFor("the list again") { _ in
      f.server.requests("MediaListCollection").count > fetches
    }
    #expect(f.server.requests("SaveMediaListEntry").isEmpty, "never lowered")
    // Marked again: AniList is at 4 already, so nothing is written.
    try s.type("m")
    try await s.waitFor("marked") { row(in: $0, "Alpha Show")?.contains("✓") == true }
    let again = f.server.requests("MediaListCollection").count
    try s.type("r")
    try await f.server.waitFor("the list once more") { _ in
      f.server.requests("MediaListCollection").count > again
    }
    #expect(f.server.requests("SaveMediaListEntry").isEmpty, "\(f.server.requests())")
  }

  @Test("429 with Retry-After: the write waits and is sent once it may")
  func tooManyRequestsWaits() async throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    try f.server.change { $0["mode"] = ["anilist-save": "429"] }
    let s = try f.start("anilist")
    defer { s.close() }
    try await s.waitFor("alice's list") { row(in: $0, "Alpha Show") != nil }
    try s.type("m")
    try await f.server.waitFor("the write after the wait") { _ in
      !saves(f, "SaveMediaListEntry").isEmpty
    }
    let statuses = f.server.requests("SaveMediaListEntry").map { $0["status"] as? Int }
    #expect(statuses == [429, 200])
  }

  @Test("a token file others can read is refused, saying so; an unknown user is AniList's 404")
  func refusedTokenFileAndUnknownUser() throws {
    let f = try Fixture(tokenMode: 0o640)
    defer { f.close() }
    let refused = try f.run("anilist", ["--print"])
    #expect(refused.status != 0)
    #expect(
      refused.err.contains("token: permissions 0640 are too open"), "\(refused.err)")
    #expect(!refused.err.contains(Self.token))
    chmod(f.tokenPath, 0o600)
    let checked = try f.run("anilist", ["--check"])
    #expect(checked.status == 0, "\(checked.err)")
    #expect(checked.err.contains("https://anilist.co/user/alice/animelist: ok"), "\(checked.err)")
    #expect(!(checked.out + checked.err).contains(Self.token))
    try f.server.change { state in
      state["anilist"] = [String: Any]()
    }
    let unknown = try f.run("anilist", ["--print"])
    #expect(unknown.err.contains("HTTP 404: User not found"), "\(unknown.err)")
    expectTokenKept(f)
  }
}

extension AccountTests {
  @Test("--sync sends the queue and fetches the lists: one line an account, 0 or 75")
  func syncSendsAndFetches() throws {
    let f = try Fixture(progress: 3)
    defer { f.close() }
    let page = "https://anilist.co/user/alice/animelist"
    _ = f.scratch.write(
      #"{"version": 1, "writes": [{"account": "\#(page)", "show": "anilist:101", "progress": 4}]}"#,
      to: "state/youbi/sync.json")
    let sent = try f.run("anilist", ["--sync"])
    #expect(sent.status == 0, "\(sent.err)")
    #expect(sent.out == "alice (AniList): progress sent; list updated\n")
    let variables = saves(f, "SaveMediaListEntry").first?["variables"] as? [String: Any]
    #expect(variables?["progress"] as? Int == 4)
    #expect(f.scratch.text("state/youbi/sync.json")?.contains("anilist:101") == false)
    // A refused token: the write stays queued, and the status says to try again.
    _ = f.scratch.write(
      #"{"version": 1, "writes": [{"account": "\#(page)", "show": "anilist:101", "progress": 5}]}"#,
      to: "state/youbi/sync.json")
    try f.server.change { $0["mode"] = ["anilist-save": "401"] }
    let refused = try f.run("anilist", ["--sync"])
    #expect(refused.status == 75)
    #expect(
      refused.out == "alice (AniList): token refused; progress kept to send later; list updated\n")
    #expect(f.scratch.text("state/youbi/sync.json")?.contains("anilist:101") == true)
    expectTokenKept(f)
  }
}
