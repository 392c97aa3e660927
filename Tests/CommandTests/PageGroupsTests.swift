import Schedule
import TestSupport
import Testing
import YoubiCore

@testable import youbi

/// Pages of one source given together are one section, a show on two pages listed once;
/// anything else keeps its own sections.
@Suite struct PageGroupsTests {
  let calendar = LocalCalendar(
    zones: SystemTimeZones(), today: CivilDate(year: 2024, month: 12, day: 7))

  func load(_ fixture: String) throws -> Schedule {
    try ScheduleLoader.load(path: packagePath("Tests/Fixtures/" + fixture), calendar: calendar)
  }

  func titles(_ schedule: Schedule?) -> [String] {
    Weekday.allCases.flatMap { day in (schedule?.sections[0][day] ?? []).map(\.title) }
  }

  /// A page of an API stands for its source in a snapshot only with no page of the same
  /// API beside it, nor a source not read yet that may be one.
  @Test func aPageStandsAloneInASnapshotWithNoPageOfItsAPIBeside() {
    let formats: [ScheduleFormat?] = [
      .aniList, .youbi, .jikan, .jikan, .aniList, nil, .bangumiData,
    ]
    let alone = formats.indices.map { SnapshotKeeper.standsAlone(formats, at: $0) }
    #expect(alone == [true, true, false, false, false, true, true])
    #expect(SnapshotKeeper.standsAlone([.myAnimeList], at: 0))
    #expect(!SnapshotKeeper.standsAlone([.myAnimeList, .myAnimeList], at: 1))
    #expect(SnapshotKeeper.standsAlone([.myAnimeList, .aniList], at: 1))
  }

  @Test func twoJikanPagesAreOneSectionWithEachShowOnce() throws {
    let p1 = try load("jikan/schedules.json")
    let p2 = try load("jikan/page2.json")
    let youbi = Schedule(title: "Mine", days: [.monday: [Serial(title: "Hand-written")]])
    let groups = pageGroups([
      (.file("p1.json"), p1), (.file("p2.json"), p2), (.file("mine.json"), youbi),
      (.file("p3.json"), p2),
    ])
    #expect(
      groups.map(\.sources) == [
        [.file("p1.json"), .file("p2.json")], [.file("mine.json")], [.file("p3.json")],
      ])
    let merged = try #require(groups[0].schedule)
    #expect(merged.sections.count == 1)
    #expect(merged.title == "Jikan")
    #expect(titles(merged).filter { $0 == "One Piece" }.count == 1, "\(titles(merged))")
    #expect(titles(merged).contains("Sousou no Frieren"))
    #expect(titles(merged).contains("Kimi wa Meido-sama."))
  }

  @Test func aSourceNotYetReadOrNotJoinedStartsItsOwnSection() throws {
    let p1 = try load("jikan/schedules.json")
    let p2 = try load("jikan/page2.json")
    let unread = pageGroups([
      (.file("p1.json"), p1), (.file("big.json"), nil), (.file("p2.json"), p2),
    ])
    #expect(unread.map(\.sources.count) == [1, 1, 1])
    #expect(unread[1].schedule == nil)
    let url = try WebURL(checking: "https://api.jikan.moe/v4/schedules?page=2")
    let filesOnly = pageGroups([(.file("p1.json"), p1), (.url(url), p2)]) {
      if case .file = $0 { true } else { false }
    }
    #expect(filesOnly.map(\.sources.count) == [1, 1])
  }
}
