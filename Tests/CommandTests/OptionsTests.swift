import TerminalUI
import Testing
import YoubiCore
import YoubiRuntime

@testable import youbi

#if canImport(Glibc)
  import Glibc
#endif

private func parse(_ arguments: String) throws(Options.UsageError) -> Options {
  try Options.parse(arguments.split(separator: " ").map(String.init))
}

private func expectUsageError(
  _ arguments: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(throws: Options.UsageError(message: message), sourceLocation: sourceLocation) {
    try parse(arguments)
  }
}

@Suite struct OptionsTests {
  @Test(arguments: ["-d fri", "-dfri", "--day fri", "--day=fri", "-d金", "-d Friday"])
  func shortOptionsTakeAttachedValuesAsGetoptDoes(arguments: String) throws {
    #expect(try parse(arguments).day == .weekday(.friday))
  }

  @Test func flagsRunTogether() throws {
    let options = try parse("-hV")
    #expect(options.help && options.version)
    #expect(try parse("-hdmon").day == .weekday(.monday))
    expectUsageError("-hd", "option -d needs a value")
    expectUsageError("-hx", "unknown option '-x'")
  }

  @Test func everySettingHasItsOption() throws {
    let options = try parse(
      "--labels ja --duration 40 --no-mouse --theme mono --day-starts 5 --no-loop --indicator block --cursor"
    )
    #expect(
      options.preferences
        == Preferences(
          labels: .ja, durationMilliseconds: 40, mouse: false, theme: .mono, dayStartHour: 5,
          loop: false, indicator: .block, cursor: .visible))
    #expect(try parse("--no-animation").preferences.durationMilliseconds == 0)
    #expect(try parse("--columns 5").preferences.columns == .fixed(5))
    #expect(try parse("--columns=auto").preferences.columns == .auto)
    #expect(
      try parse("--watch-on crunchyroll,Netflix").preferences.watchOn == ["crunchyroll", "netflix"])
    #expect(try parse("--watch-on=none").preferences.watchOn == [])
    #expect(try parse("").preferences == Preferences())  // unset: the config file decides
  }

  @Test func configChoices() throws {
    #expect(try parse("").config == .standard)
    #expect(try parse("--config my.conf").config == .file("my.conf"))
    #expect(try parse("--config=my.conf --no-config").config == .none)
    expectUsageError("--config=", "option --config needs a file")
  }

  @Test func operands() throws {
    #expect(try parse("week.json").files == ["week.json"])
    #expect(try parse("-").files == ["-"])
    #expect(try parse("-- -d").files == ["-d"])
    #expect(try parse("a.json - b.json").files == ["a.json", "-", "b.json"], "one section each")
    expectUsageError("a.json - -", "'-' (standard input) can be given only once")
  }

  @Test func initTakesNoFile() throws {
    #expect(try parse("--init").initialize)
    expectUsageError(
      "--init week.json", "--init takes no FILE; it writes the starter schedule itself")
  }

  @Test func valuesAreCheckedAsTheConfigFileChecksThem() {
    expectUsageError("--labels fr", #"--labels: expected ja or en, found "fr""#)
    expectUsageError(
      "--duration -5", #"--duration: expected milliseconds from 0 to 60000, found "-5""#)
    expectUsageError("--theme=blue", #"--theme: expected dark, light or mono, found "blue""#)
    expectUsageError("--day-starts 13", #"--day-starts: expected an hour from 0 to 12, found "13""#)
    expectUsageError("--indicator bar", #"--indicator: expected underline or block, found "bar""#)
    expectUsageError(
      "--columns 9", #"--columns: expected auto or a number of days from 1 to 7, found "9""#)
    expectUsageError(
      "--watch-on crunchyrol",
      #"--watch-on: unknown site "crunchyrol"; did you mean "crunchyroll"?"#)
    expectUsageError(
      "-dfunday", "unknown day 'funday' for -d (try monday…sunday, mon…sun, 月…日 or today)")
  }

  /// What the command line quotes back is cut to 40 characters, however long it was.
  @Test func longWordsAreCutInMessages() {
    let long = String(repeating: "u", count: 100_000)
    let cut = String(repeating: "u", count: 40) + "…"
    expectUsageError("--u\(long)", "unknown option '--\(cut.dropFirst(2))'")
    expectUsageError(
      "--day \(long)",
      "unknown day '\(cut)' for --day (try monday…sunday, mon…sun, 月…日 or today)")
    expectUsageError(
      "--labels \(long)", "--labels: expected ja or en, found \"\(cut)\"")
  }

  @Test func misspelledOptionsGetADidYouMean() {
    expectUsageError("--lables ja", "unknown option '--lables'; did you mean '--labels'?")
    expectUsageError("--no-mous", "unknown option '--no-mous'; did you mean '--no-mouse'?")
    expectUsageError("--frobnicate", "unknown option '--frobnicate'")
    expectUsageError("--print=yes", "option --print takes no value")
    expectUsageError("--day", "option --day needs a value")
  }

  @Test func theHelpNamesEveryOption() {
    for option in Options.Option.allCases {
      #expect(Options.usage.contains(option.long), "\(option.long)")
      if let short = option.short { #expect(Options.usage.contains("-\(short),")) }
    }
  }

  @Test func aURLOperandIsASubscriptionAndOnlyHTTPIsAllowed() throws {
    #expect(try parse("https://example.org/a.ics").files == ["https://example.org/a.ics"])
    expectUsageError(
      "ftp://example.org/a.ics",
      "URL scheme \"ftp\" is not allowed; use http or https: \"ftp://example.org/a.ics\"")
  }

  @Test func refreshStandsAlone() throws {
    #expect(try parse("--refresh").refresh)
    expectUsageError(
      "--refresh --print", "--refresh cannot be combined with --check, --print or --init")
  }
}
