import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The detail box's slots across a daylight-saving change: on Saturday 24 October 2026
/// in Europe/Berlin (CEST, UTC+2), the TV's next release is that afternoon, before the
/// clocks go back on the last Sunday of October, and Crunchyroll's is on the Sunday
/// after they did (CET, UTC+1). Each is shown in its own local time, whichever slot
/// the show is placed on.
@Suite struct AppDetailsDSTTests {
  /// Saturdays 14:15 UTC on TV (23:15 JST); Sundays 16:45 UTC on Crunchyroll.
  static let data = #"""
    {"siteMeta": {"crunchyroll": {"title": "Crunchyroll",
      "urlTemplate": "https://www.crunchyroll.com/series/{{id}}", "type": "onair"}},
    "items": [{"title": "Night Show", "type": "tv", "lang": "ja",
      "begin": "2026-10-03T14:15:00.000Z",
      "broadcast": "R/2026-10-03T14:15:00.000Z/P7D", "end": "", "sites": [
        {"site": "crunchyroll", "id": "G1", "begin": "2026-10-04T16:45:00.000Z",
         "broadcast": "R/2026-10-04T16:45:00.000Z/P7D"}]}]}
    """#

  static let zones = SystemTimeZones(localZone: "Europe/Berlin")

  /// Saturday 24 October 2026, 10:00 UTC (12:00 in Berlin), with Berlin's offsets around
  /// it as the system clock gives them.
  static let now: WallTime = {
    let seconds = Int64(CivilDate(year: 2026, month: 10, day: 24)!.daysSince1970) * 86_400 + 36_000
    let zone = ZoneOffsets(
      zones: zones, zone: nil, span: (seconds - 400 * 86_400)...(seconds + 400 * 86_400))
    return WallTime(seconds: seconds, utcOffset: 7200, zone: zone)
  }()

  func screen(watchOn: [String], day: Weekday, labels: Labels = .en) throws -> String {
    let calendar = LocalCalendar(
      zones: Self.zones, today: Self.now.date(dayStartHour: 0), watchOn: watchOn)
    let schedule = try ScheduleLoader.parse(
      Array(Self.data.utf8), source: "data.json", calendar: calendar)
    var state = AppState(
      schedule: schedule, day: day, labels: labels, size: Size(width: 80, height: 24),
      wall: Self.now)
    _ = state.checkedUpdate(.keyPressed(.enter), at: Moment(uptime: .zero, wall: Self.now))
    return state.render(at: .zero).lines.joined(separator: "\n")
  }

  @Test func theClockKnowsBerlinsChange() {
    let change = Self.now.seconds + 15 * 3600  // 25 October, 01:00 UTC
    #expect(Self.now.offset(at: change - 1) == 7200)
    #expect(Self.now.offset(at: change) == 3600)
  }

  @Test func onTheTVTheCrunchyrollSlotIsInWinterTime() throws {
    let screen = try screen(watchOn: [], day: .saturday)
    #expect(screen.contains("16:15 Night Show"), "\(screen)")
    #expect(screen.contains("▸ TV Sat 16:15 (Sat 23:15 JST), next 24 Oct"), "\(screen)")
    #expect(screen.contains("  Crunchyroll Sun 17:45 (Mon 01:45 JST), next 25 Oct"), "\(screen)")
  }

  @Test func onCrunchyrollTheTVSlotIsInSummerTime() throws {
    let screen = try screen(watchOn: ["crunchyroll"], day: .sunday)
    #expect(screen.contains("17:45C Night Show"), "\(screen)")
    #expect(screen.contains("  TV Sat 16:15 (Sat 23:15 JST), next 24 Oct"), "\(screen)")
    #expect(screen.contains("▸ Crunchyroll Sun 17:45 (Mon 01:45 JST), next 25 Oct"), "\(screen)")
  }

  @Test func inJapaneseToo() throws {
    let screen = try screen(watchOn: ["crunchyroll"], day: .sunday, labels: .ja)
    #expect(screen.contains("  テレビ 土 16:15 (土 23:15 JST)、次回 10月24日"), "\(screen)")
    #expect(screen.contains("▸ Crunchyroll 日 17:45 (月 01:45 JST)、次回 10月25日"), "\(screen)")
  }
}
