import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The detail box says when a show airs where it is broadcast: a bangumi-data show seen
/// from Europe/Berlin lists its local slot, with the Japanese one beside it.
@Suite struct AppDetailsZoneTests {
  /// Europe/Berlin in winter (CET, UTC+1), and Asia/Tokyo (UTC+9).
  struct BerlinZones: TimeZoneDatabase {
    func localOffset(at utc: Int64) -> Int { 3600 }
    func instant(ofLocal local: Int64, inZone id: String) -> Int64? {
      switch id {
      case "Asia/Tokyo": local - 9 * 3600
      case "Europe/Berlin": local - 3600
      case "UTC": local
      default: nil
      }
    }
  }

  /// A Sunday 23:15 JST show (14:15 UTC), which is 15:15 in Berlin in December.
  static let data = #"""
    {"siteMeta": {},
    "items": [{"title": "Night Show", "type": "tv", "lang": "ja",
      "officialSite": "https://night.example/", "begin": "2026-10-04T14:15:00.000Z",
      "broadcast": "R/2026-10-04T14:15:00.000Z/P7D", "end": "", "sites": []}]}
    """#

  /// Wednesday noon of the test week in Berlin.
  let berlinWall = WallTime(seconds: testWall.seconds, utcOffset: 3600)

  func state(_ labels: Labels) throws -> AppState {
    let schedule = try ScheduleLoader.parse(
      Array(Self.data.utf8), source: "data.json",
      calendar: LocalCalendar(zones: BerlinZones(), today: berlinWall.date(dayStartHour: 0)))
    var state = AppState(
      schedule: schedule, day: .sunday, labels: labels, size: Size(width: 80, height: 24),
      wall: berlinWall)
    _ = state.update(.keyPressed(.enter), at: .zero)
    return state
  }

  @Test func theBoxListsTheLocalSlotAndTheJapaneseOne() throws {
    expectScreen(
      try state(.en).render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        "                                                                   ━━━━━━━━━━━",
        " Sunday  1 serial                                                           1/1",
        " ▸ 15:15 Night Show",
        "",
        "",
        "",
        "",
        "        ┌─ Details ────────────────────────────────────────────────────┐",
        "        │ Night Show                                                   │",
        "        │ Time Sun 15:15 (Sun 23:15 JST)                               │",
        "        │ Next Sunday, 6 December 2026                                 │",
        "        │ https://night.example/                                       │",
        "        │ [ o open ]  [ y copy link ]                                  │",
        "        └─ Enter Esc close ────────────────────────────────────────────┘",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sat                           bangumi-data                           Mon ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func inJapaneseTheWeekdaysAreJapanese() throws {
    expectScreen(
      try state(.ja).render(at: .zero),
      [
        "     月         火         水         木         金         土         日",
        "                                                                   ━━━━━━━━━━━",
        " 日曜日  1作品                                                              1/1",
        " ▸ 15:15 Night Show",
        "",
        "",
        "",
        "",
        "        ┌─ 詳細 ───────────────────────────────────────────────────────┐",
        "        │ Night Show                                                   │",
        "        │ 時刻 日 15:15 (日 23:15 JST)                                 │",
        "        │ 次回 2026年12月6日 (日)                                      │",
        "        │ https://night.example/                                       │",
        "        │ [ o 開く ]  [ y リンクをコピー ]                             │",
        "        └─ Enter Esc で閉じる ─────────────────────────────────────────┘",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ 土                            bangumi-data                            月 ›",
        " ←→ 曜日  ↑↓ 移動  1-7 曜日へ  t 今日  c カレンダー  ? ヘルプ  / 検索  q 終了",
      ])
  }

  @Test func aSlotAtTheSameWallTimeHasNoSourceTime() throws {
    let zoned = Serial(
      title: "Here", time: ReleaseTime(hour: 20, minute: 0),
      origin: Origin(
        airing: .weekly(ZonedSlot(weekday: .sunday, minutes: 20 * 60, zone: "Europe/Berlin"))))
    let state = AppState(
      schedule: Schedule(days: [.sunday: [zoned]]), day: .sunday, labels: .en,
      size: Size(width: 80, height: 24), wall: berlinWall)
    #expect(state.detailsTime(of: zoned, on: CivilDate(year: 2026, month: 12, day: 6)!) == "20:00")
  }
}
