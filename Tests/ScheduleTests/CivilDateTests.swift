import Testing

@testable import Schedule

@Suite struct CivilDateTests {
  /// Dates checked against Python's `datetime` (proleptic Gregorian).
  static let known: [(y: Int, m: Int, d: Int, days: Int, weekday: Weekday, iso: String)] = [
    (1970, 1, 1, 0, .thursday, "1970-W01"),
    (2000, 2, 29, 11_016, .tuesday, "2000-W09"),
    (2026, 11, 30, 20_787, .monday, "2026-W49"),
    (2026, 12, 31, 20_818, .thursday, "2026-W53"),
    (2027, 1, 1, 20_819, .friday, "2026-W53"),
    (2027, 1, 4, 20_822, .monday, "2027-W01"),
    (2024, 12, 30, 20_087, .monday, "2025-W01"),
    (2021, 1, 3, 18_630, .sunday, "2020-W53"),
    (2008, 12, 29, 14_242, .monday, "2009-W01"),
    (2010, 1, 3, 14_612, .sunday, "2009-W53"),
    (2400, 2, 29, 157_113, .tuesday, "2400-W09"),
    (9999, 12, 31, 2_932_896, .friday, "9999-W52"),
    (1, 1, 1, -719_162, .monday, "1-W01"),
  ]

  @Test(arguments: known)
  func knownDates(_ k: (y: Int, m: Int, d: Int, days: Int, weekday: Weekday, iso: String)) {
    let d = date(k.y, k.m, k.d)
    #expect(d.daysSince1970 == k.days)
    #expect(CivilDate(daysSince1970: k.days) == d)
    #expect(d.components == (k.y, k.m, k.d))
    #expect(d.weekday == k.weekday)
    #expect(d.isoWeek.description == k.iso)
  }

  /// Day by day from 1969 to 2101, the parts step exactly as a calendar
  /// does: the next day, or the first of the next month or year, with
  /// February's length following the leap-year rule.
  @Test func everyDayFollowsTheCalendar() {
    var d = date(1969, 1, 1)
    var (y, m, day) = (1969, 1, 1)
    var weekday = d.weekday
    while y < 2102 {
      let next = d.adding(days: 1)
      day += 1
      let length =
        m == 2
        ? (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) ? 29 : 28)
        : [4, 6, 9, 11].contains(m) ? 30 : 31
      if day > length {
        day = 1
        m += 1
        if m > 12 {
          m = 1
          y += 1
        }
      }
      #expect(next.components == (y, m, day), "after \(d)")
      #expect(CivilDate(year: y, month: m, day: day) == next)
      weekday = Weekday(rawValue: (weekday.rawValue + 1) % 7)!
      #expect(next.weekday == weekday)
      #expect(d.days(to: next) == 1 && d < next)
      d = next
    }
  }

  @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
    #expect(date(2024, 2, 28).adding(days: 1) == date(2024, 2, 29))
    #expect(date(2023, 2, 28).adding(days: 1) == date(2023, 3, 1))
    #expect(date(2100, 2, 28).adding(days: 1) == date(2100, 3, 1))
    #expect(date(2000, 2, 28).adding(days: 1) == date(2000, 2, 29))
    #expect(date(2026, 12, 31).adding(days: 1) == date(2027, 1, 1))
    #expect(date(2027, 1, 1).adding(days: -1) == date(2026, 12, 31))
    #expect(date(1970, 1, 1).adding(days: -1) == date(1969, 12, 31))
    #expect(date(2026, 1, 31).adding(days: 29) == date(2026, 3, 1))
    #expect(date(2024, 3, 1).adding(days: -1) == date(2024, 2, 29))
    #expect(date(2026, 11, 30).adding(days: 7 * 52) == date(2027, 11, 29))
    #expect(date(2000, 1, 1).days(to: date(2001, 1, 1)) == 366)
    #expect(date(2001, 1, 1).days(to: date(2002, 1, 1)) == 365)
    #expect(date(2026, 3, 1).dayOfYear == 60)
    #expect(date(2024, 12, 31).dayOfYear == 366)
  }

  @Test func impossibleDatesAreNil() {
    #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
    #expect(CivilDate(year: 2026, month: 0, day: 1) == nil)
    #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
    #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
  }

  /// Every ISO week has seven days, Monday to Sunday, and week numbers run
  /// 1…52 or 1…53 without a gap.
  @Test func isoWeeksRunMondayToSunday() {
    var d = date(1999, 12, 27)  // a Monday
    var previous = d.isoWeek
    while d < date(2031, 1, 1) {
      for k in 0..<7 { #expect(d.adding(days: k).isoWeek == d.isoWeek) }
      d = d.adding(days: 7)
      let week = d.isoWeek
      let continues =
        (week.year == previous.year && week.week == previous.week + 1)
        || (week.year == previous.year + 1 && week.week == 1 && previous.week >= 52)
      #expect(continues, "\(previous) → \(week)")
      previous = week
    }
  }

  static let texts: [(String, CivilDate?, CivilDate.ParseError?)] = [
    ("2026-11-30", date(2026, 11, 30), nil),
    ("1970-01-01", date(1970, 1, 1), nil),
    ("9999-12-31", date(9999, 12, 31), nil),
    ("2024-02-29", date(2024, 2, 29), nil),
    ("2026-02-29", nil, .noSuchDay),
    ("2026-00-10", nil, .noSuchDay),
    ("1969-12-31", nil, .unsupported),
    ("0000-01-01", nil, .unsupported),
    ("2026-1-05", nil, .notADate),
    ("2026/01/05", nil, .notADate),
    ("2026-01-05 ", nil, .notADate),
    ("+2026-01-05", nil, .notADate),
    ("20260105", nil, .notADate),
    ("", nil, .notADate),
    ("２０２６-01-05", nil, .notADate),
  ]

  @Test(arguments: texts)
  func parsing(_ text: String, _ expected: CivilDate?, _ problem: CivilDate.ParseError?) {
    do {
      let d = try CivilDate(parsing: text)
      #expect(d == expected)
      #expect(d.description == text)
    } catch {
      #expect(error == problem)
    }
  }

  @Test func descriptionPadsTheYear() {
    #expect(date(1, 2, 3).description == "0001-02-03")
    #expect(date(2026, 11, 30).description == "2026-11-30")
  }
}
