import Foundation
import TestSupport
import Testing

@testable import Schedule

/// A zone database with fixed offsets: the local zone's, and those of the zones it knows.
struct FixedZones: TimeZoneDatabase {
  var local: Int
  var known: [String: Int] = [:]
  func localOffset(at utc: Int64) -> Int { local }
  func instant(ofLocal local: Int64, inZone id: String) -> Int64? {
    known[id].map { local - Int64($0) }
  }
}

private func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
  CivilDate(year: year, month: month, day: day)!
}

private func at(_ text: String) -> ReleaseTime { ReleaseTime(parsing: text)! }

/// The fixture `name` from Tests/Fixtures/ics.
private func fixture(_ name: String) -> String { packagePath("Tests/Fixtures/ics/" + name) }

/// Parses an iCalendar text.
private func calendar(_ text: String, zones: any TimeZoneDatabase = FixedZones(local: 0))
  throws(Diagnostic) -> Schedule
{
  try ICalendar.parse(Array(text.utf8), zones: zones)
}

/// The error `text` stops at, as `--check` would print it for `c.ics`.
private func calendarError(_ text: String) -> String {
  do {
    _ = try calendar(text)
    return "parsed"
  } catch {
    return error.line(file: "c.ics")
  }
}

@Suite struct ICalendarSyntaxTests {
  @Test func theContentDecidesNotTheName() {
    #expect(ICalendar.isCalendar(Array("BEGIN:VCALENDAR\r\n".utf8)))
    #expect(ICalendar.isCalendar([0xEF, 0xBB, 0xBF] + Array("\r\n\nbegin:vcalendar\n".utf8)))
    #expect(!ICalendar.isCalendar(Array("{\"days\": {}}".utf8)))
    #expect(!ICalendar.isCalendar(Array("BEGIN:VCARD\n".utf8)))
    #expect(!ICalendar.isCalendar(Array("BEGIN:VCAL".utf8)))
  }

