import PagerCore
import Schedule

/// An instant as the app reads it, on both of its clocks.
///
/// Nothing in the app reads a clock: the run loop reads an `AppClock` and
/// passes a `Moment` into every update, so tests drive time by hand.
public struct Moment: Equatable, Sendable {
  /// Monotonic time since an origin of the clock's choosing: paces animation, never jumps.
  public var uptime: Duration
  /// The wall clock in the local time zone: decides today, the rollover and countdowns.
  public var wall: WallTime

  public init(uptime: Duration, wall: WallTime) {
    self.uptime = uptime
    self.wall = wall
  }
}

/// Wall-clock time: seconds since the Unix epoch, with the local zone's offset at that
/// instant and, when the clock read the zone database, the zone's offsets before and
/// after it.
public struct WallTime: Equatable, Hashable, Sendable {
  /// Seconds since 1970-01-01 00:00 UTC.
  public var seconds: Int64
  /// Seconds east of UTC in the local time zone at this instant (DST included).
  public var utcOffset: Int
  /// The local zone's offsets over the years around this instant, as the clock read them
  /// from the zone database (data: the app looks nothing up); nil when the clock gave
  /// only `utcOffset` (then it is taken to hold at every instant).
  package var zone: ZoneOffsets?

  public init(seconds: Int64, utcOffset: Int = 0) {
    self.seconds = seconds
    self.utcOffset = utcOffset
  }

  /// A wall time with the local zone's offsets around it (`zone`).
  package init(seconds: Int64, utcOffset: Int, zone: ZoneOffsets?) {
    self.seconds = seconds
    self.utcOffset = utcOffset
    self.zone = zone
  }

  /// Seconds east of UTC in the local time zone at the instant `t`: from `zone`, else
  /// `utcOffset`.
  public func offset(at t: Int64) -> Int { zone?.offset(at: t) ?? utcOffset }

  /// The local date and time written as if it were UTC: seconds since the local
  /// 1970-01-01 00:00, so civil arithmetic (days, hours) needs no time zone.
  public var localSeconds: Int64 { seconds + Int64(utcOffset) }

  /// The local weekday (of the calendar day, whatever hour the day starts).
  public var weekday: Weekday { date(dayStartHour: 0).weekday }
}

/// Where the run loop, and the runtime's waits, read the time.
public protocol AppClock: Sendable {
  func now() -> Moment
}
