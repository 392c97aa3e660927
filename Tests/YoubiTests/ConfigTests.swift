import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Parses `text` as the config file `/home/u/.config/youbi/config`.
private func parse(_ text: String, home: String? = "/home/u") throws(ConfigError) -> Config {
  try Config.parse(Array(text.utf8), file: "/home/u/.config/youbi/config", home: home)
}

/// Expects `text` to be refused with exactly `message` (one line, exit 78).
private func expectRefused(
  _ text: String, _ message: String, home: String? = "/home/u",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectRefused(bytes: Array(text.utf8), message, home: home, sourceLocation: sourceLocation)
}

private func expectRefused(
  bytes: [UInt8], _ message: String, home: String? = "/home/u",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let config = try Config.parse(bytes, file: "/home/u/.config/youbi/config", home: home)
    Issue.record("parsed: \(config)", sourceLocation: sourceLocation)
  } catch {
    #expect(error.exitCode == 78, sourceLocation: sourceLocation)
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
  }
}

private let file = "youbi: /home/u/.config/youbi/config"

@Suite struct ConfigParsingTests {
  @Test func everyKeyIsRead() throws {
    let config = try parse(
      """
      # My settings
      schedule = ~/week.json
      labels = ja
      duration = 0
      mouse = no
      theme = light
      day-starts = 4
      loop = no
      indicator = block
      cursor = visible
      columns = 7
      """)
    #expect(config.schedules == [Config.SchedulePath("/home/u/week.json", line: 2)])
    #expect(
      config.preferences
        == Preferences(
          labels: .ja, durationMilliseconds: 0, mouse: false, theme: .light, dayStartHour: 4,
          loop: false, indicator: .block, cursor: .visible, columns: .fixed(7)))
  }

  @Test func anEmptyFileSetsNothing() throws {
    #expect(try parse("") == Config(file: "/home/u/.config/youbi/config"))
    #expect(try parse("\n  \n\t# only a comment\n") == Config(file: "/home/u/.config/youbi/config"))
  }

  @Test func spacesQuotesCaseAndLineEndingsAreForgiven() throws {
    let config = try parse(
      "\u{FEFF}labels=EN\r\n\tmouse   =   Yes  \r\nindicator = \"underline\"\r\ntheme = MONO")
    #expect(
      config.preferences
        == Preferences(labels: .en, mouse: true, theme: .mono, indicator: .underline))
  }

  @Test func theLastLineWinsAndScheduleLinesAddUp() throws {
    let config = try parse(
      """
      labels = ja
      schedule = /srv/a.json
      labels = en
      schedule = "~/My Week.json"
      """)
    #expect(config.preferences.labels == .en)
    #expect(
      config.schedules == [
        Config.SchedulePath("/srv/a.json", line: 2),
        Config.SchedulePath("/home/u/My Week.json", line: 4),
      ])
  }

  @Test(arguments: [
    ("~", "/home/u"), ("~/a.json", "/home/u/a.json"), ("/abs/a.json", "/abs/a.json"),
    ("week.json", "/home/u/.config/youbi/week.json"),
    ("sub/week.json", "/home/u/.config/youbi/sub/week.json"),
    ("~other/a.json", "/home/u/.config/youbi/~other/a.json"),
  ])
  func schedulePathsAreExpanded(value: String, path: String) throws {
    #expect(try parse("schedule = \(value)").schedules.map(\.path) == [path])
  }

  @Test func aRelativeConfigAnchorsRelativeSchedules() throws {
    let here = try Config.parse(Array("schedule = w.json".utf8), file: "conf", home: nil)
    #expect(here.schedules.map(\.path) == ["w.json"])
    let there = try Config.parse(Array("schedule = w.json".utf8), file: "etc/conf", home: nil)
    #expect(there.schedules.map(\.path) == ["etc/w.json"])
  }
}

