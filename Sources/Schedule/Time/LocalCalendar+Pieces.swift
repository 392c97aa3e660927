/// A series of weekly occurrences cut into the runs of weeks that share a local weekday
/// and time.
extension LocalCalendar.Placer {
  /// Weekly occurrences, 0 to `count - 1`, as instants.
  struct Series {
    /// The instant of occurrence `k`.
    let instant: (Int64) -> Int64
    /// The zone whose wall clock the occurrences keep, when they keep one: its changes
    /// move them, as the local zone's do.
    let zone: ZoneOffsets?
    let count: Int64
    /// Whether the source gave no first (last) date: the first (last) entry has none.
    let openStart: Bool
    let openEnd: Bool
    /// The instants of occurrences with no release.
    let skip: [Int64]
  }

  /// The entries a series becomes: one per run of weeks with the same local weekday and
  /// time, each dated from its first to its last week.
  ///
  /// From each occurrence the next offset change (local or the series' zone) is looked
  /// up and every week before it is taken in one step: the weekday and time cannot
  /// change between two changes.
  ///
  /// - Complexity: O(offset changes in the series' span × log changes).
  mutating func pieces(
    _ series: Series, _ serial: Serial, episode: (index: Int, number: Int)?,
    origin: (EpisodeAnchor?) -> Origin
  ) -> [(Weekday, Serial)] {
    guard series.count > 0 else { return [] }
    let local = localTable()
    let week: Int64 = 7 * 86_400
    func release(_ t: Int64) -> LocalRelease {
      calendar.release(at: t, offset: local.offset(at: t))
    }
    var runs: [(first: LocalRelease, last: CivilDate)] = []
    var k: Int64 = 0
    while k < series.count {
      let t = series.instant(k)
      let first = release(t)
      var change = local.nextChange(after: t)
      if let zoneChange = series.zone?.nextChange(after: t) {
        change = min(change ?? zoneChange, zoneChange)
      }
      var j = series.count - 1
      if let change { j = max(k, min(j, k + (change - t + week - 1) / week - 1)) }
      let last = first.date.adding(days: Int(j - k) * 7)
      if let previous = runs.last, previous.first.weekday == first.weekday,
        previous.first.time == first.time, previous.last.adding(days: 7) == first.date
      {
        runs[runs.count - 1].last = last
      } else {
        runs.append((first, last))
      }
      k = j + 1
    }
    let anchor = episode.map {
      EpisodeAnchor(date: release(series.instant(Int64($0.index))).date, number: $0.number)
    }
    let shared = origin(anchor)
    let skips = series.skip.map { release($0).date }
    return runs.enumerated().map { i, run in
      var entry = serial
      entry.time = run.first.time
      entry.start = i == 0 && series.openStart ? nil : run.first.date
      entry.end = i == runs.count - 1 && series.openEnd ? nil : run.last
      entry.skip = skips.filter {
        $0.weekday == run.first.weekday && $0 >= run.first.date && $0 <= run.last
      }
      entry.origin = shared
      return (run.first.weekday, entry)
    }
  }
}
