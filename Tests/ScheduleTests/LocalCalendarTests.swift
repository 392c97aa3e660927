import Testing

@testable import Schedule

/// The instant of `text` (`2026-03-29T01:30Z` style, UTC).
func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> Int64 {
  Int64(date(y, m, d).daysSince1970) * 86_400 + Int64(h * 3600 + min * 60)
}

/// A calendar read in `zone` through the system's zone database.
func calendar(in zone: String, dayStarts: Int = 0, today: CivilDate = date(2026, 3, 1))
  -> LocalCalendar
{
  LocalCalendar(zones: SystemTimeZones(localZone: zone), dayStartHour: dayStarts, today: today)
}

/// `releases(of:inWeekOf:)` as text, for the week of `monday`.
func week(_ airing: Airing, _ calendar: LocalCalendar, _ monday: CivilDate) -> [String] {
  calendar.releases(of: airing, inWeekOf: monday).map(\.description)
}

@Suite struct LocalCalendarWeekTests {
  /// Sunday 01:00 in Tokyo, every week.
  let tokyoSunday = Airing.weekly(ZonedSlot(weekday: .sunday, minutes: 60, zone: "Asia/Tokyo"))

  @Test func tokyoSundayOneAMIsSaturday25InTokyoWhenDaysStartAtFive() {
    #expect(
      week(tokyoSunday, calendar(in: "Asia/Tokyo"), date(2026, 1, 5)) == ["2026-01-11 Sun 01:00"])
    #expect(
      week(tokyoSunday, calendar(in: "Asia/Tokyo", dayStarts: 5), date(2026, 1, 5))
        == ["2026-01-10 Sat 25:00"])
  }

  @Test func losAngelesSeesSaturdayAndTheHourMovesOnlyAfterItsOwnChange() {
    let la = calendar(in: "America/Los_Angeles")
    // Pacific time changes on 2026-03-08; Tokyo never does.
    #expect(week(tokyoSunday, la, date(2026, 3, 2)) == ["2026-03-07 Sat 08:00"])
    #expect(week(tokyoSunday, la, date(2026, 3, 9)) == ["2026-03-14 Sat 09:00"])
    #expect(
      week(tokyoSunday, calendar(in: "America/Los_Angeles", dayStarts: 5), date(2026, 3, 9))
        == ["2026-03-14 Sat 09:00"])
  }

  @Test func berlinTuesdayAt15InWinterAnd16InSummer() {
    let slot = Airing.weekly(ZonedSlot(weekday: .tuesday, minutes: 23 * 60, zone: "Asia/Tokyo"))
    let berlin = calendar(in: "Europe/Berlin")
    #expect(week(slot, berlin, date(2025, 12, 1)) == ["2025-12-02 Tue 15:00"])
    #expect(week(slot, berlin, date(2026, 3, 23)) == ["2026-03-24 Tue 15:00"])
    #expect(week(slot, berlin, date(2026, 3, 30)) == ["2026-03-31 Tue 16:00"])
  }

  @Test func aChangeCanMoveTheWeekdayAndDayStartsKeepsIt() {
    // 22:30 UTC on Sundays: 23:30 in a Berlin winter, 00:30 Monday in summer.
    let airing = Airing.repeating(first: utc(2026, 1, 4, 22, 30), everyDays: 7, last: nil)
    let berlin = calendar(in: "Europe/Berlin")
    #expect(week(airing, berlin, date(2026, 3, 16)) == ["2026-03-22 Sun 23:30"])
    // Berlin moves on the 29th at 03:00: that night's release is Monday's, so the week
    // before has none.
    #expect(week(airing, berlin, date(2026, 3, 23)).isEmpty)
    #expect(week(airing, berlin, date(2026, 3, 30)) == ["2026-03-30 Mon 00:30"])
    let late = calendar(in: "Europe/Berlin", dayStarts: 5)
    #expect(week(airing, late, date(2026, 3, 23)) == ["2026-03-29 Sun 24:30"])
  }

  @Test func oneAiringShowsOnItsDateOnly() {
    let film = Airing.once(utc(2026, 3, 20, 3))
    #expect(
      week(film, calendar(in: "America/Los_Angeles"), date(2026, 3, 16)) == ["2026-03-19 Thu 20:00"]
    )
    #expect(week(film, calendar(in: "America/Los_Angeles"), date(2026, 3, 23)).isEmpty)
  }

  @Test func boundsAndSkipsAreDatesInTheSlotsZone() {
    let slot = Airing.weekly(
      ZonedSlot(
        weekday: .sunday, minutes: 60, zone: "Asia/Tokyo", first: date(2026, 1, 11),
        last: date(2026, 1, 25), skip: [date(2026, 1, 18)]))
    let la = calendar(in: "America/Los_Angeles")
    #expect(week(slot, la, date(2026, 1, 5)) == ["2026-01-10 Sat 08:00"])
    #expect(week(slot, la, date(2026, 1, 12)).isEmpty)
    #expect(week(slot, la, date(2026, 1, 19)) == ["2026-01-24 Sat 08:00"])
    #expect(week(slot, la, date(2026, 1, 26)).isEmpty)
  }
}

