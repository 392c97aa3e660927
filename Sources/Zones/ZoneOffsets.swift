/// One zone's offsets from UTC over a span of time, as a table of its changes, read
/// from a `TimeZoneDatabase` once so that placing thousands of weekly slots costs a
/// binary search each, not a call into libc.
///
/// The database is probed every `step` seconds across the span and each change found is
/// narrowed down to the second; two changes closer together than a step (none in the
/// zone database since 1970) would be missed.
package struct ZoneOffsets: Hashable, Sendable {
  /// When each offset begins, ascending; the first applies from the start of time.
  private(set) var starts: [Int64]
  private(set) var offsets: [Int]

  /// A zone with one offset always (UTC, Asia/Tokyo since 1951).
  package init(constant offset: Int) {
    starts = [.min]
    offsets = [offset]
  }

  /// The probing step: a week.
  static let step: Int64 = 7 * 86_400

  /// Reads zone `id` (nil: the local zone) over `span`; nil when the database does not
  /// know the zone.
  ///
  /// - Complexity: O(span / step) probes, in one call, then about 20 calls for all the
  ///   changes together.
  package init?(zones: any TimeZoneDatabase, zone id: String?, span: ClosedRange<Int64>) {
    var probes: [Int64] = []
    var t = span.lowerBound
    while t < span.upperBound {
      probes.append(t)
      t += Self.step
    }
    probes.append(span.upperBound)
    guard let found = zones.offsets(at: probes, inZone: id), found.count == probes.count else {
      return nil
    }
    starts = [.min]
    offsets = [found[0]]
    // Each change lies in (low, high]: the offset at low is the old one, at high the new.
    var bounds: [(low: Int64, high: Int64, to: Int)] = []
    for i in 1..<probes.count where found[i] != found[i - 1] {
      bounds.append((probes[i - 1], probes[i], found[i]))
    }
    while bounds.contains(where: { $0.high - $0.low > 1 }) {
      let middles = bounds.map { $0.low + ($0.high - $0.low) / 2 }
      guard let at = zones.offsets(at: middles, inZone: id), at.count == middles.count else {
        return nil
      }
      for i in bounds.indices where bounds[i].high - bounds[i].low > 1 {
        if at[i] == bounds[i].to { bounds[i].high = middles[i] } else { bounds[i].low = middles[i] }
      }
    }
    for change in bounds {
      starts.append(change.high)
      offsets.append(change.to)
    }
  }

  /// The index of the offset in force at `t`.
  private func index(at t: Int64) -> Int {
    var (low, high) = (0, starts.count - 1)
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= t { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// Seconds east of UTC at the instant `t`.
  package func offset(at t: Int64) -> Int { offsets[index(at: t)] }

  /// The first change after `t`; nil when none is known.
  package func nextChange(after t: Int64) -> Int64? {
    let i = index(at: t) + 1
    return i < starts.count ? starts[i] : nil
  }

  /// The instant the zone's wall clocks show `wall`: the first of two when the clocks
  /// went back, and for a time skipped when they went forward, the one reckoned with
  /// the offset before the change (as RFC 5545 §3.3.5 says).
  package func instant(ofWall wall: Int64) -> Int64 {
    let before = offset(at: wall - 86_400)
    let after = offset(at: wall + 86_400)
    let consistent = Set([before, after]).filter { offset(at: wall - Int64($0)) == $0 }
    if let largest = consistent.max() { return wall - Int64(largest) }
    return wall - Int64(before)
  }
}
