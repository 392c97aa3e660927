/// Writes schedules as iCalendar (RFC 5545): what `--format ics` prints.
///
/// A weekly entry becomes one event that repeats every week (`RRULE:FREQ=WEEKLY`)
/// from its first date (its `start`, else its weekday in the week given), until its
/// `end` (`UNTIL`), without its `skip` dates (`EXDATE`). A timed entry is a date-time
/// in the local zone, named (`TZID`) and described (`VTIMEZONE`, from the zone
/// database), so a calendar elsewhere shows it at the same instant across daylight
/// saving; an untimed one is an all-day event. A time past midnight (`25:30`) is the
/// next calendar day's 01:30, as the instant is. Youbi reads the file back into the
/// same releases (`ICalendar.parse`).
///
/// Text is escaped (`\\`, `\;`, `\,`, `\n`), control characters become visible
/// placeholders, and lines are folded at 75 bytes without splitting a character, so
/// no title, note or URL can break the file.
public struct ICalendarWriter: Sendable {
  /// The local zone's name in the zone database (`Europe/Berlin`); nil writes
  /// floating local times.
  public var zoneID: String?
  /// The zone database, for the local zone's offsets.
  public var zones: any TimeZoneDatabase
  /// The instant the file is written (UTC seconds): every event's `DTSTAMP`.
  public var stamp: Int64
  /// A Monday: entries without a `start` begin in its week.
  public var week: CivilDate

  public init(zoneID: String?, zones: any TimeZoneDatabase, stamp: Int64, week: CivilDate) {
    self.zoneID = zoneID
    self.zones = zones
    self.stamp = stamp
    self.week = week
  }

  /// One event of the output: an entry with its first date, and whether it repeats.
  struct Event {
    var serial: Serial
    /// The date it is listed under (its first one, for a weekly event).
    var date: CivilDate
    var weekly: Bool
    var category: String?
    var uid: String
  }

  /// Every entry of `sections` as a weekly event (a single release, `start` = `end`, as
  /// one event); each section's name, when given, is its events' `CATEGORIES`.
  public func weekly(title: String?, sections: [(name: String?, section: Schedule.Section)])
    -> String
  {
    var events: [Event] = []
    for (k, part) in sections.enumerated() {
      for day in Weekday.allCases {
        for (index, serial) in part.section[day].enumerated() {
          var first = week.adding(days: day.rawValue)
          if let start = serial.start {
            first = start.adding(days: CivilDate.floorMod(day.rawValue - start.weekday.rawValue, 7))
          }
          if let end = serial.end, first > end { continue }
          events.append(
            Event(
              serial: serial, date: first,
              weekly: serial.start == nil || serial.start != serial.end,
              category: part.name, uid: uid(k, day, index, serial)))
        }
      }
    }
    return calendar(title: title, events: events)
  }

  /// One event per release, each on its own date.
  public func releases(
    title: String?, _ releases: [(name: String?, serial: Serial, date: CivilDate)]
  ) -> String {
    let events = releases.enumerated().map { k, release in
      Event(
        serial: release.serial, date: release.date, weekly: false, category: release.name,
        uid: "\(release.date.description)-" + uid(0, release.date.weekday, k, release.serial))
    }
    return calendar(title: title, events: events)
  }

  /// The whole file, CRLF line ends.
  func calendar(title: String?, events: [Event]) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Youbi//youbi//EN", "CALSCALE:GREGORIAN",
    ]
    if let title { lines.append("X-WR-CALNAME:" + Self.escape(title)) }
    if let zoneID, events.contains(where: { $0.serial.time != nil }) {
      let years = events.map(\.date.year)
      lines += timeZone(zoneID, from: min(years.min() ?? week.year, week.year) - 1, around: week)
    }
    for event in events { lines += self.event(event) }
    lines.append("END:VCALENDAR")
    return lines.map(Self.fold).joined()
  }

  /// The lines of one `VEVENT`.
  func event(_ event: Event) -> [String] {
    let serial = event.serial
    var lines = ["BEGIN:VEVENT", "UID:" + event.uid, "DTSTAMP:" + Self.utc(stamp)]
    lines.append("DTSTART" + value(serial, on: event.date))
    if event.weekly {
      var rule = "RRULE:FREQ=WEEKLY;BYDAY=" + Self.dayCode(shifted(serial, event.date).weekday)
      if let end = serial.end {
        let last = end.adding(
          days: -CivilDate.floorMod(end.weekday.rawValue - event.date.weekday.rawValue, 7))
        rule += ";UNTIL=" + until(serial, on: last)
      }
      lines.append(rule)
      for day in serial.skip where day >= event.date && day.weekday == event.date.weekday {
        lines.append("EXDATE" + value(serial, on: day))
      }
    }
    lines.append("SUMMARY:" + Self.escape(serial.title))
    if let note = serial.note { lines.append("DESCRIPTION:" + Self.escape(note)) }
    if let author = serial.author { lines.append("X-YOUBI-AUTHOR:" + Self.escape(author)) }
    if let url = serial.url { lines.append("URL:" + url.text) }
    if let category = event.category { lines.append("CATEGORIES:" + Self.escape(category)) }
    lines.append("END:VEVENT")
    return lines
  }

  /// The calendar date a release of `serial` listed under `date` falls on.
  func shifted(_ serial: Serial, _ date: CivilDate) -> CivilDate {
    (serial.time?.isPastMidnight ?? false) ? date.adding(days: 1) : date
  }

  /// `;TZID=Europe/Berlin:20261205T233000`, `;VALUE=DATE:20261205`, or floating.
  func value(_ serial: Serial, on date: CivilDate) -> String {
    guard let time = serial.time else { return ";VALUE=DATE:" + Self.basic(date) }
    let wall = Int64(date.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    return (zoneID.map { ";TZID=" + $0 } ?? "") + ":" + Self.basicDateTime(wall)
  }

  /// `UNTIL`: the last release's instant in UTC for a timed entry (RFC 5545 wants UTC
  /// with a zoned `DTSTART`), its date for an all-day one.
  func until(_ serial: Serial, on date: CivilDate) -> String {
    guard let time = serial.time else { return Self.basic(date) }
    let wall = Int64(date.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    guard zoneID != nil else { return Self.basicDateTime(wall) }
    var utc = wall - Int64(zones.localOffset(at: wall))
    utc = wall - Int64(zones.localOffset(at: utc))
    return Self.utc(utc)
  }

  /// A stable identity for an event: FNV-1a of its place and its raw title.
  func uid(_ section: Int, _ day: Weekday, _ index: Int, _ serial: Serial) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array("\(section)/\(day.rawValue)/\(index)/".utf8) + Array(serial.title.utf8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16) + "@youbi"
  }
}
