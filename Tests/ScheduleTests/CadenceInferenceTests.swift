import Testing

@testable import Schedule

/// The slot of a serial that publishes only its releases (issue 35's feeds): weekday,
/// time and cadence from the latest releases, in the reader's zone after `day-starts`.
@Suite struct CadenceInferenceTests {
  /// `count` releases `weeks` apart from `first`.
  func every(_ weeks: Int, from first: Int64, count: Int) -> [Int64] {
    (0..<count).map { first + Int64($0 * weeks * 7 * 86_400) }
  }

  func infer(_ instants: [Int64], in zone: String, dayStarts: Int = 0) -> InferredSlot? {
    CadenceInference.infer(instants, calendar: calendar(in: zone, dayStarts: dayStarts))
  }

  @Test func noReleaseIsNoSlot() {
    #expect(infer([], in: "Europe/Berlin") == nil)
  }

  @Test func aWeeklyTuesdayInBerlin() throws {
    // Tuesdays 09:00 UTC: 10:00 in a Berlin winter.
    let slot = try #require(
      infer(every(1, from: utc(2026, 1, 6, 9), count: 8), in: "Europe/Berlin"))
    #expect(slot.weekday == .tuesday)
    #expect(slot.time.description == "10:00")
    #expect(slot.cadence == .weekly)
    #expect(slot.everyWeeks == 1)
    #expect((slot.matching, slot.considered) == (8, 8))
    #expect(slot.first == date(2026, 1, 6))
    #expect(slot.last == date(2026, 2, 24))
    #expect(slot.description == "usually Tuesday around 10:00 (8 of the last 8)")
  }

  @Test func aTuesday2330UTCReleaseIsWednesdayInTokyo() throws {
    let slot = try #require(
      infer(every(1, from: utc(2026, 1, 6, 23, 30), count: 4), in: "Asia/Tokyo"))
    #expect(slot.weekday == .wednesday)
    #expect(slot.time.description == "08:30")
    let utcSlot = try #require(infer(every(1, from: utc(2026, 1, 6, 23, 30), count: 4), in: "UTC"))
    #expect(utcSlot.weekday == .tuesday)
  }

  @Test func dayStartsPutsSundayOneAMOnSaturday() throws {
    // Sundays 01:00 in Tokyo (Saturdays 16:00 UTC).
    let slot = try #require(
      infer(every(1, from: utc(2026, 1, 3, 16), count: 5), in: "Asia/Tokyo", dayStarts: 5))
    #expect(slot.weekday == .saturday)
    #expect(slot.time.description == "25:00")
  }

  @Test func theTimeIsTheMedianAcrossADaylightSavingChange() throws {
    // 10:00 UTC every Thursday: 11:00 in Berlin three times before 2026-03-29, 12:00 four
    // times after.
    let releases = every(1, from: utc(2026, 3, 12, 10), count: 7)
    let slot = try #require(infer(releases, in: "Europe/Berlin"))
    #expect(slot.weekday == .thursday)
    #expect(slot.time.description == "12:00")
    #expect(slot.cadence == .weekly)
  }

  @Test func aWeekOffIsStillWeekly() throws {
    var releases = every(1, from: utc(2026, 1, 5, 12), count: 8)
    releases.remove(at: 4)
    let slot = try #require(infer(releases, in: "UTC"))
    #expect(slot.cadence == .weekly)
    #expect(slot.weekday == .monday)
  }

  @Test(arguments: [2, 3, 4])
  func everyNWeeks(_ n: Int) throws {
    let slot = try #require(infer(every(n, from: utc(2026, 1, 7, 12), count: 6), in: "UTC"))
    #expect(slot.cadence == .everyWeeks(n))
    #expect(slot.everyWeeks == n)
    #expect(slot.description.hasPrefix("every \(n) weeks on Wednesday around 12:00"))
  }

  @Test func everyOtherWeekStartsInStepWithTheLatest() throws {
    // Every other Friday, then one release a week early: the start keeps the latest's step.
    var releases = every(2, from: utc(2026, 1, 2, 12), count: 6)
    releases[0] -= 7 * 86_400
    let slot = try #require(infer(releases, in: "UTC"))
    #expect(slot.cadence == .everyWeeks(2))
    #expect(slot.last == date(2026, 3, 13))
    #expect(slot.first == date(2026, 1, 16))
    #expect(slot.first.days(to: slot.last) % 14 == 0)
  }

  @Test func fiveWeeksApartIsIrregular() {
    #expect(infer(every(5, from: utc(2026, 1, 7, 12), count: 5), in: "UTC")?.cadence == .irregular)
  }

  @Test func scatteredDaysAreIrregularButNamed() throws {
    let releases = [
      utc(2026, 1, 5, 12), utc(2026, 1, 14, 9), utc(2026, 1, 23, 18), utc(2026, 2, 1, 6),
      utc(2026, 2, 3, 12),
    ]
    let slot = try #require(infer(releases, in: "UTC"))
    #expect(slot.cadence == .irregular)
    #expect(slot.everyWeeks == nil)
    // Each weekday once: the latest's (Tuesday) is named.
    #expect(slot.weekday == .tuesday)
    #expect(slot.description == "no fixed day (most often Tuesday around 12:00, 1 of the last 5)")
  }

  @Test func oneReleaseIsIrregular() throws {
    let slot = try #require(infer([utc(2026, 1, 5, 12)], in: "UTC"))
    #expect(slot.cadence == .irregular)
    #expect((slot.weekday, slot.matching, slot.considered) == (.monday, 1, 1))
  }

  @Test func onlyTheLatestTenCountAndOrderAndRepeatsDoNot() throws {
    // Twenty Mondays long ago, then ten Fridays: the Fridays decide.
    let old = every(1, from: utc(2024, 1, 1, 12), count: 20)
    let now = every(1, from: utc(2026, 1, 2, 12), count: 10)
    let slot = try #require(infer((now + old + now).reversed(), in: "UTC"))
    #expect(slot.weekday == .friday)
    #expect((slot.matching, slot.considered) == (10, 10))
    #expect(slot.cadence == .weekly)
  }

  @Test func aMinorityOnTheWeekdayIsIrregular() throws {
    // Four Mondays weekly and three other days: 4 of 7 is a majority; 3 of 7 is not.
    let mondays = every(1, from: utc(2026, 1, 5, 12), count: 4)
    let others = [utc(2026, 2, 3, 12), utc(2026, 2, 11, 12), utc(2026, 2, 19, 12)]
    #expect(infer(mondays + others, in: "UTC")?.cadence == .weekly)
    let three = Array(mondays.prefix(3)) + others + [utc(2026, 2, 27, 12)]
    #expect(infer(three, in: "UTC")?.cadence == .irregular)
  }

  @Test func timesOnOtherWeekdaysDoNotMoveTheMedian() throws {
    let releases = every(1, from: utc(2026, 1, 6, 9), count: 5) + [utc(2026, 2, 14, 23)]
    let slot = try #require(infer(releases, in: "UTC"))
    #expect(slot.weekday == .tuesday)
    #expect(slot.time.description == "09:00")
  }
}
