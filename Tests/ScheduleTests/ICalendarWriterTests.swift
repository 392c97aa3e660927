import Schedule
import Testing

/// Central European time without the zone database: +01:00, and +02:00 from the last
/// Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
struct BerlinZones: TimeZoneDatabase {
  static func lastSunday(_ month: Int, _ year: Int) -> CivilDate {
    let last = CivilDate(year: year, month: month, day: 31)!
    return last.adding(days: -((last.weekday.rawValue - Weekday.sunday.rawValue + 7) % 7))
  }

  func localOffset(at utc: Int64) -> Int {
    let year = CivilDate(daysSince1970: Int(utc / 86_400)).year
    let begin = Int64(Self.lastSunday(3, year).daysSince1970) * 86_400 + 3600
    let end = Int64(Self.lastSunday(10, year).daysSince1970) * 86_400 + 3600
    return utc >= begin && utc < end ? 7200 : 3600
  }

  func instant(ofLocal local: Int64, inZone id: String) -> Int64? {
    guard id == "Europe/Berlin" else { return nil }
    return local - Int64(localOffset(at: local - 3600))
  }
}

private func day(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
  CivilDate(year: year, month: month, day: day)!
}

/// Monday 30 November 2026.
private let monday = day(2026, 11, 30)

private func writer(zone: String? = "Europe/Berlin") -> ICalendarWriter {
  ICalendarWriter(zoneID: zone, zones: BerlinZones(), stamp: 1_796_000_000, week: monday)
}

@Suite struct ICalendarWriterTests {
  static let url = try! WebURL(checking: "https://example.org/frieren?a=1,2;b")

  /// Entries that use every field a weekly event can carry.
  static let week = Schedule.Section(days: [
    .monday: [Serial(title: "Plain", time: at("07:00"))],
    .wednesday: [
      Serial(
        title: "Frieren; a, b \\ c", author: "Yamada, K", note: "first line", time: at("23:30"),
        start: day(2026, 10, 7), end: day(2027, 3, 31), skip: [day(2026, 12, 16)], url: url),
      Serial(title: "All day"),
    ],
    .saturday: [
      Serial(title: String(repeating: "長いタイトル", count: 12), time: at("12:00")),
      Serial(title: "Once", time: at("20:00"), start: day(2026, 12, 5), end: day(2026, 12, 5)),
    ],
  ])

  @Test func itReadsBackToTheSameWeek() throws {
    let text = writer().weekly(title: "My week", sections: [(nil, Self.week)])
    let read = try ICalendar.parse(Array(text.utf8), zones: BerlinZones())
    #expect(read.title == "My week")
    for weekday in Weekday.allCases {
      let expected = Self.week[weekday].map { serial -> Serial in
        var s = serial
        // An entry with no start begins in the week written.
        if s.start == nil { s.start = monday.adding(days: weekday.rawValue) }
        return s
      }
      #expect(Set(read[weekday].map(\.title)) == Set(expected.map(\.title)), "\(weekday)")
      for serial in expected {
        let back = read[weekday].first { $0.title == serial.title }
        #expect(back == serial, "\(weekday) \(serial.title)")
      }
    }
  }

  @Test func aTimePastMidnightIsTheNextCalendarDay() throws {
    let late = Schedule.Section(days: [.monday: [Serial(title: "Late", time: at("25:30"))]])
    let text = writer().weekly(title: nil, sections: [(nil, late)])
    #expect(text.contains("DTSTART;TZID=Europe/Berlin:20261201T013000\r\n"))
    #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=TU\r\n"))
    let read = try ICalendar.parse(Array(text.utf8), zones: BerlinZones())
    #expect(read[.tuesday].map(\.time) == [at("01:30")])
  }

  @Test func linesAreFoldedAt75BytesAndNothingBreaksTheFormat() {
    let hostile = Schedule.Section(days: [
      .friday: [
        Serial(title: "A\r\nEND:VEVENT\u{1B}[2J\u{07};,\\" + String(repeating: "é", count: 60))
      ]
    ])
    let text = writer().weekly(title: "T\nBEGIN:VEVENT", sections: [("Sec;tion", hostile)])
    let lines = text.components(separatedBy: "\r\n")
    #expect(lines.last == "")
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines.filter { $0 == "END:VEVENT" }.count == 1)
    #expect(!lines.contains("BEGIN:VEVENT") || lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" })
    #expect(text.contains("SUMMARY:A\\nEND:VEVENT␛[2J␇\\;\\,\\\\"))
    #expect(text.contains("CATEGORIES:Sec\\;tion"))
    // Every fold is CRLF and one space, inside no character.
    #expect(!lines.dropFirst().contains { $0.hasPrefix(" ") && $0.dropFirst().first == " " })
  }

  @Test func theZoneIsDescribedWithItsYearlyRules() {
    let text = writer().weekly(title: nil, sections: [(nil, Self.week)])
    #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
    #expect(text.contains("TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"))
    #expect(text.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"))
    #expect(text.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\n"))
    // From the year before the first event, so every event is inside a rule.
    #expect(
      text.contains("DTSTART:20250330T020000\r\n") && text.contains("DTSTART:20251026T030000\r\n"))
    #expect(text.contains("EXDATE;TZID=Europe/Berlin:20261216T233000\r\n"))
    #expect(text.contains(";UNTIL=20270331T213000Z\r\n"))
  }

  @Test func releasesAreSingleEventsAndAFixedZoneIsOneStandardOffset() throws {
    struct Tokyo: TimeZoneDatabase {
      func localOffset(at utc: Int64) -> Int { 9 * 3600 }
      func instant(ofLocal local: Int64, inZone id: String) -> Int64? {
        id == "Asia/Tokyo" ? local - 9 * 3600 : nil
      }
    }
    let w = ICalendarWriter(zoneID: "Asia/Tokyo", zones: Tokyo(), stamp: 0, week: monday)
    let text = w.releases(
      title: nil, [("Anime", Serial(title: "Once", time: at("23:30")), day(2026, 12, 5))])
    #expect(text.contains("TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\n"))
    #expect(!text.contains("RRULE:FREQ=WEEKLY"))
    let read = try ICalendar.parse(Array(text.utf8), zones: Tokyo())
    #expect(read[.saturday].map(\.start) == [day(2026, 12, 5)])
    #expect(read[.saturday].map(\.time) == [at("23:30")])
  }
}
