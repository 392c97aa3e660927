import TestSupport
import Testing

@testable import Schedule

/// What one event may become, and the paths that must stay linear, however hostile the file.
@Suite struct ICalendarBoundsTests {
  /// An event with `dates` as its `RDATE` lines and a description of `noteLength` bytes.
  func event(dates: [String], note: String = "a", rule: String? = nil, after: String = "")
    -> String
  {
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART:20260105T120000Z\r\n"
    text += "SUMMARY:Amplified\r\nDESCRIPTION:" + note + "\r\n"
    if let rule { text += "RRULE:\(rule)\r\n" }
    for date in dates { text += "RDATE:\(date)\r\n" }
    return text + "END:VEVENT\r\n" + after + "END:VCALENDAR\r\n"
  }

  /// `date` as iCalendar writes a date: `20260105`.
  func written(_ date: CivilDate) -> String { "\(date)".filter { $0 != "-" } }

  func entries(_ schedule: Schedule) -> Int {
    Weekday.allCases.reduce(0) { $0 + schedule[$1].count }
  }

  /// The probe's amplifier: one event, a 100 KiB description, 20,000 copies of one RDATE.
  /// RFC 5545 counts a repeated instance once: one entry, not 20,001.
  @Test func theRDATEAmplifierIsOneEntry() throws {
    let schedule = try ScheduleLoader.load(
      path: probePath("rdate_amp.ics"), zones: FixedZones(local: 0))
    #expect(entries(schedule) == 1)
    #expect(schedule[.monday].first?.start == date(2026, 1, 5))
    #expect(schedule[.monday].first?.note?.utf8.count == 102_400)
    #expect(schedule.warnings.isEmpty)
  }

  /// The probe's 1.2 MB mutant (a 1 MB description, 10,000 copies of one RDATE) that
  /// used 13 GB: a few entries (a daily rule and its dates), not 10,000.
  @Test func theFuzzedCalendarIsAFewEntries() throws {
    let schedule = try ScheduleLoader.load(
      path: probePath("fail-12-783.ics"), zones: FixedZones(local: 0))
    #expect(entries(schedule) <= 10)
  }

  @Test func aDateTheRuleOrDTSTARTAlreadyGivesCountsOnce() throws {
    // DTSTART again, an RDATE twice, and a Monday the weekly rule shows anyway.
    let text = event(
      dates: ["20260105T120000Z", "20260107T120000Z,20260107T120000Z", "20260112T120000Z"],
      rule: "FREQ=WEEKLY;BYDAY=MO")
    let schedule = try calendar(text)
    #expect(schedule[.monday].count == 1)
    #expect(schedule[.monday].first?.end == nil, "the weekly entry")
    #expect(schedule[.wednesday].map(\.start) == [date(2026, 1, 7)])
  }

  @Test func anEventBecomesAtMostMaximumDatesCountedInTheWarning() throws {
    let first = date(2026, 1, 6)
    let dates = (0..<1500).map { written(first.adding(days: $0)) }
    let schedule = try calendar(event(dates: dates))
    #expect(entries(schedule) == ICalendar.maximumDates)
    let kept = Weekday.allCases.flatMap { schedule[$0].compactMap(\.start) }
    #expect(kept.max() == first.adding(days: ICalendar.maximumDates - 2), "the earliest are kept")
    #expect(
      schedule.warnings.map { $0.line(file: "c.ics") } == [
        "c.ics:2:1: warning: 1 event cut to the first 1000 of its dates"
      ])
  }

  @Test func leftOutAndCutShareOneWarning() throws {
    let many = (1...1001).map { written(date(2027, 1, 1).adding(days: $0)) }
    let monthly = "BEGIN:VEVENT\r\nDTSTART:20260105\r\nRRULE:FREQ=MONTHLY\r\nEND:VEVENT\r\n"
    let schedule = try calendar(event(dates: many, after: monthly))
    #expect(
      schedule.warnings.map(\.message) == [
        "1 event left out: repeat rules a weekly schedule cannot show (FREQ=MONTHLY); 1 event cut to the first 1000 of its dates"
      ])
  }

  /// 80,000 distinct unknown zones took 11 s (each looked for among those seen): now one
  /// set. The time limit is a guard, far above what the linear path takes.
  @Test(.timeLimit(.minutes(1))) func distinctUnknownZonesAreLinear() throws {
    var text = "BEGIN:VCALENDAR\r\n"
    for n in 0..<80_000 {
      text +=
        "BEGIN:VEVENT\r\nDTSTART;TZID=Nowhere/Zone\(n):20260105T120000\r\nSUMMARY:E\r\nEND:VEVENT\r\n"
    }
    let schedule = try calendar(text + "END:VCALENDAR\r\n")
    #expect(schedule[.monday].count == 80_000)
    #expect(
      schedule.warnings.map(\.message) == [
        "unknown time zone \"Nowhere/Zone0\" (and 79999 more); its times are read as local time"
      ])
  }

  /// A long line is read where it lies: the value is the one copy.
  @Test func aLongUnfoldedLineKeepsItsValue() throws {
    let note = String(repeating: "é", count: 1 << 20)
    let schedule = try calendar(event(dates: [], note: note))
    #expect(schedule[.monday].first?.note == note)
  }
}

/// Names and values an iCalendar error quotes are cut to 40 characters.
@Suite struct ICalendarMessageCutTests {
  let long = String(repeating: "X", count: 100_000)
  let cut = String(repeating: "X", count: 40) + "…"

  @Test func longNamesAndValuesAreCut() throws {
    #expect(
      calendarError("BEGIN:VCALENDAR\r\nBEGIN:\(long)\r\n")
        == "c.ics:2:1: BEGIN:\(cut) is never ended (END:\(cut))")
    // A line or an event left out is counted with its reason, cut as well.
    #expect(
      try calendar("BEGIN:VCALENDAR\r\n\(long)\r\nEND:VCALENDAR\r\n").warnings.map(\.message)
        == ["1 line not read (\(cut) has no ':' before its value)"])
    #expect(
      try calendar(
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:\(long)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
      ).warnings.map(\.message) == [
        "1 event left out: cannot be placed (DTSTART: expected a date YYYYMMDD or a date-time "
          + "YYYYMMDDTHHMMSS, found \"\(cut)\")"
      ])
  }
}
