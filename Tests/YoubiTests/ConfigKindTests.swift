import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// `kind=anime|manga|other` on a `schedule` line: the words of its section's marks,
/// over the file's own `"kind"`.
@Suite struct ConfigKindTests {
  let file = "/home/u/.config/youbi/config"

  func parse(_ text: String) throws(ConfigError) -> Config {
    try Config.parse(Array(text.utf8), file: file, home: "/home/u")
  }

  @Test func aScheduleLineTakesAKindAfterAFileOrAURL() throws {
    let config = try parse(
      """
      schedule = ~/anime.ics kind=anime
      schedule = https://example.org/m.json refresh=1h kind=manga
      schedule = "~/My Week.json" kind=other  # chores
      schedule = ~/plain week.json
      """)
    #expect(
      config.schedules.map(\.path) == [
        "/home/u/anime.ics", "https://example.org/m.json", "/home/u/My Week.json",
        "/home/u/plain week.json",
      ])
    #expect(config.schedules.map(\.kind) == [.anime, .manga, .other, nil])
    #expect(config.schedules.map(\.refreshSeconds) == [nil, 3600, nil, nil])
    let lookup = ScheduleLookup.resolve(
      arguments: [], environment: [:], config: config, exists: { _ in false })
    let manga = try WebURL(checking: "https://example.org/m.json")
    #expect(
      lookup.kinds == [
        .file("/home/u/anime.ics"): .anime, .url(manga): .manga,
        .file("/home/u/My Week.json"): .other,
      ])
  }

  @Test(arguments: [
    (
      "schedule = ~/a.json kind=novel",
      "youbi: /home/u/.config/youbi/config:1: schedule: kind: expected anime, manga or other, found \"novel\""
    ),
    (
      "schedule = ~/a.json refresh=1h",
      "youbi: /home/u/.config/youbi/config:1: schedule: refresh= is for a URL, not a file"
    ),
    (
      "schedule = https://example.org/a.ics every=1h",
      "youbi: /home/u/.config/youbi/config:1: schedule: unknown option \"every=1h\" after the URL; expected refresh=TIME or kind=KIND"
    ),
    (
      "schedule = \"~/a.json\" every=2",
      "youbi: /home/u/.config/youbi/config:1: schedule: text after the closing quote: \"every=2\""
    ),
  ])
  func aBadOptionIsOneLineAndExit78(text: String, message: String) {
    do {
      let config = try parse(text)
      Issue.record("parsed: \(config)")
    } catch {
      #expect(error.exitCode == 78)
      #expect(error.message == message)
    }
  }

  @Test(arguments: [
    (SectionKind?.none, Labels.en, "3 marked watched"), (.manga, .en, "3 marked read"),
    (.other, .en, "3 marked done"), (.manga, .ja, "3件を既読にしました"),
    (.other, .ja, "3件を済にしました"), (.anime, .ja, "3件を視聴済みにしました"),
  ])
  func theWordsFollowTheConfigOverTheFile(kind: SectionKind?, labels: Labels, footer: String) {
    // The file says anime; the config's kind, when given, wins. `M` on Monday's release
    // marks it and the two before it.
    var state = followedState(wall: nextMonday(hour: 22))
    state.labels = labels
    if let kind { state.kinds[.file("/home/me/week.json")] = kind }
    state.update(.keyPressed(.char("M")), at: Moment(uptime: .zero, wall: state.wall))
    #expect(state.render(at: .zero).lines[23].contains(footer), "\(state.render(at: .zero))")
    // The details of the release just marked say the same word.
    state.update(.keyPressed(.enter), at: Moment(uptime: .zero, wall: state.wall))
    let word = Labels.en == labels ? ["watched", "read", "done"] : ["視聴済み", "既読", "済"]
    let expected = word[[SectionKind.anime, .manga, .other].firstIndex(of: kind ?? .anime)!]
    #expect(
      state.render(at: .zero).description.contains("✓ " + expected),
      "\(state.render(at: .zero))")
  }
}
