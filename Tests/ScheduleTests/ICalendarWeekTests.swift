import Testing

@testable import Schedule

/// A weekly event in a zone converted for each week, not once at its start.
@Suite struct ICalendarWeekTests {
  /// Every Tuesday at 23:00 in Tokyo from 6 January 2026, ten times, one week off.
  let tokyoTuesday = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    BEGIN:VEVENT\r
    UID:late@example.com\r
    SUMMARY:Late show\r
    DTSTART;TZID=Asia/Tokyo:20260106T230000\r
    RRULE:FREQ=WEEKLY;COUNT=16\r
    EXDATE;TZID=Asia/Tokyo:20260407T230000\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:utc@example.com\r
    SUMMARY:UTC show\r
    DTSTART:20260104T223000Z\r
    RRULE:FREQ=WEEKLY\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:floating@example.com\r
    SUMMARY:Floating\r
    DTSTART:20260105T070000\r
    RRULE:FREQ=WEEKLY\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  func read(in zone: String, dayStarts: Int = 0) throws -> Schedule {
    try source(text: tokyoTuesday, in: zone, dayStarts: dayStarts)
  }

  @Test func berlinSees15InWinterAnd16InSummer() throws {
    let schedule = try read(in: "Europe/Berlin")
    #expect(schedule.format == .iCalendar)
    #expect(
      week(schedule, date(2026, 3, 23)).filter { $0.contains("Late") } == [
        "Tue 15:00 Late show #12"
      ])
    #expect(
      week(schedule, date(2026, 3, 30)).filter { $0.contains("Late") } == [
        "Tue 16:00 Late show #13"
      ])
    // The date off is Tokyo's 7 April, and it is still not counted.
    #expect(week(schedule, date(2026, 4, 6)).filter { $0.contains("Late") }.isEmpty)
    #expect(
      week(schedule, date(2026, 4, 13)).filter { $0.contains("Late") } == [
        "Tue 16:00 Late show #14"
      ])
  }

  @Test func aUTCEventMovesItsWeekdayAcrossTheChange() throws {
    let schedule = try read(in: "Europe/Berlin")
    #expect(week(schedule, date(2026, 3, 16)).contains("Sun 23:30 UTC show #12"))
    #expect(!week(schedule, date(2026, 3, 23)).contains { $0.contains("UTC show") })
    #expect(week(schedule, date(2026, 3, 30)).contains("Mon 00:30 UTC show #13"))
    let late = try read(in: "Europe/Berlin", dayStarts: 5)
    #expect(week(late, date(2026, 3, 30)).contains("Sun 24:30 UTC show #14"))
  }

  @Test func aFloatingTimeStaysOnTheWallClock() throws {
    for zone in ["Europe/Berlin", "America/Los_Angeles"] {
      let schedule = try read(in: zone)
      #expect(week(schedule, date(2026, 3, 30)).contains("Mon 07:00 Floating #13"))
      #expect(week(schedule, date(2026, 1, 5)).contains("Mon 07:00 Floating #1"))
    }
  }

  @Test func losAngelesSeesTheTokyoTuesdayOnTuesdayMorning() throws {
    let schedule = try read(in: "America/Los_Angeles")
    #expect(
      week(schedule, date(2026, 3, 2)).filter { $0.contains("Late") } == ["Tue 06:00 Late show #9"])
    #expect(
      week(schedule, date(2026, 3, 9)).filter { $0.contains("Late") } == ["Tue 07:00 Late show #10"]
    )
  }
}
