import Testing

@testable import Schedule

/// `--format ics` writes each slot once, in the zone its source gives it in.
@Suite struct ICalendarWriterZoneTests {
  /// The writer the executable makes in `zone`, for the week of `monday`.
  func writer(in zone: String, week monday: CivilDate) -> ICalendarWriter {
    ICalendarWriter(
      zoneID: zone, zones: SystemTimeZones(localZone: zone), stamp: 1_796_000_000, week: monday,
      broadcastZone: "Asia/Tokyo")
  }

  /// `sections`' first section as the week of `monday` lists it, written.
  func written(_ schedule: Schedule, in zone: String, week monday: CivilDate) -> String {
    let listed = (0..<7).flatMap { k in
      let day = monday.adding(days: k)
      return schedule.sections[0].listed(on: day).map { (date: day, serial: $0) }
    }
    return writer(in: zone, week: monday).week(title: nil, sections: [(nil, listed)])
  }

  func events(_ text: String) -> Int { text.components(separatedBy: "BEGIN:VEVENT").count - 1 }

  @Test func aTokyoSlotIsOneEventInTokyoAcrossBerlinsChanges() throws {
    let text = #"""
      {"timezone": "Asia/Tokyo", "days": {
        "sat": [{"title": "Midnight", "time": "25:30", "start": "2026-01-03", "end": "2027-06-26",
                 "skip": ["2026-10-31"]}]}}
      """#
    let schedule = try source(text: text, in: "Europe/Berlin")
    // The week of Berlin's change in October: the show is one piece of several there.
    let ics = written(schedule, in: "Europe/Berlin", week: date(2026, 10, 19))
    #expect(events(ics) == 1, "\(ics)")
    #expect(ics.contains("DTSTART;TZID=Asia/Tokyo:20260104T013000\r\n"), "\(ics)")
    // The last Saturday's 25:30 in Tokyo is Sunday 27 June 2027 01:30 +09:00.
    #expect(ics.contains("RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20270626T163000Z\r\n"), "\(ics)")
    #expect(ics.contains("EXDATE;TZID=Asia/Tokyo:20261101T013000\r\n"), "\(ics)")
    #expect(ics.contains("BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo\r\n"))
    #expect(!ics.contains("TZID=Europe/Berlin"), "\(ics)")
    // Youbi reads it back into the same Berlin weeks of winter time. (Not in summer:
    // the iCalendar reader converts a zone the file describes once, at `DTSTART`, not
    // week by week; Python's icalendar, in the end-to-end test, reads every week.)
    let back = try ICalendar.parse(
      Array(ics.utf8), zones: SystemTimeZones(localZone: "Europe/Berlin"))
    for monday in [date(2026, 2, 2), date(2026, 11, 2)] {
      #expect(
        week(back, monday).map { $0.prefix(9) } == week(schedule, monday).map { $0.prefix(9) })
    }
  }

  @Test func aBroadcastOfInstantsIsOnTokyosClockAndEndsAtItsLastAiring() throws {
    let schedule = try source("bangumi-data/data.json", in: "Europe/Berlin")
    let ics = written(schedule, in: "Europe/Berlin", week: date(2024, 10, 28))
    // This week lists two serials: each is one event, none from other weeks.
    #expect(events(ics) == 2, "\(ics)")
    #expect(ics.contains("DTSTART;TZID=Asia/Tokyo:19991020T193000\r\nRRULE:FREQ=WEEKLY\r\n"))
    #expect(
      ics.contains(
        "DTSTART;TZID=Asia/Tokyo:20241006T234500\r\nRRULE:FREQ=WEEKLY;UNTIL=20241222T144500Z\r\n"))
  }

  @Test func aBroadcastZoneWithAChangeInTheRunIsWrittenInUTC() {
    // Every Sunday 12:00 UTC from 2026-10-04 to 2026-11-08, across Berlin's change.
    let first: Int64 = 1_791_115_200
    let origin = Origin(airing: .repeating(first: first, everyDays: 7, last: first + 5 * 604_800))
    let serial = Serial(title: "Weekly", time: ReleaseTime(parsing: "14:00"), origin: origin)
    var w = writer(in: "Europe/Berlin", week: date(2026, 10, 5))
    w.broadcastZone = "Europe/Berlin"
    let ics = w.week(title: nil, sections: [(nil, [(date(2026, 10, 11), serial)])])
    #expect(
      ics.contains("DTSTART:20261004T120000Z\r\nRRULE:FREQ=WEEKLY;UNTIL=20261108T120000Z\r\n"))
    #expect(!ics.contains("VTIMEZONE"), "\(ics)")
  }

  @Test func aDailyBroadcastIsOneDailyEvent() throws {
    let schedule = try source("bangumi-data/data.json", in: "Europe/Berlin")
    let ics = written(schedule, in: "Europe/Berlin", week: date(2024, 10, 14))
    #expect(ics.components(separatedBy: "SUMMARY:毎日アニメ").count == 2, "\(ics)")
    #expect(ics.contains("RRULE:FREQ=DAILY;UNTIL=20241020T030000Z\r\n"), "\(ics)")
  }

  @Test func aLoneCarriageReturnIsShownAndACRLFIsOneLineBreak() {
    #expect(ICalendarWriter.escape("CR\rEND:VCALENDAR") == "CR\u{240D}END:VCALENDAR")
    #expect(ICalendarWriter.escape("a\r\nb\nc\r") == "a\\nb\\nc\u{240D}")
  }
}
