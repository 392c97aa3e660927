import Testing

@testable import Schedule

@Suite struct ScheduleSectionsTests {
  @Test func sectionsGiveOneWeekEach() throws {
    let schedule = try parse(
      """
      {"title": "All", "sections": [
        {"title": "A", "days": {"mon": ["a1"], "tue": ["a2"]}},
        {"days": {"sun": [{"title": "b1", "time": "01:00"}]}, "extra": 1}
      ]}
      """)
    #expect(schedule.title == "All")
    #expect(schedule.sections.count == 2)
    #expect(schedule.sections[0].title == "A")
    #expect(schedule.sections[0][.monday] == [Serial(title: "a1")])
    #expect(schedule.sections[0][.tuesday] == [Serial(title: "a2")])
    #expect(schedule.sections[1].title == nil)
    #expect(schedule.sections[1][.sunday][0].time == ReleaseTime(hour: 1, minute: 0))
    #expect(schedule.sections[1][.monday].isEmpty)
  }

  @Test func aDaysFileIsOneUntitledSection() throws {
    let schedule = try parse(#"{"title": "W", "days": {"mon": ["a"]}}"#)
    #expect(schedule.sections == [Schedule.Section(days: [.monday: [Serial(title: "a")]])])
    #expect(schedule == Schedule(title: "W", days: [.monday: [Serial(title: "a")]]))
  }

  static let badSections: [(String, String)] = [
    (
      #"{"days": {}, "sections": [{"days": {}}]}"#,
      #"youbi: s.json:1:14: "sections" and "days" (line 1) cannot both be given; use one"#
    ),
    (
      #"{"sections": [{"days": {}}], "days": {}}"#,
      #"youbi: s.json:1:30: "days" and "sections" (line 1) cannot both be given; use one"#
    ),
    (#"{"sections": []}"#, "youbi: s.json:1:14: sections: expected at least one section"),
    (
      #"{"sections": {}}"#,
      "youbi: s.json:1:14: sections: expected an array of sections, found object"
    ),
    (
      #"{"sections": [{"days": {}}, "x"]}"#,
      #"youbi: s.json:1:29: sections[1]: expected a section, an object with "days", found string"#
    ),
    (
      #"{"sections": [{"title": "A"}]}"#,
      #"youbi: s.json:1:15: sections[0]: section has no "days" (an object of weekday → entries)"#
    ),
    (
      #"{"sections": [{"days": {}}, {"title": 1, "days": {}}]}"#,
      "youbi: s.json:1:39: sections[1].title: expected a string, found number"
    ),
    (
      #"{"sections": [{"days": {}}, {"days": {"monday": [{"title": "a", "url": "file:///etc/passwd"}]}}]}"#,
      #"youbi: s.json:1:72: sections[1].days.monday[0].url: URL scheme "file" is not allowed; use http or https: "file:///etc/passwd""#
    ),
    (
      #"{"sections": [{"days": {"mon": [], "Mon": []}}]}"#,
      #"youbi: s.json:1:36: sections[0].days: "Mon" and "mon" (line 1) are the same day, monday"#
    ),
    (
      #"{"sections": [{"days": {"mon": [], "mon": []}}]}"#,
      #"youbi: s.json:1:36: sections[0].days: duplicate key "mon" (first at 1:25)"#
    ),
  ]

  @Test(arguments: badSections)
  func sectionErrorsNameTheirPath(_ json: String, _ message: String) {
    #expect(failure(json) == message)
  }
}
