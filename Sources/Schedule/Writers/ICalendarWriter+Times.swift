/// Date-time values in the local zone and in the zones sources give.
extension ICalendarWriter {
  /// The calendar date a release of `serial` listed under `date` falls on.
  func shifted(_ serial: Serial, _ date: CivilDate) -> CivilDate {
    (serial.time?.isPastMidnight ?? false) ? date.adding(days: 1) : date
  }

  /// `;TZID=Europe/Berlin:20261205T233000`, `;VALUE=DATE:20261205`, or floating: an
  /// entry in local time on `date`.
  func local(_ serial: Serial, on date: CivilDate) -> String {
    guard let time = serial.time else { return ";VALUE=DATE:" + Self.basic(date) }
    let wall = Int64(date.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    return (zoneID.map { ";TZID=" + $0 } ?? "") + ":" + Self.basicDateTime(wall)
  }

  /// `UNTIL` of an entry in local time: the last release's instant in UTC for a timed
  /// entry (RFC 5545 wants UTC with a zoned `DTSTART`), its date for an all-day one,
  /// a floating time without a zone.
  func localUntil(_ serial: Serial, on date: CivilDate) -> String {
    guard let time = serial.time else { return Self.basic(date) }
    let wall = Int64(date.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    guard let zoneID else { return Self.basicDateTime(wall) }
    return Self.utc(instant(ofWall: wall, in: zoneID))
  }

  /// `;TZID=Asia/Tokyo:20261205T233000` for a wall-clock second of `zone`
  /// (`:20261205T233000Z` in UTC).
  func zoned(_ wall: Int64, _ zone: String) -> String {
    zone == "UTC" ? ":" + Self.utc(wall) : ";TZID=" + zone + ":" + Self.basicDateTime(wall)
  }

  /// The zone database's name for `zone`: nil (the local zone, as `--print` reads it)
  /// when it is the local zone's.
  func query(_ zone: String) -> String? { zone == zoneID ? nil : zone }

  /// Seconds east of UTC of `zone` at the instant `utc`; 0 for a zone the database
  /// does not know.
  func offset(at utc: Int64, in zone: String) -> Int {
    zones.offsets(at: [utc], inZone: query(zone))?.first ?? 0
  }

  /// The instant the wall clocks of `zone` show `wall` (the offset an hour before
  /// the wall time reckoned first, then the one at that instant).
  func instant(ofWall wall: Int64, in zone: String) -> Int64 {
    if query(zone) != nil, let found = zones.instant(ofLocal: wall, inZone: zone) { return found }
    let guess = wall - Int64(offset(at: wall - 3600, in: zone))
    return wall - Int64(offset(at: guess, in: zone))
  }

  /// The date (in the slot's zone) of the occurrence of `slot` that `serial`, a piece of
  /// it on the local calendar, has listed under `date`.
  func zoneDate(of serial: Serial, listed date: CivilDate, slot: ZonedSlot) -> CivilDate {
    let local = Int64(date.daysSince1970) * 86_400 + Int64(serial.time?.minutes ?? 0) * 60
    let utc =
      zoneID.map { instant(ofWall: local, in: $0) }
      ?? local - Int64(zones.localOffset(at: local - Int64(zones.localOffset(at: local))))
    let wall = utc + Int64(offset(at: utc, in: slot.zone))
    return CivilDate(
      daysSince1970: Int(ICalendar.floorDivide(wall - Int64(slot.minutes) * 60, 86_400)))
  }
}
