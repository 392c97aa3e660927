/// A day of the proleptic Gregorian calendar, with no time and no time zone.
///
/// Stored as days since 1970-01-01 (negative before it), so comparing,
/// adding days and counting the days between two dates are integer
/// arithmetic; year, month and day are derived with Howard Hinnant's
/// `civil_from_days` algorithms, exact for every `Int` day in range. Schedule
/// files take dates from 1970-01-01 to 9999-12-31 (`supported`).
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01, stored in 32 bits (about ±5.8 million years) to
  /// keep `Serial`, which holds two dates, small.
  private var days: Int32

  /// Days since 1970-01-01.
  public var daysSince1970: Int { Int(days) }

  /// The date `daysSince1970` days after 1970-01-01 (before it when
  /// negative), held within about ±5.8 million years: a count past them gives
  /// the first or last day there is, never a trap. (Readers check what a
  /// source says against the dates it can mean before they get here.)
  public init(daysSince1970: Int) {
    days = Int32(clamping: daysSince1970)
  }

  /// Nil unless `month` is 1–12 and `day` exists in that month (and the
  /// year is within about ±5.8 million).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else {
      return nil
    }
    // days_from_civil: years start in March, so the leap day ends a year.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    guard let days = Int32(exactly: era * 146_097 + dayOfEra - 719_468) else { return nil }
    self.days = days
  }

  /// The dates a schedule file may name: 1970-01-01 through 9999-12-31.
  public static let supported =
    CivilDate(daysSince1970: 0)...CivilDate(
      year: 9999, month: 12, day: 31)!

  // MARK: - Parts

  /// Year, month (1–12) and day (1–31), computed together.
  public var components: (year: Int, month: Int, day: Int) {
    let z = daysSince1970 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  public var year: Int { components.year }
  public var month: Int { components.month }
  public var day: Int { components.day }

  /// The day of the week; 1970-01-01 was a Thursday.
  public var weekday: Weekday {
    Weekday(rawValue: Self.floorMod(daysSince1970 + Weekday.thursday.rawValue, 7))!
  }

  /// The ISO 8601 week: weeks start on Monday, and week 1 is the one with
  /// the year's first Thursday, so 2026-12-31 is in 2026-W53 and 2027-01-01
  /// too.
  public var isoWeek: ISOWeek {
    let thursday = adding(days: Weekday.thursday.rawValue - weekday.rawValue)
    let year = thursday.year
    let first = CivilDate(year: year, month: 1, day: 1)!
    return ISOWeek(year: year, week: (thursday.daysSince1970 - first.daysSince1970) / 7 + 1)
  }

  /// Day 1–366 of the date's year.
  public var dayOfYear: Int {
    daysSince1970 - CivilDate(year: year, month: 1, day: 1)!.daysSince1970 + 1
  }

  // MARK: - Arithmetic

  public func adding(days: Int) -> CivilDate {
    let (sum, overflow) = daysSince1970.addingReportingOverflow(days)
    return CivilDate(daysSince1970: overflow ? (days < 0 ? .min : .max) : sum)
  }

  /// Days from `self` to `other`: positive when `other` is later.
  public func days(to other: CivilDate) -> Int { other.daysSince1970 - daysSince1970 }

  public static func < (a: CivilDate, b: CivilDate) -> Bool { a.days < b.days }

  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// 28–31; 0 for a month outside 1–12.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 1, 3, 5, 7, 8, 10, 12: 31
    case 4, 6, 9, 11: 30
    case 2: isLeapYear(year) ? 29 : 28
    default: 0
    }
  }

  /// The remainder of floored division, in `0..<n`.
  package static func floorMod(_ a: Int, _ n: Int) -> Int {
    let r = a % n
    return r < 0 ? r + n : r
  }

  // MARK: - Text

  /// `YYYY-MM-DD`, the year padded to four digits.
  public var description: String {
    let (y, m, d) = components
    guard (0...9999).contains(y) else { return Self.padded(y, m, d) }
    // Ten ASCII bytes: a small string, built without allocating.
    return String(unsafeUninitializedCapacity: 10) { out in
      ASCIIDigits.write(y, width: 4, into: out, at: 0)
      out[4] = UInt8(ascii: "-")
      ASCIIDigits.write(m, width: 2, into: out, at: 5)
      out[7] = UInt8(ascii: "-")
      ASCIIDigits.write(d, width: 2, into: out, at: 8)
      return 10
    }
  }

  /// `description` for a year of any number of digits, and before year 0.
  static func padded(_ y: Int, _ m: Int, _ d: Int) -> String {
    func pad(_ n: Int, _ width: Int) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    return (y < 0 ? "-" + pad(-y, 4) : pad(y, 4)) + "-" + pad(m, 2) + "-" + pad(d, 2)
  }

  /// Why text is not a supported date.
  public enum ParseError: Error, Equatable, Sendable {
    /// Not `YYYY-MM-DD` with digits.
    case notADate
    /// The format is right but the day is not in the calendar: `2026-02-30`.
    case noSuchDay
    /// A real date outside `supported`.
    case unsupported
  }

  /// Reads exactly `YYYY-MM-DD` (ASCII digits) naming a real date in
  /// `supported`.
  public init(parsing text: String) throws(ParseError) {
    var text = text
    let parts = text.withUTF8 { u -> (year: Int, month: Int, day: Int)? in
      guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return nil }
      func number(_ range: Range<Int>) -> Int? {
        var n = 0
        for i in range {
          guard u[i] >= UInt8(ascii: "0") && u[i] <= UInt8(ascii: "9") else { return nil }
          n = n * 10 + Int(u[i] - UInt8(ascii: "0"))
        }
        return n
      }
      guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
        return nil
      }
      return (year, month, day)
    }
    guard let parts else { throw .notADate }
    guard let date = CivilDate(year: parts.year, month: parts.month, day: parts.day) else {
      throw .noSuchDay
    }
    guard Self.supported.contains(date) else { throw .unsupported }
    self = date
  }
}

/// A week as ISO 8601 numbers it: `2026-W49`.
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The week-numbering year, which differs from the calendar year for a few
  /// days around New Year.
  public var year: Int
  /// 1–53.
  public var week: Int

  public init(year: Int, week: Int) {
    self.year = year
    self.week = week
  }

  public static func < (a: ISOWeek, b: ISOWeek) -> Bool { (a.year, a.week) < (b.year, b.week) }

  public var description: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }
}
