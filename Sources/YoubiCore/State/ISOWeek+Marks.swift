import PagerCore
import Schedule

/// What read marks need of an ISO week: the local week of an instant, its
/// Monday, stepping by weeks, and the `2026-W49` text of the state file.
///
/// ISO weeks start on Monday, and week 1 is the week holding the year's first
/// Thursday, so a week never straddles two week-years: 2026-12-31 (a
/// Thursday) is in 2026-W53 and 2027-01-01 is too. Read marks are kept per
/// week because a serial is read again every week; a new week starts unread.
/// The calendar arithmetic is `CivilDate`'s; nothing here reads a clock.
extension ISOWeek {
  /// The local week holding the instant `wall` (it turns at local midnight
  /// between Sunday and Monday).
  public init(_ wall: WallTime) {
    self = wall.date(dayStartHour: 0).isoWeek
  }

  /// The Monday that starts this week.
  public var monday: CivilDate {
    let january4 = CivilDate(daysSince1970: Self.january4(of: year))  // always in week 1
    return january4.adding(days: -(january4.weekday.rawValue) + (week - 1) * 7)
  }

  /// The week `weeks` later (earlier when negative).
  public func advanced(by weeks: Int) -> ISOWeek {
    monday.adding(days: weeks * 7).isoWeek
  }

  /// 53 when the year starts on a Thursday, or is a leap year starting on a
  /// Wednesday (equivalently: its December 28th is in week 53); else 52.
  public static func weeks(inYear year: Int) -> Int {
    // December 28th is always in the year's last week.
    (CivilDate(year: year, month: 12, day: 28)?.isoWeek.week) ?? 52
  }

  /// Reads exactly the form `description` writes (`YYYY-Www`, a week the
  /// year has); nil for anything else.
  public init?(parsing text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W"),
      let year = Self.digits(bytes[0..<4]), let week = Self.digits(bytes[6..<8]),
      (1...Self.weeks(inYear: year)).contains(week)
    else { return nil }
    self.init(year: year, week: week)
  }

  /// Days since 1970-01-01 of January 4th of `year`.
  private static func january4(of year: Int) -> Int {
    // Every year has a January 4th; the fallback is never taken.
    CivilDate(year: year, month: 1, day: 4)?.daysSince1970 ?? 0
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
