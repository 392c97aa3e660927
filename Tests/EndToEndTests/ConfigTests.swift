import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A schedule whose Monday is `monday` (titles), every other day empty.
func mondaySchedule(_ monday: [String]) -> String {
  let entries = monday.map { "{\"title\": \"\($0)\", \"author\": \"Writer\"}" }
  return "{\"title\": \"Reload\", \"days\": {\"monday\": [\(entries.joined(separator: ", "))]}}"
}

/// The config file, the config directory's schedule, `$YOUBI_SCHEDULE`, `--init`:
/// each youbi here has its own XDG directories in its scratch directory.
@Suite("End to end: config and where the week comes from", .serialized, youbiRequired)
struct ConfigEndToEndTests {
  @Test("labels = ja in the config file gives 月…日; --labels en on the command line wins")
  func configApplied() async throws {
    let config = ["config/youbi/config": "# mine\nlabels = ja\nindicator = block\n"]
    let s = try TerminalSession(youbi: ["--day", "monday"], files: config)
    defer { s.close() }
    let ja = try await s.settle { $0.contains("月曜日") }
    #expect(ja.rows[0].contains("月") && ja.rows[0].contains("日"), "\(ja)")

    let e = try TerminalSession(youbi: ["--day", "monday", "--labels", "en"], files: config)
    defer { e.close() }
    try await e.settle { $0.contains("Monday") }
  }

  @Test("a bad config: exit 78, one line naming file:line and the fix, the terminal untouched")
  func badConfig() async throws {
    let s = try TerminalSession(
      youbi: ["--day", "monday"], files: ["config/youbi/config": "labels = ja\nlables = en\n"])
    defer { s.close() }
    #expect(try await s.waitForExit() == 78)
    let screen = try s.capture(joinWrapped: true)
    // The path is cut to its last 40 characters, as every path in a message.
    let expected = "/youbi/config:2: unknown key \"lables\"; did you mean \"labels\"?"
    #expect(screen.rows.contains { $0.hasPrefix("youbi: ") && $0.contains(expected) }, "\(screen)")
    let output = String(decoding: s.output(), as: UTF8.self)
    #expect(!output.contains("\u{1B}"), "youbi wrote escapes: \(output.debugDescription)")
    try expectTerminalRestored(s)
  }

  @Test("the config directory's schedule.json is the week; without it the demo says so")
  func defaultScheduleAndDemo() async throws {
    let s = try startYoubi(
      ["--day", "monday"], files: ["config/youbi/schedule.json": Schedules.small()])
    defer { s.close() }
    let mine = try await s.settle { $0.contains("Mon-pipe-01") }
    #expect(!(mine.rows.last ?? "").contains("Demo"), "\(mine)")

    let d = try startYoubi(["--day", "monday"])
    defer { d.close() }
    let demo = try await d.settle { $0.contains("Monday") }
    let footer = demo.rows.last ?? ""
    #expect(footer.contains("Demo week") && footer.contains("youbi --init"), "\(demo)")
  }

  @Test("the lookup order on the real binary: FILE, $YOUBI_SCHEDULE, the config's schedule")
  func lookupOrder() async throws {
    let files = [
      "arg.json": mondaySchedule(["From the argument"]),
      "env.json": mondaySchedule(["From the environment"]),
      "config/youbi/week.json": mondaySchedule(["From the config"]),
      "config/youbi/config": "schedule = week.json\n",
      "config/youbi/schedule.json": mondaySchedule(["From schedule.json"]),
    ]
    for (arguments, environment, shown) in [
      (["arg.json"], ["YOUBI_SCHEDULE": "env.json"], "From the argument"),
      ([], ["YOUBI_SCHEDULE": "env.json"], "From the environment"),
      ([], [:], "From the config"),
      (["--no-config"], [:], "From schedule.json"),
    ] {
      let s = try startYoubi(
        ["--day", "monday"] + arguments, environment: environment, files: files)
      defer { s.close() }
      try await s.settle("\(shown)") { $0.contains(shown) }
    }
  }

  @Test("--config FILE is read instead, its schedule taken from its own directory")
  func namedConfig() async throws {
    let s = try startYoubi(
      ["--day", "monday", "--config", "elsewhere/my.conf"],
      files: [
        "elsewhere/my.conf": "schedule = week.json\n",
        "elsewhere/week.json": mondaySchedule(["Named config"]),
        "config/youbi/config": "this is not a config\n",
      ])
    defer { s.close() }
    try await s.settle { $0.contains("Named config") }
  }

  @Test("--init writes a starter schedule once, prints its path and what next, then refuses (73)")
  func initialize() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let env = try isolatedProcessEnvironment(dir)
    let path = dir("config") + "/youbi/schedule.json"
    let first = try runProcess(try YoubiBinary.path(), ["--init"], environment: env)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out == path + "\n")  // alone on standard output: $(youbi --init) is the path
    #expect(
      first.err
        == "youbi: next: edit it (each field is in use once), then run 'youbi': "
        + "it shows the week and follows your edits\n"
    )
    let shown = try runProcess(
      try YoubiBinary.path(), ["--print", "--labels", "en"], environment: env)
    #expect(shown.out.contains("A serial I follow — Its author · chapter 12"), "\(shown.out)")

    let again = try runProcess(try YoubiBinary.path(), ["--init"], environment: env)
    #expect(again.status == 73)
    #expect(again.err == "youbi: \(path) already exists; not overwriting it\n")
    #expect(again.out.isEmpty)
  }

  @Test("TERM=dumb says to use --print", arguments: ["dumb", "no-such-terminal"])
  func dumbTerminal(term: String) async throws {
    let s = try TerminalSession(youbi: [], environment: ["TERM": term])
    defer { s.close() }
    #expect(try await s.waitForExit() == 1)
    let screen = try s.capture(joinWrapped: true)
    #expect(screen.contains("youbi --print writes the week as plain text"), "\(screen)")
  }
}

extension ConfigEndToEndTests {
  @Test("two schedules in the config give two sections; --print prints each under its name")
  func twoSchedules() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write([
      "config/youbi/config": "schedule = a.json\nlabels = en\nschedule = b.json\n",
      "config/youbi/a.json": #"{"title": "Anime", "days": {"mon": ["Frieren"]}}"#,
      "config/youbi/b.json": #"{"days": {"mon": ["Dandadan"]}}"#,
    ])
    let r = try runProcess(
      try YoubiBinary.path(), ["--print", "--all", "--day", "monday"],
      environment: try isolatedProcessEnvironment(dir))
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out == "== Anime ==\n\nMonday\n  Frieren\n\n== b.json ==\n\nMonday\n  Dandadan\n")
  }
}
