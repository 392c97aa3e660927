import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The detail box's slots: a bangumi-data show on its Crunchyroll slot (`watch-on`)
/// lists the TV's and every platform's, each in local time with JST beside it, and
/// the row shows the platform's initial after the time.
@Suite struct AppDetailsSlotsTests {
  /// A Sunday 23:15 JST show (14:15 UTC), on Crunchyroll at 16:45 UTC, on Netflix once.
  static let data = #"""
    {"siteMeta": {"crunchyroll": {"title": "Crunchyroll",
      "urlTemplate": "https://www.crunchyroll.com/series/{{id}}", "type": "onair"}},
    "items": [{"title": "Night Show", "type": "tv", "lang": "ja",
      "begin": "2026-10-04T14:15:00.000Z",
      "broadcast": "R/2026-10-04T14:15:00.000Z/P7D", "end": "", "sites": [
        {"site": "crunchyroll", "id": "G1", "begin": "2026-10-04T16:45:00.000Z",
         "broadcast": "R/2026-10-04T16:45:00.000Z/P7D"},
        {"site": "netflix", "id": "8", "begin": "2027-01-10T15:00:00.000Z"}]}]}
    """#

  /// Berlin in winter (CET).
  let berlinWall = WallTime(seconds: testWall.seconds, utcOffset: 3600)

  func state(_ labels: Labels, watchOn: [String], size: Size = Size(width: 80, height: 24)) throws
    -> AppState
  {
    let calendar = LocalCalendar(
      zones: AppDetailsZoneTests.BerlinZones(), today: berlinWall.date(dayStartHour: 0),
      watchOn: watchOn)
    let schedule = try ScheduleLoader.parse(
      Array(Self.data.utf8), source: "data.json", calendar: calendar)
    var state = AppState(
      schedule: schedule, day: .sunday, labels: labels, size: size, wall: berlinWall)
    // On Berlin's clock (the harness's `update(_:at:)` would set the test's UTC one).
    _ = state.checkedUpdate(.keyPressed(.enter), at: Moment(uptime: .zero, wall: berlinWall))
    return state
  }

  func text(_ state: AppState) -> String { state.render(at: .zero).lines.joined(separator: "\n") }

  @Test func onCrunchyrollTheRowSaysCAndTheBoxListsEverySlot() throws {
    let screen = text(try state(.en, watchOn: ["crunchyroll"]))
    #expect(screen.contains("17:45C Night Show"), "\(screen)")
    #expect(screen.contains("Time Sun 17:45 (Mon 01:45 JST)"), "\(screen)")
    #expect(screen.contains("Where and when"), "\(screen)")
    #expect(screen.contains("  TV Sun 15:15 (Sun 23:15 JST), next "), "\(screen)")
    #expect(screen.contains("▸ Crunchyroll Sun 17:45 (Mon 01:45 JST), next "), "\(screen)")
    #expect(screen.contains("  Netflix 10 Jan 2027 16:00 (Mon 00:00 JST)"), "\(screen)")
  }

  @Test func onTheTVNoLetterAndTheTVIsMarked() throws {
    let screen = text(try state(.ja, watchOn: []))
    #expect(screen.contains("15:15 Night Show"), "\(screen)")
    #expect(!screen.contains("15:15C"), "\(screen)")
    #expect(screen.contains("放送・配信"), "\(screen)")
    #expect(screen.contains("▸ テレビ 日 15:15 (日 23:15 JST)、次回 "), "\(screen)")
    #expect(screen.contains("  Crunchyroll 日 17:45 (月 01:45 JST)、次回 "), "\(screen)")
  }

  @Test func theHelpGivesTheLegendWhenAShowIsOnAPlatform() throws {
    for (watchOn, shown) in [(["crunchyroll"], true), ([], false)] {
      var state = try self.state(.en, watchOn: watchOn)
      _ = state.update(.keyPressed(.escape), at: .zero)
      _ = state.update(.keyPressed(.char("?")), at: .zero)
      let screen = text(state)
      #expect(screen.contains("17:45C") == shown, "\(screen)")
      #expect(
        screen.contains("a streaming slot (watch-on): C Crunchyroll") == shown, "\(screen)")
      #expect(screen.contains("quit"), "\(screen)")
    }
  }
}
