import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#endif

/// The system's clocks: the monotonic clock for animation, and the wall clock
/// with the local time zone's offset.
///
/// The one place youbi reads the time: the executable makes one and hands it
/// to everything that needs the time (the run loop, the state store's lock
/// deadline, the opener's patience, the terminal's escape-sequence timing).
public final class SystemClock: AppClock {
  private let origin = SystemClock.uptime()

  public init() {}

  public func now() -> Moment {
    Moment(uptime: Self.uptime() - origin, wall: Self.wall())
  }

  /// The time since boot, sleep included: what `ContinuousClock` reads on Linux, read
  /// here directly so youbi needs no `_Concurrency` (whose clocks live there).
  static func uptime() -> Duration {
    var t = timespec()
    clock_gettime(CLOCK_BOOTTIME, &t)
    return .seconds(Int64(t.tv_sec)) + .nanoseconds(Int64(t.tv_nsec))
  }

  /// The wall clock and the local zone's offset (the zone `TZ` named at start), with the
  /// zone's offsets around it (`localZone`).
  static func wall() -> WallTime {
    let now = Int64(time(nil))
    return WallTime(
      seconds: now, utcOffset: SystemTimeZones().localOffset(at: now), zone: localZone)
  }

  /// The local zone's offsets from a year before the first time it is asked for to three
  /// years after: what the app needs to tell the local time of a release that falls
  /// after a daylight-saving change (the detail box's slots), read once.
  static let localZone: ZoneOffsets? = {
    let now = Int64(time(nil))
    return ZoneOffsets(
      zones: SystemTimeZones(), zone: nil, span: (now - 400 * 86_400)...(now + 3 * 366 * 86_400))
  }()
}
