/// The events of a week's listing: each serial once, in the zone its source gives.
extension ICalendarWriter {
  /// Who an event is: the weekly pieces (and the seven daily series) that one airing
  /// becomes on the local calendar are one event.
  struct Identity: Hashable {
    var airing: Airing
    var id: String?
    var title: String
  }

  /// The listing turned into events, with the broadcast zone's offsets read once for
  /// every broadcast given as instants.
  struct Plan {
    let writer: ICalendarWriter
    let sections: [(name: String?, listed: [(date: CivilDate, serial: Serial)])]

    /// Each listed serial's event, in listing order; the pieces of one airing once.
    func events() -> [Event] {
      let broadcast = broadcastOffsets()
      var events: [Event] = []
      for (k, part) in sections.enumerated() {
        var seen = Set<Identity>()
        for (date, serial) in part.listed {
          let place = "\(k)/\(date.weekday.rawValue)/\(serial.time?.minutes ?? -1)"
          guard let airing = serial.origin?.airing else {
            events.append(writer.localEvent(serial, listed: date, place: place, part.name))
            continue
          }
          let identity = Identity(airing: airing, id: serial.origin?.id, title: serial.title)
          guard seen.insert(identity).inserted else { continue }
          var event: Event
          var at: String
          switch airing {
          case .weekly(let slot):
            event = writer.slotEvent(serial, slot, listed: date)
            at = "\(slot.zone)/\(slot.weekday.rawValue)/\(slot.minutes)"
          case .repeating(let first, let every, let last):
            event = writer.broadcastEvent(serial, first: first, every: every, last: last, broadcast)
            at = "\(first)/\(every)"
          case .once(let instant):
            event = writer.broadcastEvent(serial, first: instant, every: 0, last: nil, broadcast)
            at = "\(instant)"
          }
          event.category = part.name
          event.uid = writer.uid("\(k)/\(at)/\(serial.origin?.id ?? "")", serial)
          events.append(event)
        }
      }
      return events
    }

    /// The broadcast zone's offsets over every broadcast's run (an open one to ten
    /// years past the stamp), years 1900 to 2200 at most; nil without that zone.
    func broadcastOffsets() -> ZoneOffsets? {
      guard let zone = writer.broadcastZone else { return nil }
      var low = Int64.max
      var high = Int64.min
      for part in sections {
        for (_, serial) in part.listed {
          guard let (first, last) = serial.origin?.airing.flatMap(writer.run) else { continue }
          low = min(low, first)
          high = max(high, last)
        }
      }
      guard low <= high else { return nil }
      let span = max(low, ICalendarWriter.earliest)...min(high, ICalendarWriter.latest)
      guard span.lowerBound < span.upperBound else { return nil }
      return ZoneOffsets(zones: writer.zones, zone: zone, span: span)
    }
  }

  /// 1900-01-01 and 2200-01-01 (UTC): how far the broadcast zone is looked up.
  static let earliest: Int64 = -2_208_988_800
  static let latest: Int64 = 7_258_118_400

  /// The first and last instants a broadcast given as instants runs over (an open one
  /// to ten years past the stamp); nil for a weekly slot.
  func run(_ airing: Airing) -> (Int64, Int64)? {
    switch airing {
    case .weekly: return nil
    case .once(let t): return (t, t)
    case .repeating(let first, _, let last):
      return (first, last ?? max(first, stamp) + 10 * 366 * 86_400)
    }
  }

