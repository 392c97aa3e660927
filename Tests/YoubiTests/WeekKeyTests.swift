import PagerCore
import Testing

@testable import Youbi

@Suite struct WeekKeyTests {
  /// Days since the epoch of a civil date.
  func day(_ y: Int, _ m: Int, _ d: Int) -> Int64 { WeekKey.days(year: y, month: m, day: d) }

  @Test(arguments: [
    (2026, 11, 30, "2026-W49"),  // the app tests' Monday
    (2026, 12, 31, "2026-W53"),  // 2026 starts on a Thursday: a long year
    (2027, 1, 3, "2026-W53"),  // a Sunday still in the old week-year
    (2027, 1, 4, "2027-W01"),
    (2020, 12, 31, "2020-W53"),  // leap year starting on a Wednesday
    (2021, 1, 1, "2020-W53"),
    (2019, 12, 30, "2020-W01"),  // a December Monday in next year's week 1
    (2008, 12, 29, "2009-W01"),
    (2024, 1, 1, "2024-W01"),
    (2023, 1, 1, "2022-W52"),
    (1970, 1, 1, "1970-W01"),
  ])
  func isoWeekOfKnownDates(_ y: Int, _ m: Int, _ d: Int, _ expected: String) {
    #expect(WeekKey(day: day(y, m, d)).description == expected)
  }

  @Test func everyDayOfFourDecadesLiesInItsWeek() {
    var previous = WeekKey(day: day(1999, 12, 31))
    for n in day(2000, 1, 1)...day(2040, 12, 31) {
      let week = WeekKey(day: n)
      #expect(week.monday <= n && n < week.monday + 7)
      #expect(WeekKey(week.description) == week)
      if WeekKey.weekdayIndex(n) == 0 {
        #expect(week > previous && week == previous.advanced(by: 1))
        #expect(week.advanced(by: -1) == previous)
      } else {
        #expect(week == previous)
      }
      previous = week
    }
  }

  @Test func weeksInYear() {
    #expect(WeekKey.weeks(inYear: 2026) == 53)
    #expect(WeekKey.weeks(inYear: 2020) == 53)
    #expect(WeekKey.weeks(inYear: 2025) == 52)
    #expect(WeekKey(year: 2025, week: 53) == nil)
    #expect(WeekKey(year: 2026, week: 53) != nil)
    #expect(WeekKey(year: 2026, week: 0) == nil)
  }

  /// The week turns at local midnight between Sunday and Monday, whatever UTC says.
  @Test func weekTurnsAtLocalMidnight() {
    let tokyo: Int64 = 9 * 3600
    // Monday 2026-11-30 00:30 in Tokyo is Sunday 15:30 UTC.
    let mondayTokyo = WallTime(seconds: mondayMidnight - tokyo + 1800, utcOffset: Int(tokyo))
    let sundayTokyo = WallTime(seconds: mondayMidnight - tokyo - 1800, utcOffset: Int(tokyo))
    #expect(WeekKey(mondayTokyo).description == "2026-W49")
    #expect(WeekKey(sundayTokyo).description == "2026-W48")
    let newYork: Int64 = -5 * 3600
    // Sunday 2026-11-29 23:59 in New York is Monday 04:59 UTC.
    let sundayNewYork = WallTime(seconds: mondayMidnight - newYork - 60, utcOffset: Int(newYork))
    #expect(WeekKey(sundayNewYork).description == "2026-W48")
  }

  @Test(arguments: ["2026-W1", "2026W49", "2026-w49", "2025-W53", "26-W49x", "", "２０２６-W49"])
  func rejectsMalformedText(_ text: String) {
    #expect(WeekKey(text) == nil)
  }
}
