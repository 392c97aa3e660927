import Testing

@testable import Schedule

/// The slot inferred from a serial's last releases, in the reader's zone.
@Suite struct FeedCadenceTests {
  /// Seconds since 1970 of `y-m-d h:m` UTC.
  func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> Int64 {
    Int64(date(y, m, d).daysSince1970) * 86_400 + Int64(h * 3600 + min * 60)
  }

  @Test func weeklyOnTheWeekdayMostShareAtTheMedianTime() throws {
    var instants = (0..<10).map { utc(2024, 9, 24, 10) + Int64($0) * 7 * 86_400 }
    instants[2] += 2 * 86_400
    instants[5] += 3600
    let cadence = try #require(FeedCadence(instants, calendar: calendar(in: "UTC")))
    #expect(cadence.weekday == .tuesday)
    #expect(cadence.time.description == "10:00")
    #expect(cadence.every == 1)
    #expect(cadence.summary == "usually Tuesday around 10:00 (9 of the last 10)")
    #expect(cadence.nextDue() == date(2024, 12, 3))
  }

  @Test func onlyTheLastTenCount() throws {
    let old = (0..<20).map { utc(2023, 1, 2, 8) + Int64($0) * 7 * 86_400 }  // Mondays
    let recent = (0..<10).map { utc(2024, 9, 25, 8) + Int64($0) * 7 * 86_400 }  // Wednesdays
    let cadence = try #require(FeedCadence(old + recent, calendar: calendar(in: "UTC")))
    #expect(cadence.weekday == .wednesday)
    #expect(cadence.share == 10 && cadence.count == 10)
  }

  @Test func everyOtherWeekAndIrregular() throws {
    let fortnightly = (0..<6).map { utc(2024, 9, 6, 3) + Int64($0) * 14 * 86_400 }
    #expect(FeedCadence(fortnightly, calendar: calendar(in: "UTC"))?.every == 2)
    let scattered = [
      utc(2024, 8, 2, 9), utc(2024, 8, 20, 18), utc(2024, 9, 1, 7), utc(2024, 10, 9, 20),
    ]
    let cadence = try #require(FeedCadence(scattered, calendar: calendar(in: "UTC")))
    #expect(cadence.every == nil)
    #expect(cadence.summary == "no fixed day (last 2024-10-09)")
    // Two releases are too few to call a rhythm.
    #expect(FeedCadence(Array(fortnightly.prefix(2)), calendar: calendar(in: "UTC"))?.every == nil)
  }

  @Test func aTuesdayNightInUTCIsWednesdayInTokyo() throws {
    let instants = (0..<5).map { utc(2024, 10, 29, 23, 30) + Int64($0) * 7 * 86_400 }
    let tokyo = try #require(FeedCadence(instants, calendar: calendar(in: "Asia/Tokyo")))
    #expect(tokyo.weekday == .wednesday)
    #expect(tokyo.time.description == "08:30")
    let utcDay = try #require(FeedCadence(instants, calendar: calendar(in: "UTC")))
    #expect(utcDay.weekday == .tuesday)
  }

  @Test func theDayStartHourKeepsALateNightOnItsDay() throws {
    // 01:30 on Wednesdays in Tokyo is Tuesday's 25:30 when days start at 5.
    let instants = (0..<5).map { utc(2024, 10, 29, 16, 30) + Int64($0) * 7 * 86_400 }
    let cadence = try #require(
      FeedCadence(instants, calendar: calendar(in: "Asia/Tokyo", dayStarts: 5)))
    #expect(cadence.weekday == .tuesday)
    #expect(cadence.time.description == "25:30")
  }

  @Test func anIrregularSerialIsListedOnTodayNeverLeftOut() throws {
    let schedule = try source("feeds/irregular.json", in: "UTC", today: date(2024, 12, 4))
    let today = schedule.sections[0].listed(on: date(2024, 12, 4))
    #expect(today.map(\.title) == ["Wandering Notes"])
    #expect(today.first?.time == nil)
    #expect(today.first?.note == "no fixed day (last 2024-11-21): Part 6")
    #expect(schedule.sections[0].listed(on: date(2024, 12, 5)).isEmpty)
  }

  @Test func theExpectedReleaseSaysWhereItsSlotComesFrom() throws {
    let schedule = try source(
      "feeds/webtoon-weekly.xml", in: "Europe/Berlin", today: date(2024, 12, 4))
    let expected = schedule.sections[0].listed(on: date(2024, 12, 10))
    #expect(expected.map(\.note) == ["expected; usually Tuesday around 11:00 (9 of the last 10)"])
    #expect(expected.first?.start == date(2024, 12, 3))
  }

  @Test func aSerialLongSilentHasNoFixedDay() throws {
    let schedule = try source(
      "feeds/webtoon-weekly.xml", in: "Europe/Berlin", today: date(2025, 3, 4))
    let today = schedule.sections[0].listed(on: date(2025, 3, 4))
    #expect(
      today.map(\.note) == [
        "usually Tuesday around 11:00 (9 of the last 10): Episode 12 - The 12th night"
      ])
    #expect(schedule.sections[0].listed(on: date(2025, 3, 11)).isEmpty)
  }
}
