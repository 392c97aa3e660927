import Foundation
import TestSupport
import Testing

@testable import Schedule
@testable import Zones

/// Every reader fed numbers at the edges of what JSON, iCalendar and TZif can write:
/// Int64's ends and their neighbours, doubles such as 1e308, instants just past the
/// calendar, in every place a reader does arithmetic on a value. Each input must load or
/// fail as `ScheduleOracle` demands, and every week of what loads must be placed and
/// listed, in a zone with daylight saving time and today at the start of the calendar,
/// now or far on.
/// A trap would end the test process, so the seed is printed before the first case.
///
/// Replay one run with `EDGE_SEED=<seed> swift test --filter ReaderEdgeFuzzTests`.
@Suite struct ReaderEdgeFuzzTests {
  static let iterations = 600

  /// Numbers as written in JSON or iCalendar.
  static let numbers = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775806",
    "-9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "4611686018427387904", "2147483647", "-2147483648", "4294967296",
    "253402300800", "253402300799", "-2208988800", "-2208988801", "-62135596801", "0", "-0",
    "-1", "1", "2", "52", "53", "100000", "100001", "1e308", "-1e308", "9.2e18", "-9.2e18",
    "1.5", "1e-308", "1E+2", String(repeating: "9", count: 400),
  ]

  /// Instants and dates as the sources write them, in range and just out of it.
  static let instants = [
    "9999-12-31T23:59:59Z", "1900-01-01T00:00:00Z", "1899-12-31T23:59:59Z",
    "1970-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59", "2026-03-29T01:30:00Z",
    "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "2026-02-30T00:00:00Z", "",
  ]
  static let dates = ["9999-12-31", "1970-01-01", "1900-01-01", "0000-01-01", "2026-03-29", ""]
  static let times = ["00:00", "29:59", "23:59", "02:30", "99:99", "-1:00"]

  /// Inputs of every format with holes: `@N` a number, `@I` an instant, `@D` a date,
  /// `@T` a time, `@C` an iCalendar date-time.
  static let templates = [
    #"{"data":{"Page":{"airingSchedules":[{"id":@N,"airingAt":@N,"episode":@N,"media":{"id":@N,"title":{"romaji":"A"}}}]}}}"#,
    #"{"data":{"MediaListCollection":{"lists":[{"entries":[{"media":{"id":@N,"episodes":@N,"title":{"romaji":"W"},"nextAiringEpisode":{"airingAt":@N,"episode":@N}}}]}]}}}"#,
    #"{"data":[{"mal_id":@N,"title":"J","aired":{"from":"@I","to":"@D"},"broadcast":{"day":"Sundays","time":"@T","timezone":"Europe/Berlin"}}]}"#,
    #"{"data":[{"node":{"id":@N,"title":"M","start_date":"@D","end_date":"@D","broadcast":{"day_of_the_week":"sunday","start_time":"@T"}}}]}"#,
    #"{"siteMeta":{},"items":[{"title":"B","begin":"@I","end":"@I","broadcast":"R/@I/P7D"},{"title":"C","broadcast":"R@N/@I/P1D"},{"title":"D","begin":"@I","broadcast":"R/@I/P@ND"}]}"#,
    #"{"timezone":"Europe/Berlin","days":{"sunday":[{"title":"Y","time":"@T","start":"@D","end":"@D","every":@N,"skip":["@D"]}]}}"#,
    "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nSUMMARY:I\r\nDTSTART;TZID=Europe/Berlin:@C\r\nRRULE:FREQ=WEEKLY;INTERVAL=@N;COUNT=@N;UNTIL=@C;BYDAY=@NSU\r\nEXDATE:@C\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:X\r\nBEGIN:STANDARD\r\nDTSTART:@C\r\nTZOFFSETFROM:+2359\r\nTZOFFSETTO:-2359\r\nRRULE:FREQ=YEARLY;BYMONTH=@N;BYDAY=@NSU;COUNT=@N\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nDTSTART;TZID=X:@C\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
  ]
  static let icsDates = ["99991231T235959", "19000101T000000Z", "20260329T023000", "00000101"]

  /// `template` with each hole filled at random.
  static func fill(_ template: String, _ rng: inout SplitMix64) -> String {
    var out = ""
    var chars = template.makeIterator()
    while let c = chars.next() {
      guard c == "@", let kind = chars.next() else {
        out.append(c)
        continue
      }
      switch kind {
      case "N": out += numbers.randomElement(using: &rng)!
      case "I": out += instants.randomElement(using: &rng)!
      case "D": out += dates.randomElement(using: &rng)!
      case "T": out += times.randomElement(using: &rng)!
      default: out += icsDates.randomElement(using: &rng)!
      }
    }
    return out
  }

  /// The todays a reader may be given: the start of the calendar, now, and far on.
  static let todays = [date(1970, 1, 1), date(2026, 3, 1), date(2200, 1, 1)]

  /// Loads `bytes` in Berlin with `today` and lists every week that what loads names.
  static func place(_ bytes: [UInt8], today: CivilDate) {
    let berlin = calendar(in: "Europe/Berlin", today: today)
    guard let schedule = try? ScheduleLoader.parse(bytes, source: "s.json", calendar: berlin)
    else { return }
    for section in schedule.sections {
      for day in Weekday.allCases {
        for serial in section[day] {
          for date in [serial.start, serial.end, today].compactMap({ $0 }) {
            _ = section.listed(on: date)
            _ = serial.episode(on: date)
            if let airing = serial.origin?.airing {
              _ = berlin.releases(of: airing, inWeekOf: date.adding(days: -date.weekday.rawValue))
            }
          }
        }
      }
    }
  }

  @Test func everyReaderHoldsAtTheEdges() {
    let seed =
      ProcessInfo.processInfo.environment["EDGE_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    print("ReaderEdgeFuzzTests: EDGE_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    for iteration in 0..<Self.iterations {
      let text = Self.fill(Self.templates.randomElement(using: &rng)!, &rng)
      let bytes = Array(text.utf8)
      if let failure = ScheduleOracle.failure(for: bytes) {
        Issue.record("EDGE_SEED=\(seed) iteration \(iteration): \(failure)")
        return
      }
      Self.place(bytes, today: Self.todays.randomElement(using: &rng)!)
    }
  }

  /// Every template with every number in each of its number holes, the rest fixed.
  @Test func everyNumberInEveryPlace() {
    for template in Self.templates {
      for (i, number) in Self.numbers.enumerated() {
        let text = template.replacingOccurrences(of: "@N", with: number)
          .replacingOccurrences(of: "@I", with: "2026-03-29T01:30:00Z")
          .replacingOccurrences(of: "@D", with: "2026-03-29")
          .replacingOccurrences(of: "@T", with: "02:30")
          .replacingOccurrences(of: "@C", with: "20260329T023000")
        let bytes = Array(text.utf8)
        #expect(ScheduleOracle.failure(for: bytes) == nil, "\(number) in \(template.prefix(40))")
        Self.place(bytes, today: Self.todays[i % Self.todays.count])
      }
    }
  }

  /// A TZif file whose changes sit at the ends of Int64 and whose offsets at the ends
  /// of Int32, asked about instants at the ends of Int64.
  @Test(arguments: [
    [Int64.min + 1, 0, Int64.max], [Int64.min, Int64.max], [-1, 1], [Int64.max],
  ])
  func aZoneFileAtTheEdges(_ changes: [Int64]) throws {
    for footer in ["", "CET-1CEST,M3.5.0,M10.5.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"] {
      let offsets: [Int32] = [Int32.max, Int32.min + 1, 0]
      let zone = try #require(TZif(bytes: Self.tzif(changes: changes, offsets: offsets, footer)))
      for t in [Int64.min, .min + 1, -1, 0, 1, .max - 1, .max] {
        _ = zone.offset(at: t)
        _ = zone.instant(ofLocal: t)
      }
    }
  }

  /// The bytes of a version 2 TZif file: an empty 32-bit block, then `changes` with the
  /// offsets taken in turn, and `footer`.
  static func tzif(changes: [Int64], offsets: [Int32], _ footer: String) -> [UInt8] {
    func be<T: FixedWidthInteger>(_ v: T) -> [UInt8] {
      withUnsafeBytes(of: v.bigEndian) { Array($0) }
    }
    func header(times: Int, types: Int) -> [UInt8] {
      Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        + [0, 0, 0, times, types, 1].flatMap { be(UInt32($0)) }
    }
    var bytes = header(times: 0, types: 1) + be(Int32(0)) + [0, 0] + [0]
    bytes += header(times: changes.count, types: offsets.count)
    bytes += changes.flatMap { be($0) }
    bytes += changes.indices.map { UInt8($0 % offsets.count) }
    bytes += offsets.flatMap { be($0) + [0, 0] }
    bytes += [0]
    return bytes + Array("\n\(footer)\n".utf8)
  }
}
