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

func at(_ text: String) -> ReleaseTime { ReleaseTime(parsing: text)! }

/// The fixture `name` from Tests/Fixtures/ics.
func fixture(_ name: String) -> String { packagePath("Tests/Fixtures/ics/" + name) }

/// Parses an iCalendar text.
func calendar(_ text: String, zones: any TimeZoneDatabase = FixedZones(local: 0))
  throws(Diagnostic) -> Schedule
{
  try ICalendar.parse(Array(text.utf8), zones: zones)
}

/// The error `text` stops at, as `--check` would print it for `c.ics`.
func calendarError(_ text: String) -> String {
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
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n",
      "c.ics:3:1: END:VCALENDAR where BEGIN:VEVENT (line 2) should end"
    ),
    (
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260101\n",
      "c.ics:2:1: BEGIN:VEVENT is never ended (END:VEVENT)"
    ),
    ("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VEVENT\n", "c.ics:3:1: END:VEVENT with nothing open"),
    (
      "BEGIN:VCALENDAR\nBEGIN VEVENT\nEND:VCALENDAR\n",
      "c.ics:2:1: BEGIN has no ':' before its value"
    ),
    (
      "BEGIN:VCARD\nFN:Someone\nEND:VCARD\n",
      "c.ics:1:1: BEGIN:VCARD is not part of a calendar (an iCalendar file starts with BEGIN:VCALENDAR)"
    ),
  ])
  func aMalformedFileIsOneErrorWithItsLine(text: String, message: String) {
    #expect(calendarError(text) == message)
  }

  @Test func aLineNotInUTF8IsLeftOutAndCounted() throws {
    var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260105\nSUMMARY:".utf8) + [0xFF]
    bytes += Array("\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
    let schedule = try ICalendar.parse(bytes, zones: FixedZones(local: 0))
    #expect(schedule[.monday].map(\.title) == ["(no title)"])
    #expect(
      schedule.warnings == [Diagnostic(.warning, line: 4, column: 1, "1 line not read (not UTF-8)")]
    )
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