  /// An entry in local time: weekly from its first date (its `start`, else the date
  /// listed), every `every` weeks, until its `end`, without its `skip` dates; a single
  /// release (`start` = `end`) once.
  func localEvent(_ serial: Serial, listed date: CivilDate, place: String, _ category: String?)
    -> Event
  {
    var first = date
    if let start = serial.start {
      first = start.adding(
        days: CivilDate.floorMod(date.weekday.rawValue - start.weekday.rawValue, 7))
    }
    var event = Event(
      serial: serial, start: local(serial, on: first), zone: serial.time == nil ? nil : zoneID,
      year: first.year, rule: nil, category: category, uid: uid(place, serial))
    guard serial.start == nil || serial.start != serial.end else { return event }
    var rule = "FREQ=WEEKLY;" + (serial.every > 1 ? "INTERVAL=\(serial.every);" : "")
    rule += "BYDAY=" + Self.dayCode(shifted(serial, first).weekday)
    if let end = serial.end {
      let last = end.adding(
        days: -CivilDate.floorMod(end.weekday.rawValue - first.weekday.rawValue, 7))
      rule += ";UNTIL=" + localUntil(serial, on: last)
    }
    event.rule = rule
    event.exdates = serial.skip.filter { $0 >= first && $0.weekday == first.weekday }
      .map { local(serial, on: $0) }
    return event
  }

  /// A weekly slot on the wall clocks of its zone, from its first date (else the date of
  /// the occurrence listed), until its last; a single date once.
  func slotEvent(_ serial: Serial, _ slot: ZonedSlot, listed date: CivilDate) -> Event {
    let first: CivilDate
    if let from = slot.first {
      first = from.adding(
        days: CivilDate.floorMod(slot.weekday.rawValue - from.weekday.rawValue, 7))
    } else {
      first = zoneDate(of: serial, listed: date, slot: slot)
    }
    let wall = slot.wall(on: first)
    var event = Event(
      serial: serial, start: zoned(wall, slot.zone), zone: slot.zone == "UTC" ? nil : slot.zone,
      year: first.year, rule: nil, uid: "")
    guard slot.first == nil || slot.first != slot.last else { return event }
    let day = CivilDate(daysSince1970: Int(ICalendar.floorDivide(wall, 86_400))).weekday
    var rule = "FREQ=WEEKLY;BYDAY=" + Self.dayCode(day)
    if let end = slot.last {
      let last = end.adding(
        days: -CivilDate.floorMod(end.weekday.rawValue - slot.weekday.rawValue, 7))
      rule += ";UNTIL=" + Self.utc(instant(ofWall: slot.wall(on: last), in: slot.zone))
    }
    event.rule = rule
    event.exdates = slot.skip.filter { $0 >= first && $0.weekday == slot.weekday }
      .map { zoned(slot.wall(on: $0), slot.zone) }
    return event
  }

  /// A broadcast given as instants: every `every` days from `first` (0: once), the last
  /// at or before `last`. On the broadcast zone's wall clock while its offset holds over
  /// the whole run, else in UTC.
  func broadcastEvent(
    _ serial: Serial, first: Int64, every: Int, last: Int64?, _ offsets: ZoneOffsets?
  ) -> Event {
    let period = Int64(max(1, every)) * 86_400
    let end = last.map { first + ICalendar.floorDivide($0 - first, period) * period }
    var event = Event(
      serial: serial, start: ":" + Self.utc(first), zone: nil,
      year: CivilDate(daysSince1970: Int(ICalendar.floorDivide(first, 86_400))).year, rule: nil,
      uid: "")
    let through = every == 0 ? first : end ?? max(first, stamp) + 10 * 366 * 86_400
    if let zone = broadcastZone, let offsets, first >= Self.earliest, through <= Self.latest,
      offsets.nextChange(after: first).map({ $0 > through }) ?? true
    {
      event.start = ";TZID=\(zone):" + Self.basicDateTime(first + Int64(offsets.offset(at: first)))
      event.zone = zone
    }
    guard every > 0, end.map({ $0 > first }) ?? true else { return event }
    event.rule =
      every == 7 ? "FREQ=WEEKLY" : every == 1 ? "FREQ=DAILY" : "FREQ=DAILY;INTERVAL=\(every)"
    if let end { event.rule! += ";UNTIL=" + Self.utc(end) }
    return event
  }
}
