import Testing

@testable import Schedule

/// What a placed airing lists on `date`: `Sun 09:30`, for each entry of that weekday that
/// appears on it.
func listed(_ entries: [(Weekday, Serial)], on date: CivilDate) -> [String] {
  entries.filter { $0.0 == date.weekday && $0.1.appears(on: date) }.map {
    "\($0.0.englishLabel) \($0.1.time?.description ?? "--:--")"
  }
}

/// Places `airing` as the readers do, in `zone`, today being `today`.
func place(_ airing: Airing, in zone: String, today: CivilDate = date(2026, 3, 1))
  -> [(Weekday, Serial)]
{
  var placer = LocalCalendar.Placer(calendar(in: zone, today: today))
  return placer.place(Serial(title: "S"), airing) ?? []
}

/// A wall time the zone skips moves forward by the gap on that day only (issue 32,
/// item 19; RFC 5545 §3.3.5).
@Suite struct DaylightGapTests {
  /// Sundays 02:30 on Berlin's clocks, which skip 02:00–02:59 on 2026-03-29.
  let berlin = Airing.weekly(
    ZonedSlot(weekday: .sunday, minutes: 150, zone: "Europe/Berlin", first: date(2026, 1, 4)))

  @Test func berlinsGapHourFromTokyoIsAnHourLaterOnlyOnTheGapDay() {
    let tokyo = place(berlin, in: "Asia/Tokyo")
    #expect(listed(tokyo, on: date(2026, 3, 22)) == ["Sun 10:30"])
    #expect(listed(tokyo, on: date(2026, 3, 29)) == ["Sun 10:30"])
    // Summer time: 02:30 CEST is 00:30 UTC, 09:30 in Tokyo, every week to October.
    for week in 0..<29 {
      #expect(
        listed(tokyo, on: date(2026, 4, 5).adding(days: 7 * week)) == ["Sun 09:30"],
        "week \(week)")
    }
    #expect(listed(tokyo, on: date(2026, 11, 1)) == ["Sun 10:30"])
  }

  @Test func fromCapeVerdeSummerWeeksStayOnSaturday() {
    // Cape Verde is UTC-1 all year: 00:30 UTC is Saturday 23:30 there.
    let praia = place(berlin, in: "Atlantic/Cape_Verde")
    #expect(listed(praia, on: date(2026, 3, 29)) == ["Sun 00:30"])
    #expect(listed(praia, on: date(2026, 4, 4)) == ["Sat 23:30"])
    #expect(listed(praia, on: date(2026, 4, 5)).isEmpty)
    #expect(listed(praia, on: date(2026, 7, 4)) == ["Sat 23:30"])
  }

  @Test func newYorksGapHourInJuneIsSixThirtyUTC() {
    // New York skips 02:00–02:59 on 2026-03-08; in June 02:30 EDT is 06:30 UTC.
    let slot = Airing.weekly(
      ZonedSlot(weekday: .sunday, minutes: 150, zone: "America/New_York", first: date(2026, 1, 4)))
    let utc = place(slot, in: "UTC")
    #expect(listed(utc, on: date(2026, 3, 8)) == ["Sun 07:30"])
    #expect(listed(utc, on: date(2026, 6, 7)) == ["Sun 06:30"])
    #expect(listed(utc, on: date(2026, 1, 4)) == ["Sun 07:30"])
  }

  @Test func theGapDayAgreesWithTheWeekByWeekConversion() {
    let tokyo = calendar(in: "Asia/Tokyo")
    for monday in [date(2026, 3, 23), date(2026, 3, 30), date(2026, 6, 1)] {
      let sunday = monday.adding(days: 6)
      let direct = tokyo.releases(of: berlin, inWeekOf: monday).map {
        "\($0.weekday.englishLabel) \($0.time)"
      }
      #expect(listed(place(berlin, in: "Asia/Tokyo"), on: sunday) == direct, "\(monday)")
    }
  }
}

/// A series costs what the weeks near today need, however long ago it began (issue 32,
/// item 15): placing is per offset change within the horizon, not per change since 1970.
@Suite struct PlacementCostTests {
  /// Daily from `year`-01-01 00:00 UTC, open-ended.
  func daily(since year: Int) -> Airing {
    .repeating(first: utc(year, 1, 1, 0), everyDays: 1, last: nil)
  }

  @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Tokyo"])
  func aDailyItemSince1970IsAsManyEntriesAsOneSince2010(_ zone: String) {
    let old = place(daily(since: 1970), in: zone).count
    let newer = place(daily(since: 2010), in: zone).count
    #expect(old == newer, "\(zone): \(old) entries since 1970, \(newer) since 2010")
    // Seven weekdays, each cut at the changes within two years of today (at most two
    // a year) and once more at each end.
    #expect(old <= 7 * (2 * 4 + 3), "\(zone): \(old)")
  }

  @Test func aWeeklySlotSince1970InBerlinIsAFewRuns() {
    let slot = Airing.weekly(
      ZonedSlot(weekday: .sunday, minutes: 600, zone: "Asia/Tokyo", first: date(1970, 1, 4)))
    let entries = place(slot, in: "Europe/Berlin")
    #expect(entries.count <= 2 * 4 + 3)
    // Near today it is exact: winter 02:00, summer 03:00 Berlin time.
    #expect(listed(entries, on: date(2026, 1, 4)) == ["Sun 02:00"])
    #expect(listed(entries, on: date(2026, 7, 5)) == ["Sun 03:00"])
    // Far from it the nearest run goes on: no week is left without its release.
    #expect(listed(entries, on: date(1975, 7, 6)).count == 1)
    #expect(listed(entries, on: date(2040, 7, 1)).count == 1)
  }

  @Test func aClosedSeriesInsideTheHorizonIsExactToTheWeek() {
    let airing = Airing.repeating(
      first: utc(2025, 1, 5, 15), everyDays: 7, last: utc(2027, 12, 26, 15))
    let entries = place(airing, in: "Europe/Berlin")
    for week in 0..<156 {
      let sunday = date(2025, 1, 5).adding(days: 7 * week)
      let direct = calendar(in: "Europe/Berlin").releases(
        of: airing, inWeekOf: sunday.adding(days: -6)
      ).map { "\($0.weekday.englishLabel) \($0.time)" }
      #expect(listed(entries, on: sunday) == direct, "\(sunday)")
    }
  }
}
