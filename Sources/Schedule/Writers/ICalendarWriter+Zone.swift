/// A zone as a `VTIMEZONE`, worked out from the zone database.
extension ICalendarWriter {
  /// One change of the zone's offset.
  struct Transition: Equatable {
    /// The wall clock it interrupts (the offset before), local seconds since 1970.
    var wall: Int64
    var from: Int
    var to: Int
  }

  /// The `VTIMEZONE` of `id` (the local zone's name reads the local zone): its offset
  /// changes in the year of `around` as yearly rules (`BYMONTH` and `BYDAY` such as
  /// `-1SU` or `2SU`) from `year` on; a zone without changes that year is one
  /// `STANDARD` offset.
  func timeZone(_ id: String, from year: Int, around: CivilDate) -> [String] {
    var lines = ["BEGIN:VTIMEZONE", "TZID:" + id]
    let changes = transitions(in: around.year, zone: id)
    if changes.count == 2 {
      for change in changes {
        let date = CivilDate(daysSince1970: Int(ICalendar.floorDivide(change.wall, 86_400)))
        let (_, month, day) = date.components
        let last = day + 7 > CivilDate.daysIn(month: month, year: date.year)
        let ordinal = last ? -1 : (day - 1) / 7 + 1
        let first = Self.date(ordinal, date.weekday, month: month, year: year)
        let time = change.wall - Int64(date.daysSince1970) * 86_400
        let kind = change.to > change.from ? "DAYLIGHT" : "STANDARD"
        lines += [
          "BEGIN:" + kind,
          "TZOFFSETFROM:" + Self.offset(change.from), "TZOFFSETTO:" + Self.offset(change.to),
          "DTSTART:" + Self.basicDateTime(Int64(first.daysSince1970) * 86_400 + time),
          "RRULE:FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(ordinal)" + Self.dayCode(date.weekday),
          "END:" + kind,
        ]
      }
    } else {
      let noon = Int64(around.daysSince1970) * 86_400 + 43_200
      let offset = Self.offset(self.offset(at: noon, in: id))
      lines += [
        "BEGIN:STANDARD", "TZOFFSETFROM:" + offset, "TZOFFSETTO:" + offset,
        "DTSTART:" + Self.basic(CivilDate(year: year, month: 1, day: 1)!) + "T000000",
        "END:STANDARD",
      ]
    }
    lines.append("END:VTIMEZONE")
    return lines
  }

  /// The offset changes of `zone` in `year`: each day's noon (UTC) compared with the
  /// next (in one question to the database), and a change found to the second by halving.
  func transitions(in year: Int, zone: String) -> [Transition] {
    guard let january = CivilDate(year: year, month: 1, day: 1) else { return [] }
    let days = CivilDate.isLeapYear(year) ? 366 : 365
    let noon = Int64(january.daysSince1970) * 86_400 + 43_200
    let noons = (0...days).map { noon + Int64($0) * 86_400 }
    guard let offsets = zones.offsets(at: noons, inZone: query(zone)), offsets.count == noons.count
    else { return [] }
    var found: [Transition] = []
    for k in 1..<noons.count where offsets[k] != offsets[k - 1] {
      var (low, high) = (noons[k - 1], noons[k])  // the old offset at low, the new at high
      while high - low > 1 {
        let mid = (low + high) / 2
        if offset(at: mid, in: zone) == offsets[k - 1] { low = mid } else { high = mid }
      }
      found.append(
        Transition(wall: high + Int64(offsets[k - 1]), from: offsets[k - 1], to: offsets[k]))
    }
    return found
  }

  /// The `ordinal`-th `weekday` of `month` (`-1`: the last).
  static func date(_ ordinal: Int, _ weekday: Weekday, month: Int, year: Int) -> CivilDate {
    if ordinal < 0 {
      let last = CivilDate(
        year: year, month: month, day: CivilDate.daysIn(month: month, year: year))!
      return last.adding(days: -CivilDate.floorMod(last.weekday.rawValue - weekday.rawValue, 7))
    }
    let first = CivilDate(year: year, month: month, day: 1)!
    return first.adding(
      days: CivilDate.floorMod(weekday.rawValue - first.weekday.rawValue, 7) + (ordinal - 1) * 7)
  }
}
