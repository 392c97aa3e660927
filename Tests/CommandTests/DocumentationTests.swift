import Testing
import YoubiRuntime

@testable import YoubiCore
@testable import youbi

#if canImport(Glibc)
  import Glibc
#endif

/// The man page and the shell completions know every option, key and day.
@Suite struct DocumentationTests {
  static let root: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
  }()

  static func contents(of relative: String) -> String {
    let fd = open(root + "/" + relative, O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      bytes += chunk[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let files = [
    "doc/youbi.1", "completions/youbi.bash", "completions/_youbi", "completions/youbi.fish",
  ]

  @Test(arguments: files)
  func everyOptionIsThere(file: String) {
    // man(7) writes a minus as \-; completions write the names bare.
    let text = Self.contents(of: file).replacing("\\-", with: "-")
    #expect(!text.isEmpty, "\(file) is missing")
    for option in Options.Option.allCases {
      let bare = option.long.dropFirst(2)
      #expect(
        text.contains(option.long) || text.contains("'\(bare)'") || text.contains(" \(bare) ")
          || text.contains("-l \(bare)"), "\(file): \(option.long)")
    }
  }

  /// Read from the help text itself, not from the option list: an option the
  /// help names but the list does not know is still in the man page.
  @Test func theManPageHasEveryOptionOfTheHelp() {
    let page = Self.contents(of: "doc/youbi.1").replacing("\\-", with: "-")
    var flags: Set<String> = []
    for word in Options.usage.split(whereSeparator: { " ,|[]()\n".contains($0) }) {
      let name = word.prefix { $0 == "-" || $0.isLetter || $0.isNumber }
      if name.hasPrefix("--") && name.count > 2 || name.count == 2 && name.first == "-" {
        flags.insert(String(name))
      }
    }
    #expect(flags.count > 20 && flags.contains("-V") && flags.contains("--refresh"))
    for flag in flags.sorted() {
      #expect(page.contains(flag + " ") || page.contains(flag + "\n"), "\(flag)")
    }
  }

  @Test func theManPageNamesEveryKeyFileVariableAndStatus() {
    let page = Self.contents(of: "doc/youbi.1").replacing("\\-", with: "-")
    for key in SettingKey.allCases { #expect(page.contains(key.rawValue), "\(key.rawValue)") }
    for word in [
      "YOUBI_SCHEDULE", "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "LANG",
      "schedule.json", "youbi/config", "Ctrl-C", "PgUp", "Space",
      "XDG_STATE_HOME", "BROWSER", "state.json", ".B Enter", ".B o\n", ".B y\n", ".B m\n",
      ".B f\n", ".B *\n",
    ] {
      #expect(page.contains(word), "\(word)")
    }
    for status in [0, 1, 64, 65, 66, 73, 74, 78] {
      #expect(
        page.contains(".It \(status)") || page.contains("\n\(status)\n")
          || page.contains(".B \(status)"), "exit \(status)")
    }
  }

  /// One source for the version: `Version.swift`, read by `--version`, by the Makefile
  /// (for the man page and the package) from its one line, and matched by the changelog.
  @Test func theVersionHasOneSource() throws {
    #expect(version == "youbi \(youbiVersion)")
    let source = Self.contents(of: "Sources/youbi/Version.swift")
    #expect(
      source.contains("\nlet youbiVersion = \"\(youbiVersion)\"\n"), "the Makefile reads this line")
    let page = Self.contents(of: "doc/youbi.1")
    let th = try #require(page.split(separator: "\n").first { $0.hasPrefix(".TH ") })
    #expect(th.contains("\"youbi @VERSION@\""), "\(th)")
    let headings = Self.contents(of: "CHANGELOG.md").split(separator: "\n").filter {
      $0.hasPrefix("## ")
    }
    #expect(headings.first == "## Unreleased", "CHANGELOG.md starts with Unreleased")
    let newest = try #require(headings.dropFirst().first)
    #expect(
      newest.hasPrefix("## \(youbiVersion) — "), "the newest version is \(youbiVersion): \(newest)")
    // Every released entry is `## X.Y.Z — YYYY-MM-DD`, newest first.
    let released = headings.dropFirst().map { $0.dropFirst(3).split(separator: " ") }
    for entry in released {
      #expect(entry.count == 3 && entry[1] == "—" && entry[2].count == 10, "\(entry)")
    }
    let dates = released.compactMap(\.last).map(String.init)
    #expect(dates == dates.sorted(by: >), "\(dates)")
  }

  /// The key table of the usage reference has every key the help box lists (the
  /// README's once left out `r`, which the README's short table now has too).
  @Test func theKeyTableHasEveryKeyOfTheHelp() {
    #expect(Self.contents(of: "README.md").contains("| `r` |"))
    let readme = Self.contents(of: "docs/Usage.md")
    let table = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
    for (keys, _) in Labels.en.helpLines {
      for key in keys.split(separator: " ") where !["…", "mouse"].contains(key) {
        #expect(table.contains("`\(key)`"), "\(key) (\(keys))")
      }
    }
  }

  /// The README's "Your own week" opens with the shortest way in: an AniList account,
  /// the first line written to the config (issue 33).
  @Test func yourOwnWeekStartsWithAnAniListAccount() throws {
    let readme = Self.contents(of: "README.md")
    let section = try #require(readme.split(separator: "## Your own week").dropFirst().first)
    let block = try #require(section.split(separator: "```").dropFirst().first)
    let config = block.split(separator: "\n").first { $0.contains("config") && $0.contains(">") }
    #expect(config?.contains("'anilist = NAME'") == true, "\(block)")
    #expect(section.prefix { $0 != "`" }.contains("AniList"), "it says what the line is")
  }
}
