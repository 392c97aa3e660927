import Schedule

/// Merging two copies of the marks, and forgetting old weeks.
extension Marks {
  /// Takes in everything `other` knows: for every mark, the later of the two stamps.
  ///
  /// The rule is last-writer-wins per item: each read mark (serial, week) and
  /// each star is its own register, and the stamp with the later time wins
  /// (a mark beats an unmark made in the same millisecond). Why this rule:
  ///
  /// - Two youbi processes mark different serials: the items are disjoint, so
  ///   both sets survive. A plain "last file wins" would drop one set.
  /// - One process unmarks what the other still has marked: the unmark is a
  ///   stamped tombstone, so it is not resurrected by the stale copy. A plain
  ///   set union could never unmark.
  /// - Both processes run on one machine, so their wall clocks agree; the
  ///   `Stamp` rule "at least one millisecond after what it replaces" orders a
  ///   process's own changes even when the clock steps back.
  ///
  /// The merge is commutative, associative and idempotent (a join), so it does
  /// not matter who saves first or how often: every copy that has seen the
  /// same changes holds the same marks. Pruning joins too: the later horizon wins.
  ///
  /// - Complexity: O(entries of `other`).
  public mutating func merge(_ other: Marks) {
    for (key, theirs) in other.schedules {
      var entries = schedules.removeValue(forKey: key) ?? [:]
      for (id, entry) in theirs {
        entries[id, default: Entry()].merge(entry)
      }
      schedules[key] = entries
    }
    notified.merge(other.notified) { max($0, $1) }
    // Whatever either side has forgotten stays forgotten.
    if let first = [horizon, other.horizon].compactMap({ $0 }).max() { prune(keepingFrom: first) }
  }

  /// These marks merged with `other`.
  public func merging(_ other: Marks) -> Marks {
    var copy = self
    copy.merge(other)
    return copy
  }

  /// Lowers the horizon to `latest` when it is later; returns whether it did.
  ///
  /// A horizon past the current week's comes from a wrong clock (one run with
  /// the clock a year ahead, or a file synced from such a machine): marks are
  /// never forgotten, nor refused, for it. Lowering it only keeps more.
  @discardableResult
  public mutating func limitHorizon(to latest: ISOWeek) -> Bool {
    guard let horizon, horizon > latest else { return false }
    self.horizon = latest
    return true
  }

  /// Forgets read marks more than `retainedWeeks` before `week` (the current week).
  public mutating func prune(now week: ISOWeek) {
    prune(keepingFrom: week.advanced(by: -Self.retainedWeeks))
  }

  /// Forgets read marks of weeks before `first`, and unstar tombstones set
  /// before that week began; stars themselves are kept for ever.
  ///
  /// An unstar tombstone only matters while another copy may still hold the
  /// star it replaced; a year is far longer than any youbi runs between saves.
  public mutating func prune(keepingFrom first: ISOWeek) {
    let first = max(first, horizon ?? first)
    horizon = first
    // That Monday 00:00 UTC, in milliseconds.
    let cutoff = Int64(first.monday.daysSince1970) * 86_400_000
    var pruned: [ScheduleKey: [SerialID: Entry]] = [:]
    for (key, entries) in schedules {
      for (id, var entry) in entries {
        entry.read = entry.read.filter { $0.key >= first }
        entry.seen = entry.seen.filter { $0.key >= first.monday }
        entry.episodes = entry.episodes.filter { entry.seen[$0.key] != nil }
        entry.items = entry.items.filter { $0.value.date >= first.monday }
        if let kept = entry.keptFrom, kept <= first.monday { entry.keptFrom = nil }
        if let star = entry.star, !star.isOn, star.time < cutoff { entry.star = nil }
        if !entry.isEmpty { pruned[key, default: [:]][id] = entry }
      }
    }
    schedules = pruned
  }
}

extension Marks.Entry {
  /// Takes the later stamp of each mark, as `Marks.merge` does.
  mutating func merge(_ other: Marks.Entry) {
    star = later(star, other.star)
    read.merge(other.read) { max($0, $1) }
    seen.merge(other.seen) { max($0, $1) }
    episodes.merge(other.episodes) { max($0, $1) }
    items.merge(other.items) { max($0, $1) }
    keptFrom = [keptFrom, other.keptFrom].compactMap { $0 }.max()
    forgetBeforeKept()
  }
}

/// The later of two optional stamps (nil is earliest).
private func later(_ a: Stamp?, _ b: Stamp?) -> Stamp? {
  guard let a else { return b }
  guard let b else { return a }
  return max(a, b)
}
