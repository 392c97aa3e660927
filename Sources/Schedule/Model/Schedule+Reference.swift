/// A schedule enriched by a `reference` catalogue: its shows the catalogue knows by id
/// gain their platforms' slots, their titles in every language and their sites' links,
/// and move to the slot `watch-on` chooses.
extension Schedule {
  /// This schedule with `catalogue`'s entries joined to its shows by id (`anilist:21`,
  /// `mal:5114`), placed on `calendar`; as it is when the catalogue knows none of them.
  ///
  /// A show placed on a platform's slot is placed again from that slot, week by week
  /// through the zone database; its episode numbers keep their anchor (counted to the
  /// nearest week, a slot a day later keeps its number).
  public func enriched(by catalogue: ReferenceCatalogue, calendar: LocalCalendar) -> Schedule {
    guard catalogue.count > 0 else { return self }
    var placer = LocalCalendar.Placer(calendar)
    var result = self
    for i in result.sections.indices {
      result.sections[i].enrich(by: catalogue, placer: &placer)
    }
    return result
  }
}

extension Schedule.Section {
  /// What became of one origin's pieces: all placed again (the first piece stands for
  /// them), or each kept with a new origin.
  private enum Joined {
    case placed
    case origin(Origin)
  }

  /// Joins the section's shows to `catalogue`: each origin once, its pieces together.
  mutating func enrich(by catalogue: ReferenceCatalogue, placer: inout LocalCalendar.Placer) {
    var joined: [ObjectIdentifier: Joined] = [:]
    var days: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      for var serial in takeSerials(of: day) {
        guard let origin = serial.origin, let entry = catalogue.entry(for: origin) else {
          days[day, default: []].append(serial)
          continue
        }
        let key = ObjectIdentifier(origin)
        switch joined[key] {
        case .placed?: continue
        case .origin(let new)?:
          serial.origin = new
          days[day, default: []].append(serial)
        case nil:
          let (new, pieces) = Self.join(serial, origin, entry, placer: &placer)
          if let pieces {
            joined[key] = .placed
            for (weekday, piece) in pieces { days[weekday, default: []].append(piece) }
          } else {
            joined[key] = .origin(new)
            serial.origin = new
            days[day, default: []].append(serial)
          }
        }
      }
    }
    var section = Schedule.Section(title: title, kind: kind, days: days)
    section.timezone = timezone
    section.timezoneLine = timezoneLine
    self = section
  }

  /// `origin` with `entry` joined, and when `watch-on` chooses one of the entry's
  /// platforms, the pieces `serial` (one piece of `origin`) becomes placed on its slot;
  /// nil pieces: its own pieces stay where they are, with the new origin.
  private static func join(
    _ serial: Serial, _ origin: Origin, _ entry: ReferenceCatalogue.Entry,
    placer: inout LocalCalendar.Placer
  ) -> (Origin, [(Weekday, Serial)]?) {
    var titles = origin.titles
    for title in entry.titles where !titles.contains(title) { titles.append(title) }
    let sites = origin.siteLinks ?? entry.sites
    let kept = Origin(
      id: origin.id, titles: titles, airing: origin.airing, episode: origin.episode,
      links: origin.givenLinks, sites: sites, progress: origin.progress,
      isExpected: origin.isExpected, release: origin.release, otherIDs: origin.otherIDs,
      slots: entry.slots)
    guard let (airing, platform) = placer.calendar.chosen(tv: nil, slots: entry.slots) else {
      return (kept, nil)
    }
    let moved = Origin(
      id: origin.id, titles: titles, airing: airing, episode: origin.episode,
      links: origin.givenLinks, sites: sites, progress: origin.progress,
      isExpected: origin.isExpected, release: origin.release, otherIDs: origin.otherIDs,
      slots: entry.slots, platform: platform, tvAiring: origin.airing)
    var base = serial
    base.url = base.url ?? entry.officialSite
    guard
      var pieces = placer.place(
        base, airing, id: origin.id, titles: titles, links: origin.givenLinks, sites: sites,
        platforms: (entry.slots, platform, origin.airing))
    else { return (kept, nil) }
    for i in pieces.indices { pieces[i].1.origin = moved }
    return (moved, pieces)
  }
}
