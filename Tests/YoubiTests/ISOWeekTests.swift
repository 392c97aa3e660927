import PagerCore
import Schedule
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// What marks add to `ISOWeek`: the week of a wall time, Mondays, stepping, and parsing.
@Suite struct ISOWeekTests {
  func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d)! }

  @Test(arguments: [
    (2026, 11, 30, "2026-W49"),  // the app tests' Monday
    (2026, 12, 31, "2026-W53"),  // 2026 starts on a Thursday: a long year
    (2027, 1, 3, "2026-W53"),  // a Sunday still in the old week-year
    (2027, 1, 4, "2027-W01"),
    (2020, 12, 31, "2020-W53"),  // leap year starting on a Wednesday
    (2021, 1, 1, "2020-W53"),
    (2019, 12, 30, "2020-W01"),  // a December Monday in next year's week 1
    (2008, 12, 29, "2009-W01"),
    (2023, 1, 1, "2022-W52"),
  ])
  func mondayAndParsingAgreeWithCivilDate(_ y: Int, _ m: Int, _ d: Int, _ expected: String) {
    let week = date(y, m, d).isoWeek
    #expect(week.description == expected)
    #expect(ISOWeek(parsing: expected) == week)
    #expect(week.monday.weekday == .monday)
    #expect(week.monday <= date(y, m, d) && date(y, m, d) < week.monday.adding(days: 7))
  }

  @Test func everyWeekOfFourDecadesStepsToTheNext() {
    var week = date(2000, 1, 3).isoWeek
    var monday = date(2000, 1, 3)
    var steps = 0
    while monday < date(2040, 12, 31) {
      #expect(week.monday == monday)
      #expect(week.advanced(by: 1) > week && week.advanced(by: 1).advanced(by: -1) == week)
      #expect(ISOWeek(parsing: week.description) == week)
      week = week.advanced(by: 1)
      monday = monday.adding(days: 7)
      steps += 1
    }
    #expect(date(2000, 1, 3).isoWeek.advanced(by: steps) == week)
  }

  @Test func weeksInYear() {
    #expect(ISOWeek.weeks(inYear: 2026) == 53)
    #expect(ISOWeek.weeks(inYear: 2020) == 53)
    #expect(ISOWeek.weeks(inYear: 2025) == 52)
    #expect(ISOWeek(parsing: "2025-W53") == nil)
    #expect(ISOWeek(parsing: "2026-W53") != nil)
  }

  /// The week turns at local midnight between Sunday and Monday, whatever UTC says.
  @Test func weekTurnsAtLocalMidnight() {
    let tokyo: Int64 = 9 * 3600
    // Monday 2026-11-30 00:30 in Tokyo is Sunday 15:30 UTC.
    let mondayTokyo = WallTime(seconds: mondayMidnight - tokyo + 1800, utcOffset: Int(tokyo))
    let sundayTokyo = WallTime(seconds: mondayMidnight - tokyo - 1800, utcOffset: Int(tokyo))
    #expect(ISOWeek(mondayTokyo).description == "2026-W49")
    #expect(ISOWeek(sundayTokyo).description == "2026-W48")
    let newYork: Int64 = -5 * 3600
    // Sunday 2026-11-29 23:59 in New York is Monday 04:59 UTC.
    let sundayNewYork = WallTime(seconds: mondayMidnight - newYork - 60, utcOffset: Int(newYork))
    #expect(ISOWeek(sundayNewYork).description == "2026-W48")
  }

  @Test(arguments: [
    "2026-W1", "2026W49", "2026-w49", "2025-W53", "2026-W00", "26-W49x", "", "２０２６-W49",
  ])
  func rejectsMalformedText(_ text: String) {
    #expect(ISOWeek(parsing: text) == nil)
  }
}
