import Testing

@testable import YoubiCore
@testable import youbi

/// What a new user reads first says what is true: `--help`'s keys, the man page's
/// synopsis, config and schedule sections, and the README's first steps.
@Suite struct ManualTests {
  static let page = DocumentationTests.contents(of: "doc/youbi.1").replacing("\\-", with: "-")
  static let readme = DocumentationTests.contents(of: "README.md")

  /// The text of the man page between `.SH name` and the next `.SH`.
  static func section(_ name: String) -> Substring {
    guard let start = page.firstRange(of: ".SH \(name)\n") else { return "" }
    let rest = page[start.upperBound...]
    return rest[..<(rest.firstRange(of: "\n.SH ")?.lowerBound ?? rest.endIndex)]
  }

  @Test func theHelpsKeysLineNamesEveryKeyOfTheHelpBox() throws {
    let usage = Options.usage
    let from = try #require(usage.firstRange(of: "Keys:"))
    let keys = usage[
      from.upperBound..<(usage.firstRange(of: "Environment:")?.lowerBound ?? usage.endIndex)]
    let words = Set(keys.split(whereSeparator: { " \n,/().".contains($0) }).map(String.init))
    for (names, _) in Labels.en.helpLines {
      for key in names.split(separator: " ").map(String.init)
      where !["…", "mouse", "1", "7"].contains(key) {
        #expect(key == "/" ? keys.contains(" / ") : words.contains(key), "\(key) (\(names))")
      }
    }
  }

  @Test func theManPageSaysWhatIsTrue() {
    let synopsis = Self.section("SYNOPSIS")
    #expect(synopsis.split(separator: ".br")[0].contains("url"), "\(synopsis)")
    #expect(!Self.page.contains("A comment goes on a line of its own"))
    #expect(Self.section("CONFIGURATION").contains("after a space or a tab starts it"))
    // notify-before has no default of 5m: an example is not a default.
    #expect(!Self.page.contains(".RB ( 5m )."))
    #expect(Self.section("SCHEDULES").contains(".BR timezone"))
    #expect(Self.section("ENVIRONMENT").contains(".B TZ\n"))
  }

  @Test func theREADMEsFirstScheduleNamesItsZoneAndItsFirstStepsWork() throws {
    let json = try #require(Self.readme.firstRange(of: "```json\n"))
    let first = Self.readme[json.upperBound...].prefix { $0 != "`" }
    #expect(first.contains("\"25:30\"") && first.contains(#""timezone": "Asia/Tokyo""#))
    // Right after `make run`, youbi is not on PATH: install it first, and say where.
    let install = try #require(Self.readme.firstRange(of: "make install PREFIX=~/.local"))
    let initialize = try #require(Self.readme.firstRange(of: "youbi --init"))
    #expect(install.lowerBound < initialize.lowerBound)
    #expect(Self.readme.contains("`~/.local/bin` must be on your `PATH`"))
  }
}

/// `make lint` holds both pure targets to their rule.
@Suite struct LintTests {
  @Test func theImportRuleCoversPagerCoreAndYoubiCore() throws {
    let makefile = DocumentationTests.contents(of: "Makefile")
    let pure = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("PURE := ") })
    #expect(pure.contains("Sources/PagerCore") && pure.contains("Sources/YoubiCore"), "\(pure)")
    #expect(makefile.contains("import (Glibc|Foundation|Darwin|Musl|Dispatch)\\b' $(PURE)"))
  }
}
