import Foundation
import TestSupport
import Testing

@testable import Schedule

@Suite struct ICalendarEventTests {
  /// RFC 5545's own examples (§3.6.1, §3.6.5, §3.8.5.3), read on a UTC clock.
  @Test func rfcExamples() throws {
    let schedule = try ScheduleLoader.load(
      path: fixture("rfc5545.ics"), zones: FixedZones(local: 0))
    #expect(schedule.title == nil)
    #expect(
      schedule[.wednesday] == [
        Serial(
          title: "Annual Employee Review", time: at("16:30"), start: date(1997, 9, 3),
          end: date(1997, 9, 3), id: "19970901T130000Z-123401@example.com"),
        Serial(
          title: "Networld+Interop Conference", note: "Networld+Interop Conference and Exhibit",
          time: at("14:30"), start: date(1996, 9, 18), end: date(1996, 9, 18),
          id: "uid1@example.com"),
        Serial(
          title: "Every other week on Monday, Wednesday, and Friday", time: at("13:00"),
          start: date(1997, 9, 3), end: date(1997, 12, 17), id: "every-other-week@example.com",
          every: 2),
        Serial(
          title: "Every weekday", time: at("13:00"), start: date(1997, 9, 3),
          end: date(1997, 10, 1),
          id: "daily-weekdays@example.com"),
      ])
    // 09:00 in New York, summer time (UTC−4): 13:00 UTC.
    #expect(
      schedule[.tuesday] == [
        Serial(
          title: "Weekly for 10 occurrences", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 11, 4), id: "weekly-10@example.com"),
        Serial(
          title: "Weekly until December 24, 1997", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 12, 23), id: "weekly-until@example.com"),
        Serial(
          title: "Weekly on Tuesday and Thursday for five weeks", time: at("13:00"),
          start: date(1997, 9, 2), end: date(1997, 9, 30), id: "tu-th-until@example.com"),
        Serial(
          title: "Tuesday and Thursday, 10 times", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 9, 30), id: "tu-th-count@example.com"),
        Serial(
          title: "Every weekday", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 9, 30),
          id: "daily-weekdays@example.com"),
      ])
    #expect(
      schedule[.thursday].map { "\($0.title) \($0.start!)–\($0.end!)" } == [
        "Weekly on Tuesday and Thursday for five weeks 1997-09-04–1997-10-02",
        "Tuesday and Thursday, 10 times 1997-09-04–1997-10-02",
        "Every weekday 1997-09-04–1997-10-02",
      ])
    // INTERVAL=2 from the week of DTSTART (Monday 1 September): every other week.
    #expect(
      schedule[.monday].map { "\($0.start!)–\($0.end!) \($0.every)" } == [
        "1997-09-01–1997-12-22 2", "1997-09-08–1997-10-06 1",
      ])
    #expect(
      schedule[.friday].map { "\($0.start!)–\($0.end!) \($0.every)" } == [
        "1997-09-05–1997-12-19 2", "1997-09-05–1997-10-03 1",
      ])
    #expect(schedule[.saturday].isEmpty && schedule[.sunday].isEmpty)
    #expect(
      schedule.warnings == [
        Diagnostic(
          .warning, line: 74, column: 1,
          "2 events left out: repeat rules a weekly schedule cannot show (FREQ=YEARLY, FREQ=MONTHLY)"
        )
      ])
  }

  /// A week as a calendar program exports it, in Tokyo.
  @Test func aCalendarAppsExportInTokyo() throws {
    let schedule = try ScheduleLoader.load(
      path: fixture("google-weekly.ics"), zones: FixedZones(local: 9 * 3600))
    #expect(schedule.title == "今期のアニメ")
    #expect(
      schedule[.friday] == [
        Serial(
          title: "葬送のフリーレン 第2期", note: "第2期", time: at("23:00"), start: date(2026, 1, 9),
          end: date(2026, 3, 20), skip: [date(2026, 2, 13), date(2026, 2, 27)],
          url: try WebURL(checking: "https://frieren-anime.jp/"), id: "frieren-2@google.com"),
        Serial(
          title: "葬送のフリーレン 第2期 (30分遅れ)", time: at("23:30"), start: date(2026, 2, 27),
          end: date(2026, 2, 27), id: "frieren-2@google.com"),
      ])
    #expect(
      schedule[.tuesday] == [
        Serial(
          title: "Cowboy, Bebop; Remastered", time: at("01:30"), start: date(2026, 1, 6),
          end: date(2026, 3, 24), id: "bebop@google.com"),
        Serial(
          title: "Special: the movie on TV", time: at("21:00"), start: date(2026, 1, 20),
          end: date(2026, 1, 20), id: "special@google.com"),
      ])
    #expect(schedule[.monday].isEmpty, "the cancelled series is left out")
    #expect(
      schedule.warnings.map(\.message) == [
        "1 event left out: repeat rules a weekly schedule cannot show (FREQ=MONTHLY)"
      ])
  }

  @Test func aTimeThatCrossesMidnightMovesTheWeekday() throws {
    // 01:30 on Tuesday in Tokyo is 16:30 on Monday in UTC.
    let schedule = try ScheduleLoader.load(
      path: fixture("google-weekly.ics"), zones: FixedZones(local: 0))
    let bebop = try #require(schedule[.monday].first)
    #expect(bebop.title == "Cowboy, Bebop; Remastered")
    #expect(bebop.time == at("16:30"))
    #expect(bebop.start == date(2026, 1, 5) && bebop.end == date(2026, 3, 23))
    #expect(schedule[.friday].first?.time == at("14:00"))
  }

  /// The file's own zone, across the change to summer time: a series that began in
  /// winter keeps its winter offset; one in the gap, and one in the repeated hour.
  @Test func daylightSavingInTheFilesOwnZone() throws {
    let schedule = try ScheduleLoader.load(
      path: fixture("apple-dst.ics"), zones: FixedZones(local: 0))
    #expect(schedule.title == "Podcasts")
    // 18:00 PST on Saturday 7 March is 02:00 UTC on Sunday.
    #expect(
      schedule[.sunday].map { "\($0.title) \($0.time!) \($0.start!)" } == [
        "Saturday show (before the change) 02:00 2026-03-08",
        "Skipped in the gap 10:30 2026-03-08",
        "Twice in the fall 08:30 2026-11-01",
      ])
    // 18:00 PDT on Sunday 8 March is 01:00 UTC on Monday.
    #expect(
      schedule[.monday] == [
        Serial(
          title: "Sunday show (after the change)", note: "Live from the studio.", time: at("01:00"),
          start: date(2026, 3, 9), end: date(2026, 5, 25),
          url: try WebURL(checking: "https://example.com/sunday"),
          id: "6A0B1C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D")
      ])
    // No VTIMEZONE for Berlin and a database that does not know it: read as local time.
    #expect(schedule[.wednesday].map { "\($0.title) \($0.time!)" } == ["Berlin meetup 19:00"])
    #expect(
      schedule.warnings.map(\.message) == [
        "unknown time zone \"Europe/Berlin\"; its times are read as local time"
      ])
    let known = try ScheduleLoader.load(
      path: fixture("apple-dst.ics"), zones: FixedZones(local: 0, known: ["Europe/Berlin": 3600]))
    #expect(known[.wednesday].map { "\($0.title) \($0.time!)" } == ["Berlin meetup 18:00"])
    #expect(known.warnings.isEmpty)
  }

  @Test func theRFCsNewYorkZoneFollowsItsHistory() throws {
    let bytes = try ScheduleLoader.readAll(path: fixture("rfc5545.ics"), source: "rfc5545.ics")
    let calendars = try ICalendar.components(ICalendar.contentLines(bytes))
    let zone = try ICalendar.ZoneRules(calendars[0].components[0])
    func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int) -> Int64 {
      Int64(date(y, m, d).daysSince1970) * 86_400 + Int64(h) * 3600
    }
    #expect(zone.offset(at: utc(1997, 9, 2, 13)) == -4 * 3600)
    #expect(zone.offset(at: utc(1997, 12, 2, 13)) == -5 * 3600)
    #expect(zone.offset(at: utc(1975, 3, 1, 12)) == -4 * 3600)  // the RDATE of 1975
    #expect(zone.offset(at: utc(2026, 3, 8, 6)) == -5 * 3600)  // 01:00 EST
    #expect(zone.offset(at: utc(2026, 3, 8, 7)) == -4 * 3600)  // 03:00 EDT, second Sunday
    #expect(zone.offset(at: utc(2026, 11, 1, 5)) == -4 * 3600)
    #expect(zone.offset(at: utc(2026, 11, 1, 6)) == -5 * 3600)  // first Sunday of November
    #expect(zone.offset(at: utc(1960, 1, 1, 0)) == -5 * 3600)  // before the first: TZOFFSETFROM
    #expect(zone.instant(ofLocal: utc(1997, 9, 2, 9)) == utc(1997, 9, 2, 13))
  }

  @Test func dailyMeansEveryDayAndDTSTARTAlwaysCounts() throws {
    let schedule = try calendar(
      """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      DTSTART:20260105T070000
      RRULE:FREQ=DAILY;COUNT=9
      SUMMARY:Morning
      END:VEVENT
      BEGIN:VEVENT
      DTSTART:20260107T200000
      RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=2
      EXDATE:20260109T200000,20260116T200000
      SUMMARY:Off its day
      END:VEVENT
      END:VCALENDAR
      """)
    // Nine days from Monday 5 January: the last is Tuesday 13.
    #expect(
      schedule[.monday].map { "\($0.title) \($0.start!)–\($0.end!)" } == [
        "Morning 2026-01-05–2026-01-12"
      ])
    #expect(schedule[.tuesday].map { "\($0.start!)–\($0.end!)" } == ["2026-01-06–2026-01-13"])
    #expect(schedule[.sunday].map { "\($0.start!)–\($0.end!)" } == ["2026-01-11–2026-01-11"])
    // A Wednesday start with a Friday rule: the start, then one Friday (COUNT=2).
    #expect(schedule[.friday].map(\.title) == ["Morning", "Off its day"])
    #expect(
      schedule[.friday].last
        == Serial(
          title: "Off its day", time: at("20:00"), start: date(2026, 1, 9), end: date(2026, 1, 9),
          skip: [date(2026, 1, 9)]))
    #expect(schedule[.wednesday].map(\.title) == ["Morning", "Off its day"])
  }

  @Test func allDayEventsHaveNoTime() throws {
    let schedule = try calendar(
      """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      DTSTART;VALUE=DATE:20260301
      RRULE:FREQ=WEEKLY;UNTIL=20260329
      SUMMARY:Sunday paper
      URL:ftp://not.a.web.page/
      END:VEVENT
      END:VCALENDAR
      """, zones: FixedZones(local: -5 * 3600))
    #expect(
      schedule[.sunday] == [
        Serial(title: "Sunday paper", start: date(2026, 3, 1), end: date(2026, 3, 29))
      ])
  }
}