  @Test func linesUnfoldEscapesUndoAndUTF8SurvivesAFold() throws {
    // The fold cuts あ (E3 81 82) after its first byte; a tab continues too.
    var text: [UInt8] = Array(
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260105\r\nSUMMARY:".utf8)
    text += [0xE3, 0x0D, 0x0A, 0x20, 0x81, 0x82]
    text += Array("\\, a\\;b\\\\c\\nsecond\r\n\tline\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let schedule = try ICalendar.parse(text, zones: FixedZones(local: 0))
    #expect(schedule[.monday].map(\.title) == ["あ, a;b\\c secondline"])
  }

  @Test func contentLinesKeepTheirParameters() throws {
    let lines = try ICalendar.contentLines(
      Array(
        "DTSTART;TZID=\"America/New_York\";VALUE=DATE-TIME:19970902T090000\nx-a;p=1,\"2;3\":v:w\n"
          .utf8))
    #expect(lines.count == 2)
    #expect(lines[0].name == "DTSTART" && lines[0].parameter("TZID") == "America/New_York")
    #expect(lines[0].value == "19970902T090000" && lines[0].line == 1)
    #expect(lines[1].name == "X-A" && lines[1].parameter("P") == "1,2;3" && lines[1].value == "v:w")
  }

  @Test(arguments: [
    (
      "BEGIN:VCALENDAR\nSUMMARY no colon\nEND:VCALENDAR\n",
      "c.ics:2:1: SUMMARY has no ':' before its value"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n",
      "c.ics:3:1: END:VCALENDAR where BEGIN:VEVENT (line 2) should end"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260101\n",
      "c.ics:2:1: BEGIN:VEVENT is never ended (END:VEVENT)"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:2026-01-01\nEND:VEVENT\nEND:VCALENDAR\n",
      "c.ics:3:1: DTSTART: expected a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS, found \"2026-01-01\""
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260230\nEND:VEVENT\nEND:VCALENDAR\n",
      "c.ics:3:1: DTSTART: no such date \"20260230\""
    ),
    (
      "BEGIN:VCALENDAR\n\nBEGIN:VEVENT\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n",
      "c.ics:3:1: VEVENT has no DTSTART"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260105\nRRULE:COUNT=3\nEND:VEVENT\nEND:VCALENDAR\n",
      "c.ics:4:1: RRULE has no FREQ"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260105\nRRULE:FREQ=FORTNIGHTLY\nEND:VEVENT\nEND:VCALENDAR\n",
      "c.ics:4:1: RRULE: unknown FREQ \"FORTNIGHTLY\""
    ),
    (
      "BEGIN:VCALENDAR\nEND:VCALENDAR\nSUMMARY:after the end\n",
      "c.ics:3:1: SUMMARY outside BEGIN:VCALENDAR"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:X\nEND:VTIMEZONE\nEND:VCALENDAR\n",
      "c.ics:2:1: VTIMEZONE has no STANDARD or DAYLIGHT"
    ),
    (
      " folded onto nothing\nBEGIN:VCALENDAR\nEND:VCALENDAR\n",
      "c.ics:1:1: a continuation line (starting with a space) with no line before it"
    ),
    (
      "BEGIN:VCALENDAR\n;X=1:y\nEND:VCALENDAR\n",
      "c.ics:2:1: expected a property or parameter name, found ';'"
    ),
  ])
  func aMalformedFileIsOneErrorWithItsLine(text: String, message: String) {
    #expect(calendarError(text) == message)
  }

  @Test func notUTF8IsAnErrorOnItsLine() {
    var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:".utf8) + [0xFF]
    bytes += Array("\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
    #expect(throws: Diagnostic(.error, line: 3, column: 1, "not UTF-8")) {
      try ICalendar.parse(bytes, zones: FixedZones(local: 0))
    }
  }

  @Test func theLoaderExitsWith65AndNamesTheFile() {
    let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n"
    #expect(
      throws: ScheduleError(
        exitCode: 65,
        message: "youbi: cal.ics:3:1: END:VCALENDAR where BEGIN:VEVENT (line 2) should end")
    ) {
      try ScheduleLoader.parse(Array(text.utf8), source: "cal.ics", zones: FixedZones(local: 0))
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text =
      "BEGIN:VCALENDAR\n" + String(repeating: "BEGIN:X\n", count: 100_000)
    #expect(calendarError(text) == "c.ics:17:1: components nested more than 16 deep")
  }
}

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
          end: date(1997, 9, 3)),
        Serial(
          title: "Networld+Interop Conference", note: "Networld+Interop Conference and Exhibit",
          time: at("14:30"), start: date(1996, 9, 18), end: date(1996, 9, 18)),
        Serial(
          title: "Every weekday", time: at("13:00"), start: date(1997, 9, 3), end: date(1997, 10, 1)
        ),
      ])
    // 09:00 in New York, summer time (UTC−4): 13:00 UTC.
    #expect(
      schedule[.tuesday] == [
        Serial(
          title: "Weekly for 10 occurrences", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 11, 4)),
        Serial(
          title: "Weekly until December 24, 1997", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 12, 23)),
        Serial(
          title: "Weekly on Tuesday and Thursday for five weeks", time: at("13:00"),
          start: date(1997, 9, 2), end: date(1997, 9, 30)),
        Serial(
          title: "Tuesday and Thursday, 10 times", time: at("13:00"), start: date(1997, 9, 2),
          end: date(1997, 9, 30)),
        Serial(
          title: "Every weekday", time: at("13:00"), start: date(1997, 9, 2), end: date(1997, 9, 30)
        ),
      ])
    #expect(
      schedule[.thursday].map { "\($0.title) \($0.start!)–\($0.end!)" } == [
        "Weekly on Tuesday and Thursday for five weeks 1997-09-04–1997-10-02",
        "Tuesday and Thursday, 10 times 1997-09-04–1997-10-02",
        "Every weekday 1997-09-04–1997-10-02",
      ])
    #expect(schedule[.monday].map { "\($0.start!)–\($0.end!)" } == ["1997-09-08–1997-10-06"])
    #expect(schedule[.friday].map { "\($0.start!)–\($0.end!)" } == ["1997-09-05–1997-10-03"])
    #expect(schedule[.saturday].isEmpty && schedule[.sunday].isEmpty)
    #expect(
      schedule.warnings == [
        Diagnostic(
          .warning, line: 74, column: 1,
          "3 events left out: repeat rules a weekly schedule cannot show (FREQ=YEARLY, INTERVAL=2, FREQ=MONTHLY)"
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
          url: try WebURL(checking: "https://frieren-anime.jp/")),
        Serial(
          title: "葬送のフリーレン 第2期 (30分遅れ)", time: at("23:30"), start: date(2026, 2, 27),
          end: date(2026, 2, 27)),
      ])
    #expect(
      schedule[.tuesday] == [
        Serial(
          title: "Cowboy, Bebop; Remastered", time: at("01:30"), start: date(2026, 1, 6),
          end: date(2026, 3, 24)),
        Serial(
          title: "Special: the movie on TV", time: at("21:00"), start: date(2026, 1, 20),
          end: date(2026, 1, 20)),
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
          url: try WebURL(checking: "https://example.com/sunday"))
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

