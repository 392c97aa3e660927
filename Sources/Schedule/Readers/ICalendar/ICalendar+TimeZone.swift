/// A time zone defined in the file (`VTIMEZONE`, RFC 5545 §3.6.5).
extension ICalendar {
  /// The observances of one `VTIMEZONE`: when its wall clocks change and by how much.
  ///
  /// Enough of RFC 5545 for the zones calendar programs write: each `STANDARD` or
  /// `DAYLIGHT` begins at its `DTSTART` (on the wall clock of `TZOFFSETFROM`) and again
  /// at each `RDATE` and each yearly `RRULE` date (`BYMONTH` with `BYDAY` such as `2SU`
  /// or `-1SU`, or `BYDAY` with a `BYMONTHDAY` window, until `UNTIL` or `COUNT`), and
  /// from then on the offset is `TZOFFSETTO`.
  struct ZoneRules: Equatable {
    struct Observance: Equatable {
      /// `DTSTART` on the wall clock it interrupts, seconds since 1970 as if UTC.
      var start: Int64
      var offsetFrom: Int
      var offsetTo: Int
      /// A yearly rule, when it has one this reader can follow.
      var rule: Recurrence?
      /// `RDATE`s, on the wall clock they interrupt.
      var dates: [Int64] = []
    }

    var observances: [Observance]

    init(observances: [Observance]) { self.observances = observances }

    /// Reads a `VTIMEZONE`.
    init(_ zone: Component) throws(Diagnostic) {
      var observances: [Observance] = []
      for part in zone.components where part.name == "STANDARD" || part.name == "DAYLIGHT" {
        guard let start = part.property("DTSTART") else {
          throw error(part.line, "\(part.name) has no DTSTART")
        }
        guard let from = part.property("TZOFFSETFROM"), let to = part.property("TZOFFSETTO") else {
          throw error(part.line, "\(part.name) needs TZOFFSETFROM and TZOFFSETTO")
        }
        var observance = Observance(
          start: try dateTime(start.value, zone: nil, line: start.line, what: "DTSTART")
            .wallSeconds,
          offsetFrom: try utcOffset(from), offsetTo: try utcOffset(to))
        if let rule = part.property("RRULE") {
          let recurrence = try recurrence(rule, zone: nil)
          if recurrence.frequency == "YEARLY" && recurrence.interval == 1 {
            observance.rule = recurrence
          }
        }
        for rdate in part.properties("RDATE") {
          observance.dates += try dateTimes(of: rdate).map(\.wallSeconds)
        }
        observances.append(observance)
      }
      guard !observances.isEmpty else {
        throw error(zone.line, "VTIMEZONE has no STANDARD or DAYLIGHT")
      }
      self.observances = observances
    }

    /// Seconds east of UTC at the instant `utc`: the `TZOFFSETTO` of the observance that
    /// began last, or before any began, the `TZOFFSETFROM` of the first.
    func offset(at utc: Int64) -> Int {
      var best: (onset: Int64, offset: Int)? = nil
      for observance in observances {
        if let onset = lastOnset(observance, atOrBefore: utc), onset > best?.onset ?? .min {
          best = (onset, observance.offsetTo)
        }
      }
      if let best { return best.offset }
      return observances.min { $0.start < $1.start }!.offsetFrom
    }

    /// The instant the zone's wall clocks show `wall`: the first of two when the clocks
    /// went back, and for a time skipped when they went forward, the one reckoned with
    /// the offset before the change (RFC 5545 §3.3.5).
    func instant(ofLocal wall: Int64) -> Int64 {
      let offsets = Set(observances.flatMap { [$0.offsetFrom, $0.offsetTo] })
      let consistent = offsets.filter { offset(at: wall - Int64($0)) == $0 }
      if let largest = consistent.max() { return wall - Int64(largest) }
      let before = offsets.map { offset(at: wall - Int64($0)) }.min()!
      return wall - Int64(before)
    }

    /// The last time `observance` began at or before `utc`, as an instant.
    func lastOnset(_ observance: Observance, atOrBefore utc: Int64) -> Int64? {
      let from = Int64(observance.offsetFrom)
      let first = observance.start - from
      var best: Int64? = first <= utc ? first : nil
      for date in observance.dates where date - from <= utc && date - from > best ?? .min {
        best = date - from
      }
      guard let rule = observance.rule else { return best }
      let firstYear = Self.date(observance.start).year
      var year = Self.date(utc + from).year
      var until: Int64? = nil
      if let end = rule.until {
        until = end.isUTC ? end.wallSeconds : end.wallSeconds - from
        year = min(year, Self.date(until!).year + 1)
      }
      if let count = rule.count { year = min(year, firstYear + count - 1) }
      var tries = 0
      while year >= firstYear && tries < 4 {
        if let wall = onset(observance, rule, year: year) {
          let instant = wall - from
          if instant <= utc && instant >= first && instant <= until ?? .max {
            return max(best ?? .min, instant)
          }
        }
        year -= 1
        tries += 1
      }
      return best
    }

    /// When a yearly rule begins the observance in `year`, on its wall clock.
    func onset(_ observance: Observance, _ rule: Recurrence, year: Int) -> Int64? {
      let start = Self.date(observance.start)
      let timeOfDay = observance.start - Int64(start.daysSince1970) * 86_400
      let month = rule.months.first ?? start.month
      let length = CivilDate.daysIn(month: month, year: year)
      guard length > 0, let firstOfMonth = CivilDate(year: year, month: month, day: 1) else {
        return nil
      }
      var day: CivilDate?
      if let (ordinal, weekday) = rule.days.first {
        let firstMatch = firstOfMonth.adding(
          days: CivilDate.floorMod(weekday.rawValue - firstOfMonth.weekday.rawValue, 7))
        if let n = ordinal, n < 0 {
          let last = firstOfMonth.adding(days: length - 1)
          day = last.adding(
            days: -CivilDate.floorMod(last.weekday.rawValue - weekday.rawValue, 7) + (n + 1) * 7)
        } else if let n = ordinal, n > 0 {
          day = firstMatch.adding(days: (n - 1) * 7)
        } else if !rule.monthDays.isEmpty {
          day = rule.monthDays.sorted().lazy.compactMap {
            CivilDate(year: year, month: month, day: $0)
          }.first { $0.weekday == weekday }
        } else {
          day = firstMatch
        }
      } else {
        let d = rule.monthDays.first ?? start.day
        day = CivilDate(year: year, month: month, day: d < 0 ? length + 1 + d : d)
      }
      guard let day, day.year == year, day.month == month else { return nil }
      return Int64(day.daysSince1970) * 86_400 + timeOfDay
    }

    /// The date of a wall-clock second count.
    static func date(_ wall: Int64) -> CivilDate {
      CivilDate(daysSince1970: Int(floorDivide(wall, 86_400)))
    }
  }

  /// Division rounding towards minus infinity.
  static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }
}
