/// What the readers need to know about time zones, passed in so every reader stays a
/// pure function of its input.
///
/// `SystemTimeZones` answers from the system's zone database through libc; tests pass
/// a fixed table, or the system's with a named local zone.
public protocol TimeZoneDatabase: Sendable {
  /// Seconds east of UTC of the local time zone (the one `TZ` names, else the system's)
  /// at the instant `utc` (seconds since 1970-01-01 00:00 UTC).
  func localOffset(at utc: Int64) -> Int

  /// The instant (seconds since 1970 UTC) at which the wall clocks of zone `id` (an
  /// IANA name such as `Asia/Tokyo`) show `local` (seconds since 1970 as if that wall
  /// clock were UTC); nil when the zone is unknown.
  func instant(ofLocal local: Int64, inZone id: String) -> Int64?

  /// Seconds east of UTC at each of `instants`: of zone `id`, or of the local zone when
  /// `id` is nil; nil when the zone is unknown.
  ///
  /// One call for many instants, so a database that must switch the process's zone to
  /// answer switches it once.
  func offsets(at instants: [Int64], inZone id: String?) -> [Int]?
}

extension TimeZoneDatabase {
  /// Built on the other two: the local zone's offsets one by one, and a zone's from the
  /// instant its wall clock shows `t` plus the offset near `t`.
  public func offsets(at instants: [Int64], inZone id: String?) -> [Int]? {
    guard let id else { return instants.map { localOffset(at: $0) } }
    if id == "UTC" { return instants.map { _ in 0 } }
    var found: [Int] = []
    found.reserveCapacity(instants.count)
    for t in instants {
      guard let near = instant(ofLocal: t, inZone: id) else { return nil }
      let guess = Int(t - near)
      guard let at = instant(ofLocal: t + Int64(guess), inZone: id) else { return nil }
      found.append(Int(t + Int64(guess) - at))
    }
    return found
  }
}