@Suite struct SystemTimeZoneTests {
  @Test func zonesComeFromTheSystemDatabase() {
    let zones = SystemTimeZones()
    let winter = Int64(date(2026, 3, 25).daysSince1970) * 86_400 + 19 * 3600
    let summer = Int64(date(2026, 7, 1).daysSince1970) * 86_400 + 19 * 3600
    #expect(zones.instant(ofLocal: winter, inZone: "Europe/Berlin") == winter - 3600)
    #expect(zones.instant(ofLocal: summer, inZone: "Europe/Berlin") == summer - 7200)
    #expect(zones.instant(ofLocal: summer, inZone: "Asia/Tokyo") == summer - 9 * 3600)
    #expect(zones.instant(ofLocal: summer, inZone: "Nowhere/Atlantis") == nil)
    for hostile in ["../../etc/passwd", "/etc/localtime", "", "Europe/./Berlin", "a b"] {
      #expect(zones.instant(ofLocal: summer, inZone: hostile) == nil, "\(hostile)")
    }
  }

  /// Converting with `TZ` set for a moment never shows through to a thread asking for
  /// local time at the same time: both hold the same lock.
  @Test func conversionsDoNotRaceWithTheLocalClock() async {
    let zones = SystemTimeZones()
    let instant: Int64 = 1_780_000_000
    let local = zones.localOffset(at: instant)
    let far = local == 9 * 3600 ? "America/New_York" : "Asia/Tokyo"
    async let converting: Void = {
      for i in 0..<2_000 { _ = zones.instant(ofLocal: instant + Int64(i), inZone: far) }
    }()
    var seen = Set<Int>()
    for _ in 0..<2_000 { seen.insert(zones.localOffset(at: instant)) }
    await converting
    #expect(seen == [local])
  }
}

/// Mutated calendars never crash the reader, and every failure is one line with a place.
///
/// Each run picks a seed (printed with any failure); replay one with
/// `ICALENDAR_SEED=<seed> swift test --filter ICalendarFuzzTests`.
@Suite struct ICalendarFuzzTests {
  static let seeds: [[UInt8]] = ["rfc5545.ics", "google-weekly.ics", "apple-dst.ics"].map {
    (try? ScheduleLoader.readAll(path: fixture($0), source: $0)) ?? []
  }

  static let pieces: [[UInt8]] = [
    "BEGIN:", "END:", ":", ";", "=", ",", "\"", "\\", "\r\n ", "\n", "\t", "Z", "T",
    "RRULE:FREQ=WEEKLY;BYDAY=MO", "RRULE:FREQ=YEARLY;BYMONTH=13;BYDAY=9SU", ";TZID=Nowhere",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=53SU", "BYMONTHDAY=-99999999", "COUNT=9223372036854775807",
    "99999999T999999", "\u{E3}\u{81}", "VEVENT", "VTIMEZONE", "STANDARD", "COUNT=0",
  ].map { Array($0.utf8) }

  static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      guard !bytes.isEmpty else { break }
      let at = Int.random(in: 0..<bytes.count, using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
      case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)))
      case 2: bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: at)
      default:
        let end = min(bytes.count, at + Int.random(in: 1...200, using: &rng))
        bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &rng))
      }
    }
    return bytes
  }

  /// What is wrong with how the reader treated `input`, or nil.
  static func failure(_ input: [UInt8]) -> String? {
    let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).count
    do {
      let schedule = try ICalendar.parse(input, zones: FixedZones(local: 3600, known: ["UTC": 0]))
      for day in Weekday.allCases {
        for serial in schedule[day] {
          if let start = serial.start, let end = serial.end, end < start {
            return "\(serial.title) ends \(end) before it starts \(start)"
          }
          if let start = serial.start, start.weekday != day {
            return "\(serial.title) starts \(start), not a \(day)"
          }
        }
      }
      return nil
    } catch {
      guard error.isError, let line = error.line, (1...lines).contains(line) else {
        return "error without its line: \(error)"
      }
      if error.message.isEmpty || error.message.contains("\n") { return "bad message: \(error)" }
      return nil
    }
  }

  @Test func mutatedCalendarsKeepEveryPromise() {
    let seed =
      ProcessInfo.processInfo.environment["ICALENDAR_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    for input in Self.seeds { #expect(!input.isEmpty && Self.failure(input) == nil) }
    for iteration in 0..<3_000 {
      let input = Self.mutate(Self.seeds.randomElement(using: &rng)!, &rng)
      if let failure = Self.failure(input) {
        Issue.record("ICALENDAR_SEED=\(seed) iteration \(iteration): \(failure)")
        return
      }
    }
  }

  @Test func everyPrefixParsesOrNamesItsLine() {
    let full = Self.seeds[1]
    for length in stride(from: 0, to: full.count, by: 7) {
      #expect(Self.failure(Array(full.prefix(length))) == nil, "prefix \(length)")
    }
  }
}
