import Testing

@testable import Schedule

/// The pager's short horizon (issue 32, item 15): a slot is cut only at the offset changes
/// near the date it is placed around, and every week within the horizon lists what the
/// two-year horizon lists.
@Suite struct ShortHorizonTests {
  /// Daily at 22:30 UTC since 1970, open-ended: seven weekly slots, each moved across
  /// Berlin's midnight by its changes (23:30 in winter, 00:30 in summer).
  static let daily = Airing.repeating(first: utc(1970, 1, 1, 22) + 30 * 60, everyDays: 1, last: nil)
  let tokyoSunday = Airing.weekly(
    ZonedSlot(weekday: .sunday, minutes: 600, zone: "Asia/Tokyo", first: date(1970, 1, 4)))

  func placed(_ airing: Airing, around anchor: CivilDate, weeks: Int) -> [(Weekday, Serial)] {
    var berlin = calendar(in: "Europe/Berlin", today: date(2026, 3, 1))
    berlin.placedAround = anchor
    berlin.horizonWeeks = weeks
    var placer = LocalCalendar.Placer(berlin)
    return placer.place(Serial(title: "S"), airing) ?? []
  }

  @Test(arguments: [date(2026, 3, 1), date(2026, 10, 20), date(2031, 6, 9)])
  func eightWeeksListWhatTwoYearsDoWithinThem(_ anchor: CivilDate) {
    for airing in [Self.daily, tokyoSunday] {
      let short = placed(airing, around: anchor, weeks: 8)
      let long = placed(airing, around: anchor, weeks: LocalCalendar.standardHorizonWeeks)
      for day in -56...56 {
        let date = anchor.adding(days: day)
        #expect(listed(short, on: date) == listed(long, on: date), "\(date)")
      }
    }
  }

  @Test func eightWeeksCutASlotAtMostOnce() {
    // Sixteen weeks hold one of Berlin's changes at most (they are 21 and 31 weeks apart).
    for anchor in stride(from: 0, to: 365, by: 7).map({ date(2026, 1, 5).adding(days: $0) }) {
      let weekly = placed(tokyoSunday, around: anchor, weeks: 8).count
      let seven = placed(Self.daily, around: anchor, weeks: 8).count
      #expect(weekly <= 2, "\(anchor): \(weekly)")
      #expect(seven <= 7 * 2, "\(anchor): \(seven)")
    }
    #expect(placed(tokyoSunday, around: date(2026, 3, 1), weeks: 104).count >= 8)
  }
}

/// A horizon stretched to reach a date beyond its weeks (the pager's calendar months
/// ahead) lists what two years list up to that date, and today's weeks with it.
@Suite struct ReachedHorizonTests {
  @Test func weeksUpToTheReachListWhatTwoYearsDo() {
    let today = date(2026, 12, 2)
    var short = calendar(in: "Europe/Berlin", today: today)
    short.horizonWeeks = 8
    short = short.within(Horizon(reach: today.adding(days: 7 * 40)))
    var long = calendar(in: "Europe/Berlin", today: today)
    long.horizonWeeks = LocalCalendar.standardHorizonWeeks
    let daily = ShortHorizonTests.daily
    var a = LocalCalendar.Placer(short)
    var b = LocalCalendar.Placer(long)
    let reached = a.place(Serial(title: "S"), daily) ?? []
    let whole = b.place(Serial(title: "S"), daily) ?? []
    for day in -56...(7 * 40) {
      let date = today.adding(days: day)
      #expect(listed(reached, on: date) == listed(whole, on: date), "\(date)")
    }
    // Two changes within it (October's behind, March's ahead) and the one in October 2027.
    #expect(reached.count <= 7 * 4, "\(reached.count)")
  }
}

/// A series with no end that starts past the horizon goes on from its start: it was
/// left out, so a short horizon (the pager's, a check's) lost it, and `--check` counted
/// 89 fewer serials of bangumi-data.
@Suite struct PastTheHorizonTests {
  @Test func anOpenSeriesStartingPastTheHorizonIsListedFromItsStart() {
    var short = calendar(in: "Europe/Berlin", today: date(2026, 12, 2))
    short.horizonWeeks = 8
    var placer = LocalCalendar.Placer(short)
    let later = Airing.repeating(first: utc(2027, 6, 6, 15), everyDays: 7, last: nil)
    let entries = placer.place(Serial(title: "S"), later) ?? []
    #expect(listed(entries, on: date(2027, 5, 30)) == [])
    #expect(listed(entries, on: date(2027, 6, 6)) == ["Sun 17:00"])
    #expect(listed(entries, on: date(2027, 6, 13)) == ["Sun 17:00"])
  }
}
