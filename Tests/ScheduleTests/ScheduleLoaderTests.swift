import Testing

@testable import Schedule

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
    #expect(schedule[.tuesday] == [Serial(title: "T", id: "-0")])  // an id may be a number
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
