import JSON
import TerminalUI
import Testing

@testable import Schedule

/// The longest message the loader may give for a file named `s.json`.
let maxMessageLength = 200

private func failure(_ json: [UInt8]) -> ScheduleError? {
  do {
    _ = try ScheduleLoader.parse(json, source: "s.json")
    return nil
  } catch {
    return error
  }
}

/// Error messages quote at most a short prefix of the input, whatever its size.
@Suite struct ScheduleMessageTests {
  static let long = String(repeating: "x", count: 20_000)
  /// Under `WebURL.maxLength`, so the URL's other checks run.
  static let longish = String(repeating: "x", count: 1_000)
  static let cut = "\"" + String(repeating: "x", count: 40) + "…\""

  /// Long text in every place a message quotes input.
  static let placements: [(String, String)] = [
    (#"{"days": {"\#(long)": []}}"#, "days: unknown day \(cut); expected a weekday"),
    (#"{"days": {}, "x": {"\#(long)": 1, "\#(long)": 2}}"#, "duplicate key \(cut) (first at"),
    (#"{"days": {"mon": [{"title": "t", "time": "\#(long)"}]}}"#, "found \(cut)"),
    (#"{"days": {"mon": [{"title": "t", "start": "\#(long)"}]}}"#, "found \(cut)"),
    (#"{"days": {"mon": [{"title": "t", "skip": ["\#(long)"]}]}}"#, "found \(cut)"),
    (
      #"{"days": {"mon": [{"title": "t", "url": "https://\#(long)"}]}}"#,
      "URL is longer than 2048 bytes: \"https://" + String(repeating: "x", count: 32) + "…\""
    ),
    (
      #"{"days": {"mon": [{"title": "t", "url": "ftp://\#(longish)"}]}}"#,
      "URL scheme \"ftp\" is not allowed; use http or https: \"ftp://"
        + String(repeating: "x", count: 34) + "…\""
    ),
    (
      #"{"days": {"mon": [{"title": "t", "url": "\#(longish):x"}]}}"#,
      "URL scheme \"" + String(repeating: "x", count: 20) + "\" is not allowed"
    ),
    (
      #"{"days": {"mon": [{"title": "t", "url": "https://\#(longish) y"}]}}"#,
      "URL contains a space; write it as %20: \"https://" + String(repeating: "x", count: 32)
        + "…\""
    ),
  ]

  @Test(arguments: placements)
  func longInputIsCutInTheMessage(_ json: String, _ part: String) throws {
    let error = try #require(failure(Array(json.utf8)))
    #expect(error.message.contains(part), "\(error.message.prefix(300))")
    #expect(error.message.count <= maxMessageLength, "\(error.message.prefix(300))")
  }

  /// A long unknown field gets no suggestion and no warning: it is no typo.
  @Test func longUnknownFieldsAreNotWarnedAbout() {
    let json = #"{"days": {"mon": [{"title": "t", "\#(Self.long)": 1, "autorr": 2}]}}"#
    let found = ScheduleLoader.check(Array(json.utf8))
    #expect(found.map(\.message) == [#"unknown field "autorr"; did you mean "author"?"#])
  }

  /// The case that took 19 s and 829 MB: a 100 MB unknown day key. Building
  /// its message reads 40 characters of it, and no suggestion is tried.
  @Test func aHundredMegabyteDayKeyMakesAShortMessage() {
    // Built from bytes: String(repeating:count:) takes seconds in a debug build.
    let key = String(decoding: [UInt8](repeating: 0x78, count: 100_000_000), as: UTF8.self)
    let message = DayKeySuggestion.unknownDayMessage(key)
    #expect(
      message
        == "unknown day \"\(key.prefix(40))…\"; expected a weekday such as \"monday\", \"mon\" or \"月\""
    )
    #expect(Weekday.nearest(to: key) == nil)
    #expect(Excerpt.quoted(key).count == 43)
  }

  /// The same through the whole parser, with a key of 4 MB so a debug
  /// build reads it quickly.
  @Test func aHugeDayKeyThroughTheParser() throws {
    let key = String(repeating: "月", count: 4 << 20 / 3)
    let error = try #require(failure(Array(#"{"days": {"\#(key)": []}}"#.utf8)))
    #expect(
      error.message
        == "youbi: s.json:1:11: days: unknown day \"\(key.prefix(40))…\"; expected a weekday such as \"monday\", \"mon\" or \"月\""
    )
  }

  /// Near-miss day keys still get their suggestion.
  @Test func shortTyposStillGetSuggestions() throws {
    let error = try #require(failure(Array(#"{"days": {"wensday": []}}"#.utf8)))
    #expect(error.message.hasSuffix(#"unknown day "wensday"; did you mean "wednesday"?"#))
  }

  /// Raw text stays raw in the message, and the printed line (after
  /// `SafeText`, as the command line prints it) is one short line.
  @Test func printedMessagesAreOneLine() throws {
    let key = "a\nb\u{1B}[2J\u{202E}c" + String(repeating: "\n", count: 1000)
    let quoted = try JSONWriter().string(.string(key))  // escaped as JSON
    let json = #"{"days": {\#(quoted): []}}"#
    let error = try #require(failure(Array(json.utf8)))
    #expect(error.message.contains("a\nb\u{1B}[2J\u{202E}c"))
    let printed = SafeText.sanitize(error.message)
    #expect(!printed.contains("\n") && !printed.contains("\u{1B}"))
    #expect(printed.contains("a␊b␛[2J⁇c"))
    #expect(printed.count <= maxMessageLength)
  }
}
