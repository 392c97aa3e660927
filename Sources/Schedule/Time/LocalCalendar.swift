/// The reader's calendar: the local zone (through the zone database), the hour days
/// start at, and today's date, which together turn what a source says about time into
/// dated releases on the weekday lists.
///
/// Pure: the zone database and today are passed in; nothing here reads a clock.
public struct LocalCalendar: Sendable {
  public var zones: any TimeZoneDatabase
  /// Days start at this hour (0–12): with 5, 01:00 on Sunday is Saturday's 25:00.
  public var dayStartHour: Int
  /// Today's date, from which series with an open end (or start) are worked out,
  /// `horizonWeeks` each way; nil takes a date of the series itself.
  public var today: CivilDate?
  /// The date whose weeks the offset changes are worked out around, when it is not
  /// today (`--print --date` of a week years away); `today` keeps its meaning (a feed's
  /// "no fixed day" list is today's).
  public var placedAround: CivilDate?
  /// The streaming sites the reader watches on, in order of preference (`watch-on`,
  /// bangumi-data's keys): a show is placed on the slot of the first that has one, else
  /// on its TV slot.
  public var watchOn: [String]
  /// The dates a run lists, when it lists no others (`--print` of this week, `--next`
  /// within them): a reader that can leave the other serials out as it reads does so
  /// (bangumi-data: a catalogue then costs what its weeks do), keeping every serial
  /// listed on one of them, in order; nil keeps them all.
  public var listing: Range<CivilDate>?

  public init(
    zones: any TimeZoneDatabase = SystemTimeZones(), dayStartHour: Int = 0,
    today: CivilDate? = nil, watchOn: [String] = []
  ) {
    self.watchOn = watchOn
    self.zones = zones
    self.dayStartHour = dayStartHour
    self.today = today
  }

  /// For each weekday, its dates in `listing`; nil when the calendar lists them all.
  public var listedDates: [[CivilDate]]? {
    listing.map { dates in
      let all = (0..<max(0, dates.lowerBound.days(to: dates.upperBound))).map {
        dates.lowerBound.adding(days: $0)
      }
      return Weekday.allCases.map { day in all.filter { $0.weekday == day } }
    }
  }

  /// Where series are worked out from: `placedAround`, else today.
  var anchor: CivilDate? { placedAround ?? today }

  /// The airing a show is placed on: the slot of the first site of `watchOn` it has,
  /// and that site; else its TV airing and no site; nil when it has neither.
  public func chosen(tv: Airing?, slots: [PlatformSlot]) -> (airing: Airing, platform: String?)? {
    for site in watchOn {
      if let slot = slots.first(where: { $0.site == site }) { return (slot.airing, site) }
    }
    return tv.map { ($0, nil) }
  }

  /// How far from today (the anchor) a series is worked out week by week, and one open
  /// at an end is taken to run; past it, its first and last weekly pieces go on
  /// unchanged, so a series that began in 1970 costs no more than one that began this
  /// year. Each offset change within it is a piece more of every slot it moves: the
  /// pager, which places again as today and its calendar move, keeps it short (YoubiCore's
  /// `Placement`).
  public var horizonWeeks = LocalCalendar.standardHorizonWeeks
  /// A date past `horizonWeeks` the horizon reaches to as well (`Horizon.reach`).
  public var reach: CivilDate?

  /// This calendar worked out within `horizon`: around its date, reaching to its reach.
  public func within(_ horizon: Horizon) -> LocalCalendar {
    var placed = self
    if let around = horizon.around { placed.placedAround = around }
    placed.reach = horizon.reach
    return placed
  }

  /// The first and last dates worked out week by week: `horizonWeeks` either side of the
  /// anchor, and on to `reach`.
  var horizonDates: (first: CivilDate, last: CivilDate) {
    let anchor = self.anchor ?? CivilDate(year: 2026, month: 1, day: 1)!
    var (first, last) = (
      anchor.adding(days: -7 * horizonWeeks), anchor.adding(days: 7 * horizonWeeks)
    )
    if let reach {
      first = min(first, reach)
      last = max(last, reach)
    }
    return (first, last)
  }

  /// The horizon of a run that places once: two years each way.
  public static let standardHorizonWeeks = 104

  /// The release at the instant `utc` (seconds since 1970): its local date, moved back
  /// by the day-start hour, and its time on that date's 30-hour clock.
  public func release(at utc: Int64) -> LocalRelease {
    release(at: utc, offset: zones.localOffset(at: utc))
  }

  func release(at utc: Int64, offset: Int) -> LocalRelease {
    let wall = utc + Int64(offset)
    let day = floorDivide(wall - Int64(dayStartHour) * 3600, 86_400)
    let minutes = Int((wall - day * 86_400) / 60)
    return LocalRelease(
      date: CivilDate(daysSince1970: Int(day)), time: ReleaseTime(minutes: minutes) ?? .midnight)
  }

  /// The releases of `airing` that the week of `monday` lists, in time order: each
  /// occurrence converted on its own through the zone database, so a daylight-saving
  /// change moves it only in the weeks it applies to, then listed under the date whose
  /// day (from the day-start hour) it falls in.
  ///
  /// - Complexity: O(1) zone look-ups (a few weeks around the one asked for).
  public func releases(of airing: Airing, inWeekOf monday: CivilDate) -> [LocalRelease] {
    let week = monday...monday.adding(days: 6)
    var found: [LocalRelease] = []
    switch airing {
    case .once(let t):
      found = [release(at: t)]
    case .repeating(let first, let every, let last):
      guard every > 0 else { return [] }
      let period = Int64(every) * 86_400
      let from = Int64(monday.daysSince1970 - 2) * 86_400 - first
      let k0 = max(0, floorDivide(from, period))
      var k = k0
      while true {
        let t = first + k * period
        if let last, t > last { break }
        if t > Int64(monday.daysSince1970 + 9) * 86_400 { break }
        found.append(release(at: t))
        k += 1
      }
    case .weekly(let slot):
      let firstCandidate = monday.adding(
        days: CivilDate.floorMod(slot.weekday.rawValue - monday.weekday.rawValue, 7) - 14)
      for i in 0..<5 {
        let date = firstCandidate.adding(days: 7 * i)
        if let first = slot.first, date < first { continue }
        if let last = slot.last, date > last { continue }
        if slot.skip.contains(date) { continue }
        guard let t = instant(ofWall: slot.wall(on: date), inZone: slot.zone) else { continue }
        found.append(release(at: t))
      }
    }
    return found.filter { week.contains($0.date) }.sorted {
      ($0.date, $0.time) < ($1.date, $1.time)
    }
  }

  /// The instant the wall clocks of `zone` show `wall`; nil for a zone nobody knows.
  func instant(ofWall wall: Int64, inZone zone: String) -> Int64? {
    zone == "UTC" ? wall : zones.instant(ofLocal: wall, inZone: zone)
  }
}

extension ReleaseTime {
  /// 00:00.
  public static let midnight = ReleaseTime(hour: 0, minute: 0)!
}
