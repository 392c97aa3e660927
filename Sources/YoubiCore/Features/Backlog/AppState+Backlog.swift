import PagerCore
import Schedule

/// Keeping the backlog (what is behind) in step with marks, schedules and the clock.
extension AppState {
  /// What the backlog is worked out from, now.
  var backlogBasis: Backlog.Basis {
    Backlog.Basis(
      marksRevision: marksRevision.value, scheduleRevisions: sections.map(\.revision),
      today: todayDate, weeks: backlogWeeks, dayStartHour: dayStartHour,
      followings: sections.map(following(of:)))
  }

  /// Whether the backlog kept still holds: worked out from what `backlogBasis` is now,
  /// and not past the next release it did not count.
  ///
  /// Asked after every update, so each part of the basis is compared where it is, and
  /// neither the basis (two arrays) nor the backlog (a copy) is made: part for part the
  /// comparison of `backlogBasis` with the kept one, which a debug build checks.
  var backlogHolds: Bool {
    let kept = backlogKept.value.basis
    var holds =
      wall.localSeconds < backlogKept.value.validUntil && kept.marksRevision == marksRevision.value
      && kept.today == todayDate && kept.weeks == backlogWeeks
      && kept.dayStartHour == dayStartHour && kept.scheduleRevisions.count == sections.count
      && kept.followings.count == sections.count
    for s in sections.indices where holds {
      holds =
        kept.scheduleRevisions[s] == sections[s].revision
        && kept.followings[s] == following(of: sections[s])
    }
    assert(holds == backlog.holds(for: backlogBasis, at: wall.localSeconds))
    return holds
  }

  /// Works the backlog out again when something it depends on changed, and carries
  /// the serials behind over to today's page of each section.
  ///
  /// Called after every update, like `refreshStarFilter()`.
  mutating func refreshBacklog() {
    guard !backlogHolds else { return }
    backlog = Backlog(
      sections: sections, keys: sections.map { marksKey(of: $0) }, marks: marks,
      basis: backlogBasis, local: wall.localSeconds, utcOffset: Int64(wall.utcOffset))
    let today = todayDate
    var behindIDs = [[CivilDate: Set<SerialID>]](repeating: [:], count: sections.count)
    for item in backlog.items { behindIDs[item.section][item.date, default: []].insert(item.id) }
    for s in sections.indices {
      sections[s].behindIDs = behindIDs[s]
      sections[s].carried = carried(in: s, today: today)
      sections[s].behind = backlog.counts[s]
      sections[s].behindPerDate = backlog.perDate[s]
      sections[s].outPerDate = backlog.outPerDate[s]
      sections[s].behindFloor = backlog.floors[s]
    }
    if case .behind(var list) = focus {
      list.clamp(count: behindItems.count)
      focus = .behind(list)
    }
    clampLists()
  }

  /// Whether every cache kept with the state (`Derived`: the backlog, and each
  /// section's share of it) equals what it is worked out from now: what lets the
  /// caches take no part in equality. The app tests' harness asks it after each update.
  var derivedCachesHold: Bool {
    var fresh = self
    fresh.backlogKept = Derived(Backlog())  // its basis matches nothing: worked out anew
    fresh.refreshBacklog()
    return fresh.backlogKept.value == backlogKept.value
      && fresh.sections.map(\.kept.value) == sections.map(\.kept.value)
  }

  /// The serials section `s` is behind on that today's list does not hold, each once,
  /// standing for its newest release behind, oldest first.
  private func carried(in s: Int, today: CivilDate) -> Carried {
    guard let schedule = sections[s].schedule, !backlog.counts[s].isEmpty else { return Carried() }
    let own = Set(schedule.identities[today.weekday.rawValue])
    var newest: [SerialID: Backlog.Item] = [:]
    for item in backlog.items where item.section == s && !own.contains(item.id) {
      newest[item.id] = item  // items are oldest first: the last one stays
    }
    let rows = newest.values.sorted { ($0.instant, $0.index) < ($1.instant, $1.index) }
    guard !rows.isEmpty else { return Carried() }
    let serials = rows.map { schedule[$0.day][$0.index] }
    let ids = rows.map(\.id)
    return Carried(
      page: today, serials: serials, ids: ids, dates: rows.map(\.date),
      isPlatformed: serials.contains(where: \.isOnPlatform))
  }

  /// Whether the release of `serial` on `date` has come out.
  func isOut(_ serial: Serial, on date: CivilDate) -> Bool {
    Backlog.instant(of: serial, on: date, dayStartHour: dayStartHour) <= wall.localSeconds
  }
}
