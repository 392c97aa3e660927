/// What the iCalendar reader needs to know about time zones, passed in so the reader
/// stays a pure function of its input.
///
/// `SystemTimeZones` answers from the system's zone database through libc; tests pass
/// a fixed table.
public protocol TimeZoneDatabase: Sendable {
  /// Seconds east of UTC of the local time zone (the one `TZ` names, else the system's)
  /// at the instant `utc` (seconds since 1970-01-01 00:00 UTC).
  func localOffset(at utc: Int64) -> Int

  /// The instant (seconds since 1970 UTC) at which the wall clocks of zone `id` (an
  /// IANA name such as `Asia/Tokyo`) show `local` (seconds since 1970 as if that wall
  /// clock were UTC); nil when the zone is unknown.
  func instant(ofLocal local: Int64, inZone id: String) -> Int64?
}
