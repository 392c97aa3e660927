import TerminalUI
import Testing

@testable import Schedule

#if canImport(Glibc)
  import Glibc
#endif

/// Parses `json` as `s.json`.
private func parse(_ json: String) throws(ScheduleError) -> Schedule {
  try ScheduleLoader.parse(Array(json.utf8), source: "s.json")
}

/// Expects `json` to fail with exit 65 and exactly `message`.
private func expectFailure(
  _ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectFailure(bytes: Array(json.utf8), message, sourceLocation: sourceLocation)
}

private func expectFailure(
  bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let schedule = try ScheduleLoader.parse(bytes, source: "s.json")
    Issue.record("parsed: \(schedule)", sourceLocation: sourceLocation)
  } catch {
    #expect(error.exitCode == 65, sourceLocation: sourceLocation)
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
  }
}

@Suite struct ScheduleLoaderParsingTests {
  @Test func stringsAndObjectsMix() throws {
    let schedule = try parse(
      """
      {"title": "My week", "days": {
        "monday": ["Plain", {"title": "Full", "author": "A. Writer", "note": "new"}],
        "friday": [{"title": "Just a title"}, {"title": "Nulls", "author": null, "note": null}]
      }}
      """)
    #expect(schedule.title == "My week")
    #expect(
      schedule[.monday] == [
        Serial(title: "Plain"), Serial(title: "Full", author: "A. Writer", note: "new"),
      ])
    #expect(schedule[.friday] == [Serial(title: "Just a title"), Serial(title: "Nulls")])
    for day in Weekday.allCases where day != .monday && day != .friday {
      #expect(schedule[day].isEmpty)
    }
  }

  @Test func unknownFieldsAreIgnored() throws {
    let schedule = try parse(
      """
      {"version": 2, "extra": {"nested": [1, 2.5e-3, true, false, null, {"a": "b"}]},
       "days": {"tue": [{"title": "T", "link": "https://example.com", "tags": ["x"], "id": -0}]}}
      """)
    #expect(schedule.title == nil)
    #expect(schedule[.tuesday] == [Serial(title: "T")])
  }

  static let spellings: [(String, Weekday)] = Weekday.allCases.flatMap { day in
    let name = day.name
    return [
      (name, day), (name.uppercased(), day), (name.prefix(1).uppercased() + name.dropFirst(), day),
      (String(name.prefix(3)), day), (name.prefix(3).uppercased(), day), (day.englishLabel, day),
      (day.kanji, day), (day.kanji + "曜日", day),
      ("mOn" == String(name.prefix(3)) ? "mOn" : name, day),
    ]
  }

  @Test(arguments: spellings)
  func everyDayKeySpellingWorks(_ key: String, _ day: Weekday) throws {
    let schedule = try parse(#"{"days": {"\#(key)": ["x"]}}"#)
    #expect(schedule[day] == [Serial(title: "x")])
    #expect(Weekday.allCases.filter { !schedule[$0].isEmpty } == [day])
  }

  @Test func mixedCaseAbbreviationsAndKanjiTogether() throws {
    let schedule = try parse(
      #"{"days": {"MoN": ["a"], "火": ["b"], "Wednesday": ["c"], "thu": [], "金": ["d", "e"]}}"#)
    #expect(schedule[.monday].map(\.title) == ["a"])
    #expect(schedule[.tuesday].map(\.title) == ["b"])
    #expect(schedule[.wednesday].map(\.title) == ["c"])
    #expect(schedule[.thursday].isEmpty)
    #expect(schedule[.friday].map(\.title) == ["d", "e"])
  }

  @Test func escapesAreDecoded() throws {
    let schedule = try parse(
      #"{"days": {"mon": ["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u661F \ud83d\ude00", "\u001b[2J"]}}"#)
    #expect(
      schedule[.monday].map(\.title) == [
        "a\"b\\c/d\u{8}\u{C}\n\r\t", "é星 😀", "\u{1B}[2J",
      ])
  }

  @Test func rawTextIsKeptUntilDrawn() throws {
    // The model keeps the raw string; SafeText is applied when drawing.
    let schedule = try parse(#"{"days": {"mon": ["\u202Eevil"]}}"#)
    #expect(schedule[.monday][0].title == "\u{202E}evil")
  }

  @Test func byteOrderMarkAndWhitespaceAreAccepted() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(" \t\r\n{\"days\":{}}\r\n".utf8)
    let schedule = try ScheduleLoader.parse(bytes, source: "s.json")
    #expect(schedule == Schedule())
  }

  @Test func emptyDaysObjectIsAnEmptyWeek() throws {
    #expect(try parse(#"{"days": {}}"#) == Schedule())
  }

  @Test func duplicateKeysWithEscapesAreStillDuplicates() {
    expectFailure(
      #"{"days": {"mon": [{"title": "a", "\u0074itle": "b"}]}}"#,
      #"youbi: s.json:1:34: days.mon[0]: duplicate key "title" (first at 1:20)"#)
  }

  @Test func manyKeysInAnUnknownObjectStillCatchDuplicates() {
    let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    expectFailure(
      #"{"x": {\#(keys), "k7": 0}, "days": {}}"#,
      #"youbi: s.json:1:\#(8 + keys.count + 2): duplicate key "k7" (first at 1:71)"#)
  }
}

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

/// Each test gets a fresh directory under `$TMPDIR` (or `/tmp`), removed
/// with everything in it when the test ends.
@Suite(.serialized) final class ScheduleLoaderFileTests {
  let dir: String

  init() {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/youbi-schedule-test-XXXXXX").utf8CString)
    let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    dir = String(cString: path!)
  }

  deinit {
    if let stream = opendir(dir) {
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { unlink(dir + "/" + name) }
      }
      closedir(stream)
    }
    rmdir(dir)
  }

  static func write(_ text: String, to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  @Test func loadsAFile() throws {
    let path = dir + "/week.json"
    Self.write(#"{"days": {"mon": ["a"]}}"#, to: path)
    let schedule = try ScheduleLoader.load(path: path)
    #expect(schedule[.monday] == [Serial(title: "a")])
  }

  @Test func missingFile() {
    #expect(
      throws: ScheduleError(
        exitCode: 66, message: "youbi: /nonexistent/s.json: cannot open: no such file")
    ) {
      try ScheduleLoader.load(path: "/nonexistent/s.json")
    }
  }

  @Test func directory() {
    #expect(
      throws: ScheduleError(
        exitCode: 66, message: "youbi: \(dir): is a directory; expected a schedule file")
    ) {
      try ScheduleLoader.load(path: dir)
    }
  }

  @Test func emptyFile() {
    let path = dir + "/empty.json"
    Self.write("", to: path)
    #expect(
      throws: ScheduleError(
        exitCode: 65, message: "youbi: \(path): empty file; expected a JSON object with \"days\"")
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  @Test func syntaxErrorNamesTheFile() {
    let path = dir + "/bad.json"
    Self.write("{\n\"days\": {\n\"mon\": [\"a\",]}}", to: path)
    #expect(
      throws: ScheduleError(
        exitCode: 65, message: "youbi: \(path):3:13: expected a value after ',' in array, found ']'"
      )
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  /// Root reads any file whatever its mode, so the chmod 000 case only runs
  /// unprivileged; `permissionDeniedMessage` covers the message either way.
  @Test(.disabled(if: geteuid() == 0, "root can read a chmod 000 file"))
  func unreadableFile() {
    let path = dir + "/secret.json"
    Self.write(#"{"days": {}}"#, to: path)
    chmod(path, 0)
    #expect(
      throws: ScheduleError(exitCode: 66, message: "youbi: \(path): cannot open: permission denied")
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  @Test func permissionDeniedMessage() {
    #expect(
      ScheduleLoader.openFailure(errno: EACCES, source: "s.json")
        == ScheduleError(exitCode: 66, message: "youbi: s.json: cannot open: permission denied"))
  }

  @Test func notADirectoryInPath() {
    let path = dir + "/file"
    Self.write("x", to: path)
    #expect(
      throws: ScheduleError(
        exitCode: 66,
        message: "youbi: \(path)/s.json: cannot open: a part of the path is not a directory")
    ) {
      try ScheduleLoader.load(path: path + "/s.json")
    }
  }

  @Test func theLoaderNeverWritesTheFile() throws {
    let path = dir + "/ro.json"
    let text = #"{"days": {"mon": ["a"]}}"#
    Self.write(text, to: path)
    chmod(path, 0o444)
    var before = stat()
    stat(path, &before)
    _ = try ScheduleLoader.load(path: path)
    var after = stat()
    stat(path, &after)
    #expect(
      before.st_mtim.tv_sec == after.st_mtim.tv_sec
        && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec)
    #expect(before.st_size == after.st_size)
  }

  /// Standard input is swapped for a pipe for the length of the test; no
  /// other test reads standard input.
  @Test func dashReadsStandardInputNamedStdin() throws {
    func withStandardInput<R>(_ text: String, _ body: () throws -> R) rethrows -> R {
      var fds: [Int32] = [0, 0]
      precondition(pipe(&fds) == 0)
      _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress, $0.count) }
      close(fds[1])
      let saved = dup(0)
      dup2(fds[0], 0)
      close(fds[0])
      defer {
        dup2(saved, 0)
        close(saved)
      }
      return try body()
    }
    let schedule = try withStandardInput(#"{"days": {"sun": ["from a pipe"]}}"#) {
      try ScheduleLoader.load(path: "-")
    }
    #expect(schedule[.sunday] == [Serial(title: "from a pipe")])
    _ = withStandardInput("{\n  \"days\": [") {
      #expect(
        throws: ScheduleError(
          exitCode: 65,
          message: "youbi: <stdin>:2:11: days: expected an object of weekdays, found array")
      ) {
        try ScheduleLoader.load(path: "-")
      }
    }
  }

  /// A sparse file just over the limit is refused from its size alone.
  @Test func fileOverTheLimitIsBadData() {
    let path = dir + "/huge.json"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    ftruncate(fd, off_t(ScheduleLoader.maxInputBytes + 1))
    close(fd)
    #expect(
      throws: ScheduleError(
        exitCode: 65,
        message: "youbi: \(path): too large (268435457 bytes); schedules are limited to 256 MiB")
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  @Test func limitFitsAMillionEntries() {
    // {"title": "Serial 123456", "author": "Author 12"}, plus separators.
    #expect(ScheduleLoader.maxInputBytes >= 1_000_000 * 64)
  }
}
