import PagerCore

/// An ISO 8601 week (`2026-W49`): the week a read mark belongs to.
///
/// ISO weeks start on Monday, and week 1 is the week holding the year's first
/// Thursday, so a week never straddles two week-years: 2026-12-31 (a
/// Thursday) is in 2026-W53 and 2027-01-01 is too. Read marks are kept per
/// week because a serial is read again every week; a new week starts unread.
///
/// The value is computed from a count of local days, never from a clock, so
/// the state decides "this week" from the wall time it is handed.
public struct WeekKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The ISO week-numbering year (not always the calendar year of every day in it).
  public let year: Int
  /// 1…52, or 53 in a long year.
  public let week: Int

  /// The week `week` of ISO year `year`; nil when that year has no such week.
  public init?(year: Int, week: Int) {
    guard (1...Self.weeks(inYear: year)).contains(week) else { return nil }
    self.year = year
    self.week = week
  }

  /// The week holding `day` (days since 1970-01-01, local).
  public init(day: Int64) {
    // The Thursday of the same ISO week names the week-year.
    let thursday = day - Self.weekdayIndex(day) + 3
    let year = Self.civil(fromDays: thursday).year
    self.year = year
    self.week = Int((thursday - Self.days(year: year, month: 1, day: 1)) / 7) + 1
  }

  /// The local week holding the instant `wall`.
  public init(_ wall: WallTime) {
    self.init(day: wall.localSeconds.floorDivided(by: 86_400))
  }

  /// The Monday that starts this week, in days since 1970-01-01.
  public var monday: Int64 {
    let january4 = Self.days(year: year, month: 1, day: 4)  // always in week 1
    return january4 - Self.weekdayIndex(january4) + Int64(week - 1) * 7
  }

  /// The week `weeks` later (earlier when negative).
  public func advanced(by weeks: Int) -> WeekKey {
    WeekKey(day: monday + Int64(weeks) * 7)
  }

  /// `2026-W49`, the form the state file uses.
  public var description: String {
    let w = week < 10 ? "0\(week)" : "\(week)"
    return "\(year)-W\(w)"
  }

  /// Parses the form `description` writes (`YYYY-Www`); nil for anything else.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W"),
      let year = Self.digits(bytes[0..<4]), let week = Self.digits(bytes[6..<8])
    else { return nil }
    self.init(year: year, week: week)
  }

  public static func < (a: WeekKey, b: WeekKey) -> Bool {
    (a.year, a.week) < (b.year, b.week)
  }

  /// 53 when the year starts on a Thursday, or is a leap year starting on a
  /// Wednesday (equivalently: its December 28th is in week 53); else 52.
  public static func weeks(inYear year: Int) -> Int {
    let december28 = days(year: year, month: 12, day: 28)  // always in the last week
    let thursday = december28 - weekdayIndex(december28) + 3
    return Int((thursday - days(year: year, month: 1, day: 1)) / 7) + 1
  }

  // MARK: - Civil calendar arithmetic (proleptic Gregorian)

  /// Monday 0 … Sunday 6 for a day count (1970-01-01 was a Thursday).
  static func weekdayIndex(_ day: Int64) -> Int64 { (day + 3).wrapped(7) }

  /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = y.floorDivided(by: 400)
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count (Howard Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = z.floorDivided(by: 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for b in bytes {
      guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(b - UInt8(ascii: "0"))
    }
    return value
  }
}
