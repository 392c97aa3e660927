import Schedule

/// A week of serials, as both the raw schedule and the safe one the app shows hold it.
public protocol WeekOfSerials {
  /// The serials of `day`, in the order the week lists them.
  subscript(day: Weekday) -> [Serial] { get }
}

extension Schedule.Section: WeekOfSerials {}
extension SafeSchedule: WeekOfSerials {}

/// One release of one serial: the date it is listed under, at its time.
///
/// The instant is the listed date's midnight plus the time on the 30-hour clock, on
/// the local wall clock (seconds since the local 1970-01-01 00:00), so `25:30` on a
/// Monday comes out at 01:30 on Tuesday and is still Monday's release.
public struct Release: Equatable, Sendable {
  /// Which of the weeks it comes from (their order as given).
  public var section: Int
  /// Its position in its weekday's list, for a stable order among equals.
  public var index: Int
  public var serial: Serial
  /// The date it is listed under.
  public var date: CivilDate
  /// When it comes out, in local seconds since 1970.
  public var local: Int64

  public init(section: Int, index: Int, serial: Serial, date: CivilDate, local: Int64) {
    self.section = section
    self.index = index
    self.serial = serial
    self.date = date
    self.local = local
  }

  /// Its release time as the schedule writes it (`25:30`).
  public var time: ReleaseTime { serial.time! }

  /// The episode it brings, when the serial counts them, as the week shows it.
  public var episode: Int? { serial.shownEpisode(on: date) }

  /// The instant `serial` comes out on `date`, in local seconds; nil without a time.
  public static func instant(of serial: Serial, on date: CivilDate) -> Int64? {
    guard let time = serial.time else { return nil }
    return Int64(date.daysSince1970) * 86_400 + Int64(time.minutes) * 60
  }

  /// Whether `a` comes before `b`: by instant, then section, then list position.
  static func precedes(_ a: Release, _ b: Release) -> Bool {
    (a.local, a.section, a.date.daysSince1970, a.index)
      < (b.local, b.section, b.date.daysSince1970, b.index)
  }
}
