import Schedule
import Testing

@testable import YoubiCore

/// The account lines of the config: a tracker's user is a schedule source.
@Suite struct AccountConfigTests {
  func parse(_ text: String) throws(ConfigError) -> Config {
    try Config.parse(Array(text.utf8), file: "/home/u/.config/youbi/config", home: "/home/u")
  }

  @Test func anAniListLineAloneIsTheSchedule() throws {
    let config = try parse("anilist = alice\n")
    #expect(
      config.accounts == [Account(tracker: .aniList, name: "alice", api: Account.aniListAPI)])
    let lookup = ScheduleLookup.resolve(
      arguments: [], environment: [:], config: config, exists: { _ in false })
    let page = try WebURL(checking: "https://anilist.co/user/alice/animelist")
    #expect(lookup.sources == [.url(page)])
    #expect(lookup.rule == .config(file: "/home/u/.config/youbi/config", line: 1))
  }

  @Test func accountsSitBesideScheduleLines() throws {
    let config = try parse(
      """
      schedule = ~/week.json
      mal = bob_2
      mal-client-id = abc123
      mal-api = http://127.0.0.1:8080/v2
      mal-token-file = ~/.config/youbi/mal-token
      anilist = alice
      anilist-token-command = pass show anilist
      """)
    #expect(
      config.accounts == [
        Account(
          tracker: .aniList, name: "alice", api: Account.aniListAPI,
          token: .command(["pass", "show", "anilist"])),
        Account(
          tracker: .myAnimeList, name: "bob_2",
          api: try WebURL(checking: "http://127.0.0.1:8080/v2"),
          clientID: "abc123", token: .file("/home/u/.config/youbi/mal-token")),
      ])
    let lookup = ScheduleLookup.resolve(
      arguments: [], environment: [:], config: config, exists: { _ in false })
    #expect(lookup.sources.count == 3)
    #expect(lookup.sources.first == .file("/home/u/week.json"))
  }

  @Test func theListPageIsKnownByItsAddress() throws {
    let list = try #require(
      Account.list(at: try WebURL(checking: "https://myanimelist.net/animelist/bob")))
    #expect(list.tracker == .myAnimeList && list.name == "bob")
    #expect(Account.list(at: try WebURL(checking: "https://anilist.co/user//animelist")) == nil)
    #expect(Account.list(at: try WebURL(checking: "https://example.org/anime.json")) == nil)
  }

  @Test(arguments: [
    (
      "mal = bob\n",
      "/home/u/.config/youbi/config:1: mal: MyAnimeList needs a client id: add \"mal-client-id = ID\" (see docs/Sources.md)"
    ),
    (
      "anilist = a/b\n",
      "/home/u/.config/youbi/config:1: anilist: expected a user name (letters, digits, _ and -), found \"a/b\""
    ),
    (
      "anilist-api = ftp://x\n",
      "/home/u/.config/youbi/config:1: anilist-api: URL scheme \"ftp\" is not allowed; use http or https"
    ),
  ])
  func badLinesAreRefusedWithTheirLine(text: String, message: String) {
    #expect(throws: ConfigError.self) { try parse(text) }
    do {
      _ = try parse(text)
    } catch {
      #expect(error.message == "youbi: " + message || error.message == message)
    }
  }
}
