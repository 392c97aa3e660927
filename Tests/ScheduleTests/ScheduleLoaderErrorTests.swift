import TerminalUI
import Testing

@testable import Schedule

@Suite struct ScheduleLoaderErrorTests {
  @Test func emptyInput() {
    expectFailure("", #"youbi: s.json: empty file; expected a JSON object with "days""#)
    expectFailure(
      "  \n ", #"youbi: s.json:2:2: no JSON value, only whitespace; expected an object with "days""#
    )
  }

  @Test func notUTF8() {
    expectFailure(
      bytes: Array(#"{"days": {"mon": [""#.utf8) + [0xFF] + Array(#""]}}"#.utf8),
      "youbi: s.json:1:20: not UTF-8: invalid byte (byte 0xFF at offset 19)")
    expectFailure(
      bytes: Array("{\n\"a\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8),
      "youbi: s.json:2:7: not UTF-8: invalid byte (byte 0xC0 at offset 8)")
    expectFailure(
      bytes: Array("{\"a\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8),
      "youbi: s.json:1:8: not UTF-8: encoded surrogate (byte 0xED at offset 7)")
    expectFailure(
      bytes: Array("{\"a\": \"".utf8) + [0xE3, 0x81],
      "youbi: s.json:1:8: not UTF-8: truncated sequence (byte 0xE3 at offset 7)")
    expectFailure(
      bytes: Array("{\"あ\": \"".utf8) + [0x80],
      "youbi: s.json:1:8: not UTF-8: stray continuation byte (byte 0x80 at offset 9)")
    // The format is told from the first keys without validating; the reader it
    // picks checks every byte.
    expectFailure(
      bytes: Array(#"{"data": [{"title": ""#.utf8) + [0xFF] + Array(#""}]}"#.utf8),
      "youbi: s.json:1:22: not UTF-8: invalid byte (byte 0xFF at offset 21)")
    expectFailure(
      bytes: Array(#"{"siteMeta": {}, "items": [{"title": ""#.utf8) + [0xFF] + Array(#""}]}"#.utf8),
      "youbi: s.json:1:39: not UTF-8: invalid byte (byte 0xFF at offset 38)")
  }

  @Test func malformedJSONReportsLineAndColumn() {
    expectFailure(
      "{\n  \"days\": {\n    \"mon\": [\"a\" \"b\"]}}",
      "youbi: s.json:3:17: expected ',' or ']' in array, found string")
    expectFailure(
      "{\"days\": {\"mon\": []\n  \"tue\": []}}",
      "youbi: s.json:2:3: expected ',' or '}' in object, found string")
    expectFailure(
      #"{"days": {"mon": ["a",]}}"#,
      "youbi: s.json:1:23: expected a value after ',' in array, found ']'")
    expectFailure(
      #"{"days": {"mon": [],}}"#,
      "youbi: s.json:1:21: expected a string key after ',' in object, found '}'")
    expectFailure(#"{"days" {}}"#, "youbi: s.json:1:9: expected ':' after object key, found object")
    expectFailure(
      #"{days: {}}"#, "youbi: s.json:1:2: expected a string key or '}' in object, found 'd'")
    expectFailure(
      #"{"days": {"mon": ["#, "youbi: s.json:1:19: expected a value, found end of input")
    expectFailure(#"{"days": {"mon": ["abc"#, "youbi: s.json:1:19: unterminated string")
    expectFailure(
      #"{"days": {}} x"#, "youbi: s.json:1:14: unexpected 'x' after the top-level object")
    expectFailure(
      #"{"days": {}}{}"#, "youbi: s.json:1:13: unexpected object after the top-level object")
    expectFailure(#"{"x": tru, "days": {}}"#, "youbi: s.json:1:7: invalid literal, expected true")
    expectFailure(
      #"{"x": 01, "days": {}}"#, "youbi: s.json:1:7: invalid number: leading zeros are not allowed")
    expectFailure(
      #"{"x": 1., "days": {}}"#, "youbi: s.json:1:7: invalid number: expected a digit after '.'")
    expectFailure(
      #"{"x": -, "days": {}}"#, "youbi: s.json:1:7: invalid number: expected a digit after '-'")
    expectFailure(
      #"{"x": 1e, "days": {}}"#,
      "youbi: s.json:1:7: invalid number: expected a digit in the exponent")
    expectFailure(#"{"x": 'a', "days": {}}"#, "youbi: s.json:1:7: expected a value, found '''")
    expectFailure(#"{"x": "\x", "days": {}}"#, #"youbi: s.json:1:8: invalid escape \x in string"#)
    expectFailure(
      #"{"x": "\u12G4", "days": {}}"#,
      #"youbi: s.json:1:8: invalid \u escape: expected four hex digits"#)
    expectFailure(
      #"{"x": "\ud800", "days": {}}"#, #"youbi: s.json:1:8: lone surrogate \uD800 in string"#)
    expectFailure(
      #"{"x": "\udc00", "days": {}}"#, #"youbi: s.json:1:8: lone surrogate \uDC00 in string"#)
    expectFailure(
      #"{"x": "\ud800\u0041", "days": {}}"#,
      #"youbi: s.json:1:8: high surrogate \uD800 followed by \u0041"#)
    expectFailure(
      "{\"x\": \"a\tb\", \"days\": {}}",
      #"youbi: s.json:1:9: unescaped control character U+0009 in string (write \t)"#)
    expectFailure(
      "{\"x\": \"a\u{1B}b\", \"days\": {}}",
      #"youbi: s.json:1:9: unescaped control character U+001B in string"#)
    expectFailure(
      "{\"x\": 1,\n \u{3000}\"days\": {}}",
      #"youbi: s.json:2:2: expected a string key after ',' in object, found U+3000 '　'"#)
    expectFailure(
      #"{"days": {"mon": ["a"]]}"#, "youbi: s.json:1:23: expected ',' or '}' in object, found ']'")
  }

  @Test func escapeFollowedByNonASCII() {
    expectFailure(
      #"{"x": "\é", "days": {}}"#,
      #"youbi: s.json:1:8: invalid escape in string: '\' followed by U+00E9 'é'"#)
    expectFailure(
      "{\"x\": \"\\\n\", \"days\": {}}",
      #"youbi: s.json:1:8: invalid escape in string: '\' followed by U+000A"#)
  }

  @Test func deepNestingIsRefused() {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    expectFailure(
      #"{"x": \#(deep), "days": {}}"#, "youbi: s.json:1:519: nesting deeper than 512 levels")
  }

  @Test func columnsCountCharactersNotBytes() {
    expectFailure(
      #"{"title": "星屑の郵便配達" "days": {}}"#,
      "youbi: s.json:1:21: expected ',' or '}' in object, found string")
  }

  @Test func topLevelMustBeAnObject() {
    expectFailure("[]", "youbi: s.json:1:1: expected a JSON object at the top level, found array")
    expectFailure(
      " \"x\"", "youbi: s.json:1:2: expected a JSON object at the top level, found string")
    expectFailure("42", "youbi: s.json:1:1: expected a JSON object at the top level, found number")
    expectFailure("null", "youbi: s.json:1:1: expected a JSON object at the top level, found null")
    expectFailure("nope", "youbi: s.json:1:1: expected a JSON object at the top level, found 'n'")
  }

  @Test func daysMissingOrNotAnObject() {
    expectFailure(
      #"{"title": "x"}"#,
      #"youbi: s.json:1:1: the top-level object has no "days" (an object of weekday → entries) or "sections""#
    )
    expectFailure(
      #"{"days": ["mon"]}"#, "youbi: s.json:1:10: days: expected an object of weekdays, found array"
    )
    expectFailure(
      #"{"days": null}"#, "youbi: s.json:1:10: days: expected an object of weekdays, found null")
  }

  @Test func wrongTypesNameThePath() {
    expectFailure(
      #"{"title": 3, "days": {}}"#, "youbi: s.json:1:11: title: expected a string, found number")
    expectFailure(
      #"{"days": {"monday": "x"}}"#,
      "youbi: s.json:1:21: days.monday: expected an array of entries, found string")
    expectFailure(
      #"{"days": {"monday": ["a", "b", "c", 4]}}"#,
      #"youbi: s.json:1:37: days.monday[3]: expected a title string or an object with "title", found number"#
    )
    expectFailure(
      #"{"days": {"monday": [{"title": 5}]}}"#,
      "youbi: s.json:1:32: days.monday[0].title: expected a string, found number")
    expectFailure(
      #"{"days": {"monday": [{"title": null}]}}"#,
      "youbi: s.json:1:32: days.monday[0].title: expected a string, found null")
    expectFailure(
      #"{"days": {"月": [{"title": "a", "author": ["x"]}]}}"#,
      "youbi: s.json:1:42: days.月[0].author: expected a string, found array")
    expectFailure(
      #"{"days": {"Fri": ["a", {"title": "b", "note": true}]}}"#,
      "youbi: s.json:1:47: days.Fri[1].note: expected a string, found boolean")
  }

  @Test func entryWithoutTitle() {
    expectFailure(
      "{\"days\": {\"monday\": [\"a\", \"b\", \"c\",\n  {\"author\": \"x\"}]}}",
      #"youbi: s.json:2:3: days.monday[3]: entry has no "title""#)
    expectFailure(
      #"{"days": {"sun": [{}]}}"#, #"youbi: s.json:1:19: days.sun[0]: entry has no "title""#)
  }

  @Test func unknownDayKeySuggestsTheNearestDay() {
    expectFailure(
      #"{"days": {"mondy": []}}"#,
      #"youbi: s.json:1:11: days: unknown day "mondy"; did you mean "monday"?"#)
    expectFailure(
      #"{"days": {"Thurs": []}}"#,
      #"youbi: s.json:1:11: days: unknown day "Thurs"; did you mean "thursday"?"#)
    expectFailure(
      #"{"days": {"weekend": []}}"#,
      #"youbi: s.json:1:11: days: unknown day "weekend"; expected a weekday such as "monday", "mon" or "月""#
    )
    // Quoted input stays raw in the message; whoever prints it sanitizes it.
    expectFailure(
      #"{"days": {"\u001b[2J": []}}"#,
      "youbi: s.json:1:11: days: unknown day \"\u{1B}[2J\"; expected a weekday such as \"monday\", \"mon\" or \"月\""
    )
  }

  @Test func sameDayTwice() {
    expectFailure(
      "{\"days\": {\"mon\": [],\n \"monday\": []}}",
      #"youbi: s.json:2:2: days: "monday" and "mon" (line 1) are the same day, monday"#)
    expectFailure(
      #"{"days": {"土": ["a"], "SAT": ["b"]}}"#,
      #"youbi: s.json:1:23: days: "SAT" and "土" (line 1) are the same day, saturday"#)
  }

  @Test func literalDuplicateKeys() {
    expectFailure(
      #"{"days": {"mon": [], "mon": []}}"#,
      #"youbi: s.json:1:22: days: duplicate key "mon" (first at 1:11)"#)
    expectFailure(
      #"{"days": {}, "days": {}}"#, #"youbi: s.json:1:14: duplicate key "days" (first at 1:2)"#)
    expectFailure(
      #"{"days": {"mon": [{"title": "a", "title": "b"}]}}"#,
      #"youbi: s.json:1:34: days.mon[0]: duplicate key "title" (first at 1:20)"#)
    expectFailure(
      #"{"x": {"a": 1, "a": 2}, "days": {}}"#,
      #"youbi: s.json:1:16: duplicate key "a" (first at 1:8)"#)
  }

  @Test func tooLarge() {
    let error = ScheduleLoader.tooLarge("s.json", 300 << 20)
    #expect(error.exitCode == 65)
    #expect(
      error.message
        == "youbi: s.json: too large (314572800 bytes); schedules are limited to 256 MiB")
  }

  /// Messages keep the source name raw, like every quoted text: the
  /// printer (the command line's `fail`) runs them through `SafeText`.
  @Test func hostileSourceNamesAreKeptForThePrinterToSanitize() {
    do {
      _ = try ScheduleLoader.parse([], source: "evil\u{1B}]0;x\u{7}.json")
      Issue.record("an empty file parsed")
    } catch {
      #expect(
        error.message
          == "youbi: evil\u{1B}]0;x\u{7}.json: empty file; expected a JSON object with \"days\"")
      #expect(
        SafeText.sanitize(error.message)
          == #"youbi: evil␛]0;x␇.json: empty file; expected a JSON object with "days""#)
    }
  }
}
