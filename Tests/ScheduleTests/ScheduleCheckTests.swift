import Testing

@testable import Schedule

/// `check` of `json`, each diagnostic as `--check` prints it for `s.json`.
private func check(_ json: String) -> [String] {
  ScheduleLoader.check(Array(json.utf8)).map { $0.line(file: "s.json") }
}

@Suite struct ScheduleCheckTests {
  @Test func aCleanFileHasNoDiagnostics() {
    #expect(check(#"{"days": {"mon": ["a", {"title": "b", "id": 7, "tags": []}]}}"#) == [])
  }

  /// Every shape error and every warning in one pass, in file order.
  @Test func everyProblemIsListed() {
    let json = """
      {"titel": "x", "days": {
        "monday": ["a", {"title": "b", "autor": "c"}, {"author": "d"}, 5],
        "tue": [{"title": "e", "time": "31:00", "url": "ftp://x", "note": null}],
        "wed": "nope",
        "someday": [],
        "fri": [{"title": "f", "start": "2026-02-01", "end": "2026-01-31", "Title": "g"}]
      }}
      """
    #expect(
      check(json) == [
        #"s.json:1:2: warning: unknown field "titel"; did you mean "title"?"#,
        #"s.json:2:34: warning: days.monday[1]: unknown field "autor"; did you mean "author"?"#,
        #"s.json:2:49: days.monday[2]: entry has no "title""#,
        #"s.json:2:66: days.monday[3]: expected a title string or an object with "title", found number"#,
        #"s.json:3:34: days.tue[0].time: expected a time "HH:MM" from 00:00 to 29:59, found "31:00""#,
        #"s.json:3:50: days.tue[0].url: URL scheme "ftp" is not allowed; use http or https: "ftp://x""#,
        #"s.json:4:10: days.wed: expected an array of entries, found string"#,
        #"s.json:5:3: days: unknown day "someday"; expected a weekday such as "monday", "mon" or "月""#,
        #"s.json:6:56: days.fri[0].end: 2026-01-31 is before start 2026-02-01 (line 6)"#,
        #"s.json:6:70: warning: days.fri[0]: unknown field "Title"; did you mean "title"?"#,
      ])
  }

  /// A JSON error stops the reading; it comes first, then what was found
  /// before it.
  @Test func aSyntaxErrorStopsTheReadingAndComesFirst() {
    let json = """
      {"days": {"mon": [{"title": "a", "note": 1}, {"titl": "b"}],
        "tue": [1,]}}
      """
    #expect(
      check(json) == [
        "s.json:2:13: expected a value after ',' in array, found ']'",
        "s.json:1:42: days.mon[0].note: expected a string, found number",
        #"s.json:1:46: days.mon[1]: entry has no "title""#,
        #"s.json:1:47: warning: days.mon[1]: unknown field "titl"; did you mean "title"?"#,
        "s.json:2:11: days.tue[0]: expected a title string or an object with \"title\", found number",
      ])
  }

  @Test func problemsWithTheWholeInputHaveNoPlace() {
    #expect(
      ScheduleLoader.check([]).map { $0.line(file: "s.json") } == [
        #"s.json: empty file; expected a JSON object with "days""#
      ])
    #expect(check("[]") == ["s.json:1:1: expected a JSON object at the top level, found array"])
    #expect(
      check("{}") == [
        #"s.json:1:1: the top-level object has no "days" (an object of weekday → entries) or "sections""#
      ])
  }

  /// The load stops at the first error, which `check` lists too; a file
  /// that loads has exactly the warnings `check` finds.
  @Test func loadAgreesWithCheck() throws {
    let bad = #"{"days": {"mon": [{"title": "a", "time": "x"}, {"notee": 1}]}}"#
    do {
      _ = try ScheduleLoader.parse(Array(bad.utf8), source: "s.json")
      Issue.record("parsed")
    } catch {
      #expect(error.message == "youbi: " + check(bad)[0])
      #expect(error.exitCode == 65)
    }
    let warned = #"{"days": {"mon": [{"title": "a", "notee": 1, "urll": "x"}]}, "Days": 1}"#
    let schedule = try ScheduleLoader.parse(Array(warned.utf8), source: "s.json")
    #expect(schedule.warnings.map { $0.line(file: "s.json") } == check(warned))
    #expect(schedule.warningCount == 3)
    #expect(schedule.warnings.allSatisfy { $0.severity == .warning })
  }

  /// Near misses are warned about; other unknown fields are allowed silently.
  static let nearMisses: [(String, String?)] = [
    ("autor", "author"), ("athor", "author"), ("auhtor", "author"), ("titel", "title"),
    ("Title", "title"), ("titles", "title"), ("nots", "note"), ("tiem", "time"), ("urls", "url"),
    ("starts", "start"), ("ned", "end"), ("skp", "skip"),
    ("id", nil), ("tags", nil), ("kind", nil), ("name", nil), ("link", nil), ("episode", nil),
    ("about", nil), ("x", nil), ("", nil), ("星", nil),
  ]

  @Test(arguments: nearMisses)
  func nearMissesOfEntryFields(_ key: String, _ suggestion: String?) {
    let found = check(#"{"days": {"mon": [{"title": "a", "\#(key)": 1}]}}"#)
    if let suggestion {
      #expect(
        found == [
          #"s.json:1:34: warning: days.mon[0]: unknown field "\#(key)"; did you mean "\#(suggestion)"?"#
        ])
    } else {
      #expect(found == [])
    }
  }

  @Test func nearMissesAtTheTopAndInSections() {
    #expect(
      check(#"{"dayz": {}, "days": {}}"#) == [
        #"s.json:1:2: warning: unknown field "dayz"; did you mean "days"?"#
      ])
    #expect(
      check(#"{"section": [], "sections": [{"titel": "A", "days": {}}]}"#) == [
        #"s.json:1:2: warning: unknown field "section"; did you mean "sections"?"#,
        #"s.json:1:31: warning: sections[0]: unknown field "titel"; did you mean "title"?"#,
      ])
  }

  @Test func diagnosticLines() {
    let error = Diagnostic(
      .error, line: 3, column: 5, path: "days.mon[2]", "entry has no \"title\"")
    #expect(error.line(file: "w.json") == #"w.json:3:5: days.mon[2]: entry has no "title""#)
    let warning = Diagnostic(.warning, line: 1, column: 2, "unknown field \"x\"")
    #expect(warning.line(file: "w.json") == #"w.json:1:2: warning: unknown field "x""#)
    #expect(Diagnostic(.error, "empty file").line(file: "w.json") == "w.json: empty file")
    #expect(error.isError && !warning.isError)
    #expect(
      ScheduleError(error, source: "w.json")
        == ScheduleError(
          exitCode: 65, message: #"youbi: w.json:3:5: days.mon[2]: entry has no "title""#))
  }

  /// A hostile file cannot fill memory with diagnostics: past the limit they
  /// are counted in one last line.
  @Test func diagnosticsAreCappedAndCounted() throws {
    let limit = ScheduleLoader.maxDiagnostics
    let entries = (0..<(limit + 250)).map { _ in #"{"title": "a", "autor": 1}"# }
    let json = #"{"days": {"mon": [\#(entries.joined(separator: ","))]}}"#
    let found = ScheduleLoader.check(Array(json.utf8))
    #expect(found.count == limit + 1)
    #expect(found.last == Diagnostic(.warning, "250 more warnings not listed"))
    let schedule = try ScheduleLoader.parse(Array(json.utf8), source: "s.json")
    #expect(schedule.warnings.count == limit)
    #expect(schedule.warningCount == limit + 250)

    let errors = (0..<(limit + 2)).map { _ in "1" }
    let bad = ScheduleLoader.check(
      Array(#"{"days": {"mon": [\#(errors.joined(separator: ","))]}}"#.utf8))
    #expect(bad.last == Diagnostic(.error, "2 more errors not listed"))
  }
}
