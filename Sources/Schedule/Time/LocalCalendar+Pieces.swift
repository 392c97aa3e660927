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
    /// The wall-clock second of occurrence `k` on the zone's clocks, for a series that
    /// keeps a zone's wall clock.
    var wall: ((Int64) -> Int64)? = nil

    /// Whether the zone's clocks never showed occurrence `k`'s wall time: it fell in a
    /// gap when they went forward, and its instant was reckoned with the offset before.
    func isSkippedWallTime(_ k: Int64) -> Bool {
      guard let zone, let wall else { return false }
      let t = instant(k)
      return t + Int64(zone.offset(at: t)) != wall(k)
    }
  }

  /// The entries a series becomes: one per run of weeks with the same local weekday and
  /// time, each dated from its first to its last week.
  ///
  /// From each occurrence the next offset change (local or the series' zone) is looked
  /// up and every week before it is taken in one step: the weekday and time cannot
  /// change between two changes. Only the weeks within `horizonWeeks` of today are
  /// worked out so; before and after them one run each goes on with the weekday and
  /// time of the occurrence nearest them, so a series since 1970 costs what a new one
  /// does. An occurrence whose wall time the zone skipped (a daylight-saving gap) is a
  /// run of its own: moved forward by the gap that day only (RFC 5545 §3.3.5).
  ///
  /// - Complexity: O(offset changes within the horizon × log changes).
  mutating func pieces(
    _ series: Series, _ serial: Serial, episode: (index: Int, number: Int)?,
    origin: (EpisodeAnchor?) -> Origin
  ) -> [(Weekday, Serial)] {
    guard series.count > 0 else { return [] }
    let runs = self.runs(of: series)
    let local = localTable()
    func release(_ t: Int64) -> LocalRelease {
      calendar.release(at: t, offset: local.offset(at: t))
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

  /// The runs of weeks of `series` that share a local weekday and time: the first
  /// release of each and its last date.
  mutating func runs(of series: Series) -> [(first: LocalRelease, last: CivilDate)] {
    let local = localTable()
    let window = horizonIndices(series)
    var runs: [(first: LocalRelease, last: CivilDate)] = []
    var k: Int64 = 0
    while k < series.count {
      let (j, at) = runEnd(series, from: k, window: window, local: local)
      let shown = calendar.release(
        at: series.instant(at), offset: local.offset(at: series.instant(at)))
      let first = LocalRelease(date: shown.date.adding(days: -Int(at - k) * 7), time: shown.time)
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
    return runs
  }

  /// The last occurrence of the run that begins at `k`, and the occurrence whose local
  /// weekday and time the run has.
  func runEnd(
    _ series: Series, from k: Int64, window: (first: Int64, last: Int64), local: ZoneOffsets
  ) -> (last: Int64, shown: Int64) {
    let end = series.count - 1
    if k < window.first { return (window.first - 1, window.first - 1) }
    if k > window.last { return (end, k) }
    let t = series.instant(k)
    if series.isSkippedWallTime(k) { return (k, k) }
    var change = local.nextChange(after: t)
    if let zoneChange = series.zone?.nextChange(after: t) {
      change = min(change ?? zoneChange, zoneChange)
    }
    var j = min(end, window.last)
    let week: Int64 = 7 * 86_400
    if let change { j = max(k, min(j, k + (change - t + week - 1) / week - 1)) }
    return (j, k)
  }

  /// The occurrences within `horizonWeeks` of today: the first at or after its start
  /// and the last at or before its end (`last < first` when none is).
  func horizonIndices(_ series: Series) -> (first: Int64, last: Int64) {
    let dates = calendar.horizonDates
    let (from, to) = (
      Int64(dates.first.daysSince1970) * 86_400, Int64(dates.last.daysSince1970) * 86_400
    )
    let week: Int64 = 7 * 86_400
    let t0 = series.instant(0)
    var low = min(series.count, max(0, (from - t0) / week))
    while low > 0 && series.instant(low - 1) >= from { low -= 1 }
    while low < series.count && series.instant(low) < from { low += 1 }
    var high = min(series.count - 1, max(-1, (to - t0) / week))
    while high < series.count - 1 && series.instant(high + 1) <= to { high += 1 }
    while high >= 0 && series.instant(high) > to { high -= 1 }
    return (low, high)
  }
}