@Suite struct LocalCalendarPlacingTests {
  func placed(_ airing: Airing, _ calendar: LocalCalendar, episode: (Int, Int)? = nil) -> [String] {
    var placer = LocalCalendar.Placer(calendar)
    let entries = placer.place(Serial(title: "S"), airing, episode: episode) ?? []
    return entries.map { day, s in
      "\(day.englishLabel) \(s.time?.description ?? "-") \(s.start?.description ?? "…")–\(s.end?.description ?? "…")"
    }
  }

  @Test func aSeasonAcrossBerlinsChangeIsTwoRuns() {
    let slot = Airing.weekly(
      ZonedSlot(
        weekday: .tuesday, minutes: 23 * 60, zone: "Asia/Tokyo", first: date(2026, 1, 6),
        last: date(2026, 6, 30)))
    #expect(
      placed(slot, calendar(in: "Europe/Berlin")) == [
        "Tue 15:00 2026-01-06–2026-03-24", "Tue 16:00 2026-03-31–2026-06-30",
      ])
    #expect(placed(slot, calendar(in: "Asia/Tokyo")) == ["Tue 23:00 2026-01-06–2026-06-30"])
  }

  @Test func anOpenSlotWithoutChangesIsOneUndatedEntry() {
    let slot = Airing.weekly(ZonedSlot(weekday: .sunday, minutes: 60, zone: "Asia/Tokyo"))
    #expect(placed(slot, calendar(in: "Asia/Tokyo", dayStarts: 5)) == ["Sat 25:00 …–…"])
  }

  @Test func anOpenSlotAcrossChangesAlternatesAndEndsOpen() {
    let slot = Airing.weekly(ZonedSlot(weekday: .sunday, minutes: 60, zone: "Asia/Tokyo"))
    let runs = placed(slot, calendar(in: "America/Los_Angeles"))
    #expect(runs.first?.hasPrefix("Sat 08:00 …–") == true)
    #expect(runs.last?.hasSuffix("–…") == true)
    #expect(runs.contains("Sat 09:00 2026-03-14–2026-10-31"))
  }

  @Test func aRepeatingInstantAcrossAChangeOfWeekday() {
    let airing = Airing.repeating(
      first: utc(2026, 3, 1, 22, 30), everyDays: 7, last: utc(2026, 4, 12, 22, 30))
    #expect(
      placed(airing, calendar(in: "Europe/Berlin")) == [
        "Sun 23:30 2026-03-01–2026-03-22", "Mon 00:30 2026-03-30–2026-04-13",
      ])
  }

  @Test func dailyIsSevenWeekdays() {
    let airing = Airing.repeating(
      first: utc(2026, 3, 2, 9), everyDays: 1, last: utc(2026, 3, 15, 9))
    #expect(placed(airing, calendar(in: "Asia/Tokyo")).count == 7)
  }

  @Test func episodesCountFromTheAnchorAcrossRuns() throws {
    let airing = Airing.repeating(first: utc(2026, 3, 1, 22, 30), everyDays: 7, last: nil)
    var placer = LocalCalendar.Placer(calendar(in: "Europe/Berlin"))
    let placed = placer.place(Serial(title: "S"), airing, episode: (index: 0, number: 1))
    let entries = try #require(placed)
    let summer = try #require(entries.first { $0.0 == .monday }?.1)
    #expect(summer.episode(on: date(2026, 3, 30)) == 5)
    let plain = try #require(LocalCalendar.Placer(calendar(in: "Europe/Berlin")).placeCopy(airing))
    #expect(plain.episode(on: date(2026, 3, 1)) == nil)
  }
}

extension LocalCalendar.Placer {
  /// The first entry placed without an episode number.
  fileprivate func placeCopy(_ airing: Airing) -> Serial? {
    var copy = self
    return copy.place(Serial(title: "S"), airing)?.first?.1
  }
}
