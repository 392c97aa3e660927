/// Writes schedules as iCalendar (RFC 5545): what `--format ics` prints.
///
/// `--print` writes the serials of the week it lists, each once, as one event that
/// repeats (`RRULE`) in the zone its source gives its time in: a Jikan or Youbi slot
/// in Tokyo is `DTSTART;TZID=Asia/Tokyo:…` with that zone's `VTIMEZONE`, so a calendar
/// anywhere shows it at the same instants across every daylight-saving change, not
/// split at the reader's. A slot ends (`UNTIL`, in UTC) where its source says it ends,
/// without its skipped dates (`EXDATE`). A broadcast given as instants (bangumi-data,
/// AniList) is written on the wall clock of `broadcastZone` while that zone keeps one
/// offset over the whole run (the same instants), else in UTC. An entry written in
/// local time is a date-time in the local zone (`zoneID`); an untimed one an all-day
/// event. A time past midnight (`25:30`) is the next calendar day's 01:30, as the
/// instant is. Youbi reads the file back into the same releases (`ICalendar.parse`).
///
/// Text is escaped (`\\`, `\;`, `\,`, `\n`), control characters become visible
/// placeholders, and lines are folded at 75 bytes without splitting a character, so
/// no title, note or URL can break the file.
public struct ICalendarWriter: Sendable {
  /// The local zone's name in the zone database (`Europe/Berlin`); nil writes
  /// floating local times.
  public var zoneID: String?
  /// The zone database, for the offsets of the local zone and of the sources' zones.
  public var zones: any TimeZoneDatabase
  /// The instant the file is written (UTC seconds): every event's `DTSTAMP`.
  public var stamp: Int64
  /// A Monday: the week whose rules each `VTIMEZONE` gives, and the week `weekly` lists.
  public var week: CivilDate
  /// The zone a broadcast given as instants is written in when its offset is constant.
  public var broadcastZone: String?

  public init(
    zoneID: String?, zones: any TimeZoneDatabase, stamp: Int64, week: CivilDate,
    broadcastZone: String? = nil
  ) {
    self.zoneID = zoneID
    self.zones = zones
    self.stamp = stamp
    self.week = week
    self.broadcastZone = broadcastZone
  }

  /// One event of the output, its values written.
  struct Event {
    var serial: Serial
    /// What follows `DTSTART`: `;TZID=Asia/Tokyo:20261205T233000`, `:20261205T143000Z`
    /// or `;VALUE=DATE:20261205`.
    var start: String
    /// The zone `TZID` names, whose `VTIMEZONE` the file needs; nil for none.
    var zone: String?
    /// The year of its first occurrence, from which its zone's rules are given.
    var year: Int
    /// The `RRULE` value; nil for a single release.
    var rule: String?
    /// What follows each `EXDATE`.
    var exdates: [String] = []
    var category: String?
    var uid: String
  }

  /// The serials listed in each of `sections`, each once (the dates `--print` lists
  /// them under, whatever `listed` holds), as repeating events; each section's name,
  /// when given, is its events' `CATEGORIES`.
  public func week(
    title: String?, sections: [(name: String?, listed: [(date: CivilDate, serial: Serial)])]
  ) -> String {
    let plan = Plan(writer: self, sections: sections)
    return calendar(title: title, events: plan.events())
  }

  /// Every entry `sections` list in the week of `week`, as `week(title:sections:)`.
  public func weekly(title: String?, sections: [(name: String?, section: Schedule.Section)])
    -> String
  {
    week(
      title: title,
      sections: sections.map { part in
        let dates = Weekday.allCases.map { week.adding(days: $0.rawValue) }
        return (
          part.name, dates.flatMap { date in part.section.listed(on: date).map { (date, $0) } }
        )
      })
  }

  /// One event per release, each on its own date, in the local zone.
  public func releases(
    title: String?, _ releases: [(name: String?, serial: Serial, date: CivilDate)]
  ) -> String {
    let events = releases.enumerated().map { k, release in
      Event(
        serial: release.serial, start: local(release.serial, on: release.date),
        zone: release.serial.time == nil ? nil : zoneID, year: release.date.year, rule: nil,
        category: release.name,
        uid: "\(release.date.description)-"
          + uid("\(k)/\(release.date.weekday.rawValue)", release.serial))
    }
    return calendar(title: title, events: events)
  }

  /// The whole file, CRLF line ends: each zone an event names described once.
  func calendar(title: String?, events: [Event]) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Youbi//youbi//EN", "CALSCALE:GREGORIAN",
    ]
    if let title { lines.append("X-WR-CALNAME:" + Self.escape(title)) }
    var zones: [String] = []
    for event in events {
      if let zone = event.zone, !zones.contains(zone) { zones.append(zone) }
    }
    for zone in zones {
      let first = events.filter { $0.zone == zone }.map(\.year).min() ?? week.year
      lines += timeZone(zone, from: min(first, week.year) - 1, around: week)
    }
    for event in events { lines += self.event(event) }
    lines.append("END:VCALENDAR")
    return lines.map(Self.fold).joined()
  }

  /// The lines of one `VEVENT`.
  func event(_ event: Event) -> [String] {
    let serial = event.serial
    var lines = ["BEGIN:VEVENT", "UID:" + event.uid, "DTSTAMP:" + Self.utc(stamp)]
    lines.append("DTSTART" + event.start)
    if let rule = event.rule { lines.append("RRULE:" + rule) }
    for exdate in event.exdates { lines.append("EXDATE" + exdate) }
    lines.append("SUMMARY:" + Self.escape(serial.title))
    if let note = serial.note { lines.append("DESCRIPTION:" + Self.escape(note)) }
    if let author = serial.author { lines.append("X-YOUBI-AUTHOR:" + Self.escape(author)) }
    if let url = serial.url { lines.append("URL:" + url.text) }
    if let category = event.category { lines.append("CATEGORIES:" + Self.escape(category)) }
    lines.append("END:VEVENT")
    return lines
  }

  /// A stable identity for an event: FNV-1a of its place and its raw title.
  func uid(_ place: String, _ serial: Serial) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array("\(place)/".utf8) + Array(serial.title.utf8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16) + "@youbi"
  }
}
