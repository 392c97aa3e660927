/// When a serial airs, as its source said it: the model keeps this, and the local
/// weekday and time are worked out from it for each week shown (`LocalCalendar`).
///
/// A source's weekday is never trusted over its time: a weekly slot is a wall time in a
/// named zone, or an instant that repeats, and both become a local weekday only through
/// the zone database, week by week, so a daylight-saving change moves the slot only in
/// the weeks it applies to.
public enum Airing: Hashable, Sendable {
  /// Every `everyDays` days (7 weekly, 1 daily) from the instant `first` (seconds since
  /// 1970 UTC), the last at or before `last` (open when nil): bangumi-data's
  /// `R/<instant>/P7D`, AniList's next episode.
  case repeating(first: Int64, everyDays: Int, last: Int64?)
  /// Every week at a wall time in a zone (Jikan, MyAnimeList, a Youbi file with a
  /// `timezone`, an iCalendar rule with a `TZID`).
  case weekly(ZonedSlot)
  /// Once, at the instant (seconds since 1970 UTC): a film's release, one AniList airing.
  case once(Int64)
}

/// A weekly slot on the wall clocks of a zone: `weekday` at `minutes` past its midnight
/// (past 24:00 on the 30-hour clock as a schedule writes it), on the dates of that
/// weekday (in the zone) from `first` through `last`, except `skip`.
public struct ZonedSlot: Hashable, Sendable {
  public var weekday: Weekday
  /// 0 to 47:59 (2879): `25:30` is 01:30 of the next day's calendar.
  public var minutes: Int
  /// An IANA zone name (`Asia/Tokyo`); `UTC` is UTC.
  public var zone: String
  /// The first date (in the zone) an occurrence is listed on; open when nil.
  public var first: CivilDate?
  /// The last date (in the zone) an occurrence is listed on; open when nil.
  public var last: CivilDate?
  /// Listed dates (in the zone) with no release.
  public var skip: [CivilDate]

  public init(
    weekday: Weekday, minutes: Int, zone: String, first: CivilDate? = nil, last: CivilDate? = nil,
    skip: [CivilDate] = []
  ) {
    self.weekday = weekday
    self.minutes = minutes
    self.zone = zone
    self.first = first
    self.last = last
    self.skip = skip
  }

  /// The wall-clock second (seconds since 1970 as if the zone were UTC) of the occurrence
  /// listed on `date`, which should be a `weekday`.
  func wall(on date: CivilDate) -> Int64 {
    Int64(date.daysSince1970) * 86_400 + Int64(minutes) * 60
  }
}

/// One release on the local calendar: the date whose list it is in (days start at the
/// day-start hour) and its time on that list's 30-hour clock.
public struct LocalRelease: Hashable, Sendable, CustomStringConvertible {
  public var date: CivilDate
  public var time: ReleaseTime

  public init(date: CivilDate, time: ReleaseTime) {
    self.date = date
    self.time = time
  }

  public var weekday: Weekday { date.weekday }

  public var description: String { "\(date) \(date.weekday.englishLabel) \(time)" }
}
