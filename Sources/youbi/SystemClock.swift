import Schedule
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The system's clocks: the monotonic clock for animation, and the wall clock
/// with the local time zone's offset. The only place youbi reads the time.
final class SystemClock: AppClock {
  private let origin = ContinuousClock.now

  func now() -> Moment {
    Moment(uptime: ContinuousClock.now - origin, wall: Self.wall())
  }

  /// The wall clock and the local zone's offset (`TZ` honoured), read under the
  /// lock on the process's time zone: a schedule loading on another thread may be
  /// converting an iCalendar file's times with `TZ` set to another zone for a moment.
  static func wall() -> WallTime {
    SystemTimeZones.withZone {
      var now = time(nil)
      var parts = tm()
      localtime_r(&now, &parts)
      return WallTime(seconds: Int64(now), utcOffset: parts.tm_gmtoff)
    }
  }
}
