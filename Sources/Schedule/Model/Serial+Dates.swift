/// What an entry's dates say about one day of the calendar, and the order a day lists them in.
extension Serial {
  /// Whether any date limits it (`start`, `end` or `skip`); one without shows on every
  /// date of its weekday, so a day of only such entries needs no filtering.
  public var isDated: Bool { start != nil || end != nil || !skip.isEmpty || every > 1 }

  /// Whether it appears on `date`, a date of the weekday it is listed under: not before
  /// `start`, not after `end`, not on a `skip` date, and in one of its weeks.
  ///
  /// - Complexity: O(skip dates).
  public func appears(on date: CivilDate) -> Bool {
    isScheduled(on: date) && !skip.contains(date)
  }

  /// Whether `date` is one of its release dates, a break or not: within `start` and
  /// `end`, and with `every` weeks, `every` weeks on from the first.
  public func isScheduled(on date: CivilDate) -> Bool {
    if let start, date < start { return false }
    if let end, date > end { return false }
    guard every > 1, let start else { return true }
    return CivilDate.floorMod(start.days(to: date) / 7, every) == 0
  }

  /// Whether `date` would be a release but is a `skip` date: a break, shown as one.
  public func isOnBreak(on date: CivilDate) -> Bool {
    !skip.isEmpty && skip.contains(date) && isScheduled(on: date)
  }

  /// The episode that comes out on `date`: 1 on the first date of `date`'s weekday on or
  /// after `start`, one more each week, skipped weeks not counted; nil without a `start`
  /// or before it.
  ///
  /// `date` is taken to be a release date (the caller checks `appears(on:)`). A skip date
  /// counts only when it would have been a release: on that weekday, from the first
  /// release on, before `date`.
  ///
  /// - Complexity: O(skip dates).
  /// An entry a source made counts from the number its source gave (`Origin.episode`),
  /// and has none when the source has none.
  public func episode(on date: CivilDate) -> Int? {
    if let origin {
      guard let anchor = origin.episode else { return nil }
      return anchor.number(on: date) - skip.filter { $0 >= anchor.date && $0 < date }.count
    }
    guard let start else { return nil }
    let first = start.adding(
      days: CivilDate.floorMod(date.weekday.rawValue - start.weekday.rawValue, 7))
    guard first <= date else { return nil }
    let weeks = first.days(to: date) / 7
    var skipped = Set<CivilDate>()
    for day in skip where day >= first && day < date && first.days(to: day) % (7 * every) == 0 {
      skipped.insert(day)
    }
    return weeks / every + 1 - skipped.count
  }
}

extension Array where Element == Serial {
  /// The entries in the order a day lists them: by release time, entries without a time
  /// after the timed ones, file order kept among equals.
  ///
  /// - Complexity: O(n log n); O(n) when already in order (the common case).
  public func orderedByTime() -> [Serial] {
    guard let order = orderByTime() else { return self }
    return order.map { self[$0] }
  }

  /// Puts the entries in the order a day lists them (`orderedByTime()`) where they are:
  /// a long day is never held twice.
  ///
  /// - Complexity: O(n log n); O(n) when already in order.
  public mutating func sortByTime() {
    guard var order = orderByTime() else { return }
    // Each cycle of the permutation moved along, one entry held aside.
    for start in order.indices where order[start] != start {
      let first = self[start]
      var k = start
      while true {
        let source = order[k]
        order[k] = k
        if source == start {
          self[k] = first
          break
        }
        self[k] = self[source]
        k = source
      }
    }
  }

  /// The positions of the entries in the order a day lists them (`orderedByTime()`);
  /// nil when they are in it already.
  ///
  /// - Complexity: O(n log n); O(n) when already in order (the common case).
  public func orderByTime() -> [Int]? {
    // The times alone: comparing whole entries copied each one (a start sorts every day).
    Self.order(times: map { $0.time })
  }

  /// The order `orderByTime()` gives entries with these times; nil when in order.
  static func order(times: [ReleaseTime?]) -> [Int]? {
    func precedes(_ a: ReleaseTime?, _ b: ReleaseTime?) -> Bool {
      switch (a, b) {
      case (let x?, let y?): return x < y
      case (.some, nil): return true
      case (nil, _): return false
      }
    }
    if times.indices.dropFirst().allSatisfy({ !precedes(times[$0], times[$0 - 1]) }) {
      return nil
    }
    return times.indices.sorted { a, b in
      precedes(times[a], times[b]) || (!precedes(times[b], times[a]) && a < b)
    }
  }
}