@Suite struct ConfigErrorTests {
  @Test func unknownKeysSuggestTheNearOne() {
    expectRefused(
      "labels = en\nlables = ja", #"\#(file):2: unknown key "lables"; did you mean "labels"?"#)
    expectRefused(
      "day_starts = 4", #"\#(file):1: unknown key "day_starts"; did you mean "day-starts"?"#)
    expectRefused("Mouse = no", #"\#(file):1: unknown key "Mouse"; did you mean "mouse"?"#)
    expectRefused(
      "colour = red",
      #"\#(file):1: unknown key "colour"; the keys are schedule, labels, duration, mouse, theme, day-starts, loop, indicator, cursor, refresh, notify, notify-before, notify-via, notify-command, titles, backlog, columns, watch-on, anilist, mal"#
    )
  }

  @Test(arguments: [
    ("labels = jp", #"labels: expected ja or en, found "jp""#),
    ("duration = fast", #"duration: expected milliseconds from 0 to 60000, found "fast""#),
    ("duration = -5", #"duration: expected milliseconds from 0 to 60000, found "-5""#),
    ("duration = 60001", #"duration: expected milliseconds from 0 to 60000, found "60001""#),
    ("duration = 2.5", #"duration: expected milliseconds from 0 to 60000, found "2.5""#),
    ("mouse = on", #"mouse: expected yes or no, found "on""#),
    ("theme = solarized", #"theme: expected dark, light or mono, found "solarized""#),
    ("day-starts = 13", #"day-starts: expected an hour from 0 to 12, found "13""#),
    ("loop = true", #"loop: expected yes or no, found "true""#),
    ("indicator = bar", #"indicator: expected underline or block, found "bar""#),
    ("cursor = blink", #"cursor: expected hidden or visible, found "blink""#),
    ("labels =", "labels: expected ja or en, found nothing"),
    ("schedule =", "schedule: expected a path to a schedule file, found nothing"),
    ("labels = \"\"", "labels: expected ja or en, found nothing"),
    ("columns = 8", #"columns: expected auto or a number of days from 1 to 7, found "8""#),
  ])
  func badValuesNameTheAllowedOnes(line: String, reason: String) {
    expectRefused("# settings\n\(line)", "\(file):2: \(reason)")
  }

  @Test func linesThatAreNotKeyValuePairs() {
    expectRefused("labels ja", #"\#(file):1: expected "key = value", found "labels ja""#)
    expectRefused("= ja", #"\#(file):1: expected a key before "=""#)
  }

  @Test func tildeNeedsAHome() {
    expectRefused(
      "schedule = ~/w.json", #"\#(file):1: schedule: cannot expand "~": HOME is not set"#,
      home: nil)
  }

  @Test func bytesThatAreNotText() {
    expectRefused(bytes: Array("labels = en\n".utf8) + [0x6D, 0xFF, 0x0A], "\(file):2: not UTF-8")
    expectRefused("labels = e\u{1B}[2Jn", "\(file):1: control character U+001B")
    expectRefused("mouse = no\u{7F}", "\(file):1: control character U+007F")
  }

  @Test func hostileTextInAMessageIsMadeSafe() {
    expectRefused(
      "\u{202E}x = 1",
      #"\#(file):1: unknown key "⁇x"; the keys are schedule, labels, duration, mouse, theme, day-starts, loop, indicator, cursor, refresh, notify, notify-before, notify-via, notify-command, titles, backlog, columns, watch-on, anilist, mal"#
    )
  }

  @Test func tooLarge() {
    let bytes = [UInt8](repeating: 0x23, count: Config.maxBytes + 1)
    expectRefused(
      bytes: bytes, "\(file): too large for a config file (\(Config.maxBytes + 1) bytes)")
  }
}

@Suite struct ConfigFileTests {
  @Test func aMissingStandardFileIsNoConfig() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    #expect(try Config.load(path: dir("config"), home: nil, required: false) == nil)
  }

  @Test func aMissingNamedFileIsAnError() {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    #expect(
      throws: ConfigError(message: "youbi: \(dir("nope")): cannot open the config: no such file")
    ) {
      try Config.load(path: dir("nope"), home: nil, required: true)
    }
  }

  @Test func aDirectoryIsAnError() {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    for required in [true, false] {
      #expect(
        throws: ConfigError(message: "youbi: \(dir.path): cannot read the config: is a directory")
      ) {
        try Config.load(path: dir.path, home: nil, required: required)
      }
    }
  }

  @Test func aFileIsReadAndParsed() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.write("schedule = week.json\nlabels = ja\n", to: "config")
    let config = try #require(try Config.load(path: path, home: nil, required: false))
    #expect(config.schedules == [Config.SchedulePath(dir("week.json"), line: 1)])
    #expect(config.preferences.labels == .ja)
  }
}

@Suite struct ConfigPathsTests {
  @Test(
    arguments: [
      (["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"], "/x/conf/youbi"),
      (["XDG_CONFIG_HOME": "/x/conf/", "HOME": "/home/u"], "/x/conf/youbi"),
      (["HOME": "/home/u"], "/home/u/.config/youbi"),
      (["XDG_CONFIG_HOME": "", "HOME": "/home/u"], "/home/u/.config/youbi"),
      (["XDG_CONFIG_HOME": "relative", "HOME": "/home/u/"], "/home/u/.config/youbi"),
      (["XDG_CONFIG_HOME": "relative"], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func theDirectoryFollowsXDG(environment: [String: String], directory: String?) {
    let paths = ConfigPaths(environment: environment)
    #expect(paths.directory == directory)
    #expect(paths.configFile == directory.map { $0 + "/config" })
    #expect(paths.defaultSchedule == directory.map { $0 + "/schedule.json" })
  }
}
