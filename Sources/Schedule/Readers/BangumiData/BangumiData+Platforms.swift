/// The streaming platforms' own slots: each entry of `sites` with a `begin` or a
/// `broadcast` of its own, like the item's TV `begin` and `broadcast`.
extension BangumiDataReader {
  /// The slots of `item`'s platforms, in the source's order.
  ///
  /// - `broadcast` `R/<instant>/P7D` (or `P1D`) is a weekly (daily) slot, `P0D` one
  ///   release; a `begin` with no `broadcast` (or an empty one) is one release.
  /// - An empty `begin` and an empty `broadcast` give no slot; a value that is not an
  ///   instant or an interval is a warning naming its path, and that site has no slot.
  /// - A weekly slot ends as the TV's does, moved by the platform's delay.
  mutating func platformSlots(_ item: Item) -> [PlatformSlot] {
    var slots: [PlatformSlot] = []
    for times in item.platforms where !slots.contains(where: { $0.site == times.site }) {
      if let slot = platformSlot(times, item: item) { slots.append(slot) }
    }
    // Of their exact size: kept by every piece's origin, grown by appending a third of
    // them would be spare (2.5 MB of bangumi-data's 12.5 MB peak were these arrays).
    return slots.withUnsafeBufferPointer(Array.init)
  }

  private mutating func platformSlot(_ times: SiteTimes, item: Item) -> PlatformSlot? {
    if let broadcast = times.broadcast, !broadcast.text.isEmpty {
      guard let (first, repeats, days) = Self.interval(broadcast.text) else {
        problems.warn(
          &reader, at: broadcast.at, path: times.path + ".broadcast",
          "expected a repeating interval such as \"R/2024-10-06T08:00:00.000Z/P7D\", found \(quoted(broadcast.text))"
        )
        return nil
      }
      if days == 0 { return PlatformSlot(site: times.site, airing: .once(first)) }
      guard days == 7 || days == 1 else { return nil }
      var last = repeats.map { first + Int64(max(0, $0 - 1) * days) * 86_400 + 86_399 }
      if let end = tvEnd(item, platformFirst: first) { last = min(last ?? end, end) }
      return PlatformSlot(
        site: times.site, airing: .repeating(first: first, everyDays: days, last: last))
    }
    guard let begin = times.begin, !begin.text.isEmpty else { return nil }
    guard let instant = ISOInstant.parse(begin.text) else {
      problems.warn(
        &reader, at: begin.at, path: times.path + ".begin",
        "expected an ISO 8601 instant, found \(quoted(begin.text))")
      return nil
    }
    return PlatformSlot(site: times.site, airing: .once(instant))
  }

  /// The end of the item's run moved by the platform's delay (its first release after
  /// the TV's first), with a day of slack as the TV's has; nil when the run is open.
  private func tvEnd(_ item: Item, platformFirst: Int64) -> Int64? {
    guard let end = item.end, !end.text.isEmpty, let last = ISOInstant.parse(end.text) else {
      return nil
    }
    let tvFirst =
      item.broadcast.flatMap { Self.interval($0.text)?.first }
      ?? item.begin.flatMap { ISOInstant.parse($0.text) }
    let delay = tvFirst.map { max(0, platformFirst - $0) } ?? 0
    return last + delay + 86_399
  }
}
