/// Placing a whole schedule: every airing becomes the weekly entries of the local
/// calendar, one per run of weeks with the same local weekday and time.
extension LocalCalendar {
  /// Places many airings against one table per zone: the zone database is asked once
  /// per zone for all its offset changes, then each series is split only where an
  /// offset changes, so a series costs a few look-ups however long it runs.
  public struct Placer {
    public let calendar: LocalCalendar
    /// The instants the tables cover.
    let span: ClosedRange<Int64>
    var local: ZoneOffsets?
    var tables: [String: ZoneOffsets] = [:]
    /// Zones the database does not know, in the order met.
    public private(set) var unknownZones: [String] = []

    public init(_ calendar: LocalCalendar) {
      self.calendar = calendar
      let end = calendar.horizonDates.last.adding(days: 7 * 60)
      span = Int64(-365 * 86_400)...Int64(end.daysSince1970) * 86_400
    }

    mutating func localTable() -> ZoneOffsets {
      if let local { return local }
      let table =
        ZoneOffsets(zones: calendar.zones, zone: nil, span: span) ?? ZoneOffsets(constant: 0)
      local = table
      return table
    }

    mutating func table(_ zone: String) -> ZoneOffsets? {
      if zone == "UTC" { return ZoneOffsets(constant: 0) }
      if let found = tables[zone] { return found }
      if unknownZones.contains(zone) { return nil }
      guard let table = ZoneOffsets(zones: calendar.zones, zone: zone, span: span) else {
        unknownZones.append(zone)
        return nil
      }
      tables[zone] = table
      return table
    }

    /// The entries `serial` becomes on the local calendar when it airs as `airing`, each
    /// with the weekday it is listed under, `serial`'s text and link kept; nil when the
    /// airing's zone is unknown.
    ///
    /// `episode`, when the source numbers episodes, is the number of the occurrence at
    /// that index (0 the first). Every entry carries an `Origin` with the airing: one
    /// without an episode shows no episode numbers.
    public mutating func place(
      _ serial: Serial, _ airing: Airing, id: String? = nil, titles: [Title] = [],
      links: [Link] = [], episode: (index: Int, number: Int)? = nil
    ) -> [(Weekday, Serial)]? {
      place(serial, airing, id: id, titles: titles, links: links, sites: nil, episode: episode)
    }

    /// `place`, with links to sites by id, and the platforms' slots: `platform` names
    /// the one `airing` is (`tvAiring` is then the TV's), nil when it is the TV's.
    mutating func place(
      _ serial: Serial, _ airing: Airing, id: String?, titles: [Title], links: [Link],
      sites: SiteLinks?, episode: (index: Int, number: Int)? = nil,
      platforms: (slots: [PlatformSlot], platform: String?, tvAiring: Airing?) = ([], nil, nil)
    ) -> [(Weekday, Serial)]? {
      let base = serial.origin
      func origin(_ anchor: EpisodeAnchor?) -> Origin {
        Origin(
          id: id ?? base?.id, titles: titles.isEmpty ? base?.titles ?? [] : titles,
          airing: airing, episode: anchor, links: links.isEmpty ? base?.givenLinks ?? [] : links,
          sites: sites ?? base?.siteLinks, progress: base?.progress,
          isExpected: base?.isExpected ?? false, release: base?.release,
          otherIDs: base?.otherIDs ?? [], slots: platforms.slots,
          platform: platforms.platform, tvAiring: platforms.tvAiring)
      }
      switch airing {
      case .once(let t):
        let release = calendar.release(at: t, offset: localTable().offset(at: t))
        var single = serial
        single.time = release.time
        single.start = release.date
        single.end = release.date
        single.skip = []
        let anchor = episode.map { EpisodeAnchor(date: release.date, number: $0.number) }
        single.origin = origin(anchor)
        return [(release.weekday, single)]
      case .repeating(let first, let every, let last):
        guard every == 1 || every == 7 else { return [] }
        if every == 1 {
          // Daily: seven weekly series, one from each of the first seven days.
          var all: [(Weekday, Serial)] = []
          // One origin for all seven, not one a piece.
          let shared = origin(nil)
          for day in 0..<7 {
            let from = first + Int64(day) * 86_400
            if let last, from > last { break }
            let weekly = Airing.repeating(first: from, everyDays: 7, last: last)
            var part =
              place(
                serial, weekly, id: id, titles: titles, links: links, sites: sites,
                platforms: platforms) ?? []
            for i in part.indices { part[i].1.origin = shared }
            all += part
          }
          return all
        }
        let series = Series(
          instant: { first + $0 * 7 * 86_400 }, zone: nil, count: count(first: first, last: last),
          openStart: false, openEnd: last == nil, skip: [])
        return pieces(series, serial, episode: episode, origin: origin)
      case .weekly(let slot):
        guard let zone = table(slot.zone) else { return nil }
        let window = self.window(slot)
        guard let d0 = window.first, let dn = window.last, d0 <= dn else { return [] }
        let count = Int64(d0.days(to: dn) / 7 + 1)
        let walls = { (k: Int64) in slot.wall(on: d0.adding(days: Int(k) * 7)) }
        let skip = slot.skip.filter { $0 >= d0 && $0 <= dn && $0.weekday == slot.weekday }
          .map { zone.instant(ofWall: slot.wall(on: $0)) }
        let series = Series(
          instant: { zone.instant(ofWall: walls($0)) }, zone: zone, count: count,
          openStart: slot.first == nil, openEnd: slot.last == nil, skip: skip, wall: walls)
        return pieces(series, serial, episode: episode, origin: origin)
      }
    }

    /// How many weekly occurrences from `first` through `last`, or through the horizon
    /// (at least the first: a series that starts past the horizon goes on from there).
    func count(first: Int64, last: Int64?) -> Int64 {
      let end = last ?? max(first, Int64(calendar.horizonDates.last.daysSince1970) * 86_400)
      return end < first ? 0 : (end - first) / (7 * 86_400) + 1
    }

    /// The first and last listed dates of a zoned slot worked out: its own, or the
    /// horizon's on a side it leaves open.
    func window(_ slot: ZonedSlot) -> (first: CivilDate?, last: CivilDate?) {
      var horizon = calendar.horizonDates
      if calendar.anchor == nil, let own = slot.first ?? slot.last {
        let days = 7 * calendar.horizonWeeks
        horizon = (own.adding(days: -days), own.adding(days: days))
      }
      var from = slot.first ?? min(horizon.first, slot.last ?? horizon.last)
      var to = slot.last ?? max(horizon.last, slot.first ?? horizon.first)
      from = from.adding(days: CivilDate.floorMod(slot.weekday.rawValue - from.weekday.rawValue, 7))
      to = to.adding(days: -CivilDate.floorMod(to.weekday.rawValue - slot.weekday.rawValue, 7))
      return (from, to)
    }

  }
}
