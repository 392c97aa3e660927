import Testing

@testable import Schedule

/// One entry with `fields` added to a title, on Monday.
private func entry(_ fields: String) -> String {
  #"{"days": {"monday": [{"title": "t", \#(fields)}]}}"#
}

@Suite struct ScheduleFieldsTests {
  @Test func everyFieldReads() throws {
    let schedule = try parse(
      entry(
        #""author": "a", "note": "n", "time": "25:30", "start": "2026-01-05", "end": "2026-12-28", "skip": ["2026-05-04", "2026-08-10"], "url": "https://example.com/x?y=1#z""#
      ))
    let serial = try #require(schedule[.monday].first)
    #expect(serial.title == "t" && serial.author == "a" && serial.note == "n")
    #expect(serial.time == ReleaseTime(hour: 25, minute: 30))
    #expect(serial.time?.description == "25:30")
    #expect(serial.start == date(2026, 1, 5))
    #expect(serial.end == date(2026, 12, 28))
    #expect(serial.skip == [date(2026, 5, 4), date(2026, 8, 10)])
    #expect(serial.url?.text == "https://example.com/x?y=1#z")
    #expect(serial.url?.scheme == .https)
    #expect(serial.url?.host == "example.com")
  }

  @Test func nullMeansAbsent() throws {
    let schedule = try parse(
      entry(#""time": null, "start": null, "end": null, "skip": null, "url": null"#))
    #expect(schedule[.monday] == [Serial(title: "t")])
  }

  @Test func startAndEndMayBeTheSameDay() throws {
    let schedule = try parse(entry(#""start": "2026-02-28", "end": "2026-02-28""#))
    #expect(schedule[.monday][0].start == schedule[.monday][0].end)
  }

  @Test func timesCoverThe30HourClock() throws {
    for (text, minutes) in [
      ("00:00", 0), ("09:05", 545), ("23:59", 1439), ("24:00", 1440), ("29:59", 1799),
    ] {
      #expect(try parse(entry(#""time": "\#(text)""#))[.monday][0].time?.minutes == minutes)
    }
  }

  /// Each bad value names its path and the place of the value.
  static let badValues: [(String, String)] = [
    (
      #""time": "30:00""#,
      #"youbi: s.json:1:45: days.monday[0].time: expected a time "HH:MM" from 00:00 to 29:59, found "30:00""#
    ),
    (
      #""time": "7:30""#,
      #"youbi: s.json:1:45: days.monday[0].time: expected a time "HH:MM" from 00:00 to 29:59, found "7:30""#
    ),
    (
      #""time": "12:60""#,
      #"youbi: s.json:1:45: days.monday[0].time: expected a time "HH:MM" from 00:00 to 29:59, found "12:60""#
    ),
    (
      #""time": 1230"#,
      #"youbi: s.json:1:45: days.monday[0].time: expected a time "HH:MM" from 00:00 to 29:59, found number"#
    ),
    (
      #""start": "2026-02-30""#,
      #"youbi: s.json:1:46: days.monday[0].start: no such date "2026-02-30""#
    ),
    (
      #""start": "2025-02-29""#,
      #"youbi: s.json:1:46: days.monday[0].start: no such date "2025-02-29""#
    ),
    (
      #""start": "2026-13-01""#,
      #"youbi: s.json:1:46: days.monday[0].start: no such date "2026-13-01""#
    ),
    (
      #""start": "2026-1-5""#,
      #"youbi: s.json:1:46: days.monday[0].start: expected a date "YYYY-MM-DD", found "2026-1-5""#
    ),
    (
      #""start": "２０２６-01-05""#,
      #"youbi: s.json:1:46: days.monday[0].start: expected a date "YYYY-MM-DD", found "２０２６-01-05""#
    ),
    (
      #""end": "1969-12-31""#,
      #"youbi: s.json:1:44: days.monday[0].end: date "1969-12-31" is outside 1970-01-01 to 9999-12-31"#
    ),
    (
      #""end": true"#,
      #"youbi: s.json:1:44: days.monday[0].end: expected a date "YYYY-MM-DD", found boolean"#
    ),
    (
      #""start": "2026-03-01", "end": "2026-02-28""#,
      #"youbi: s.json:1:67: days.monday[0].end: 2026-02-28 is before start 2026-03-01 (line 1)"#
    ),
    (
      #""skip": "2026-01-01""#,
      #"youbi: s.json:1:45: days.monday[0].skip: expected an array of dates "YYYY-MM-DD", found string"#
    ),
    (
      #""skip": ["2026-01-01", 5]"#,
      #"youbi: s.json:1:60: days.monday[0].skip[1]: expected a date "YYYY-MM-DD", found number"#
    ),
    (
      #""skip": ["2026-01-01", "2026-04-31"]"#,
      #"youbi: s.json:1:60: days.monday[0].skip[1]: no such date "2026-04-31""#
    ),
    (
      #""url": "ftp://example.com/""#,
      #"youbi: s.json:1:44: days.monday[0].url: URL scheme "ftp" is not allowed; use http or https: "ftp://example.com/""#
    ),
    (
      #""url": "javascript:alert(1)""#,
      #"youbi: s.json:1:44: days.monday[0].url: URL scheme "javascript" is not allowed; use http or https: "javascript:alert(1)""#
    ),
    (
      #""url": "example.com""#,
      #"youbi: s.json:1:44: days.monday[0].url: expected an http:// or https:// URL: "example.com""#
    ),
    (
      #""url": "https://exa mple.com""#,
      #"youbi: s.json:1:44: days.monday[0].url: URL contains a space; write it as %20: "https://exa mple.com""#
    ),
    (
      #""url": "https:///path""#,
      #"youbi: s.json:1:44: days.monday[0].url: URL has no host: "https:///path""#
    ),
    (
      #""url": 3"#,
      #"youbi: s.json:1:44: days.monday[0].url: expected an http or https URL, found number"#
    ),
  ]

  @Test(arguments: badValues)
  func badValuesAreErrorsWithTheirPath(_ fields: String, _ message: String) {
    #expect(failure(entry(fields)) == message)
  }

  /// Paths name the day key as written and the entry's index.
  @Test func pathsFollowTheDayKeyAsWritten() {
    #expect(
      failure(#"{"days": {"金曜日": ["a", {"title": "b", "time": "x"}]}}"#)
        == #"youbi: s.json:1:47: days.金曜日[1].time: expected a time "HH:MM" from 00:00 to 29:59, found "x""#
    )
  }
}
