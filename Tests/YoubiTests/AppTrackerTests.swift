import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// Accounts in the core: the tracker's progress as the start of the marks, and the writes
/// a mark asks for. The runtime is not here: effects are read, results fed back.
@Suite struct AppTrackerTests {
  let account = try! WebURL(checking: "https://anilist.co/user/alice/animelist")
  let body = "/cache/youbi/anilist.co-0123456789abcdef.body"

  /// Alice's list: one show out on Mondays at 12:00 UTC, episode 5 next Monday (so 4 came
  /// out this Monday, 3 a week before…), with `progress` seen, changed at `updatedAt`.
  func list(progress: Int, updatedAt: Int64 = 100) -> [UInt8] {
    let next = mondayMidnight + 7 * 86_400 + 12 * 3600
    return Array(
      """
      {"data": {"MediaListCollection": {"user": {"name": "alice"}, "lists": [{"entries": [
        {"progress": \(progress), "updatedAt": \(updatedAt), "media": {"id": 21, "idMal": 31,
         "episodes": 12, "siteUrl": "https://anilist.co/anime/21",
         "title": {"romaji": "Alpha", "english": null, "native": null},
         "nextAiringEpisode": {"airingAt": \(next), "episode": 5}}}]}]}}}
      """.utf8)
  }

  /// The account's section after its list of `progress` loaded.
  func loaded(progress: Int, writable: Bool = true) throws -> AppState {
    let section = SectionState(
      name: "alice (AniList)", source: .url(account), schedule: nil, day: .monday)
    var state = AppState(
      sections: [section], labels: .en, size: Size(width: 60, height: 14), wall: testWall,
      markKeys: [.url(account): .path(account.text)],
      feeds: [Feed(url: account, bodyPath: body, hasCopy: true, fetchedAt: testWall.seconds)])
    if writable { state.writeBack([account]) }
    reload(&state, progress: progress)
    return state
  }

  func reload(_ state: inout AppState, progress: Int, updatedAt: Int64 = 100) {
    let schedule = try! ScheduleLoader.parse(
      list(progress: progress, updatedAt: updatedAt), source: "alice",
      calendar: LocalCalendar(
        zones: AppWatchLinksTests.UTCZones(), today: testWall.date(dayStartHour: 0)))
    _ = state.update(
      .scheduleLoaded(path: body, .success(SafeSchedule.sections(of: schedule))), at: .zero)
  }

  let id = SerialID(id: "anilist:21")
  var key: ScheduleKey { .path(account.text) }
  let monday = CivilDate(daysSince1970: Int(mondayMidnight / 86_400))

  @Test func episodesUpToTheProgressAreSeen() throws {
    let state = try loaded(progress: 3)
    // Episode 4 came out this Monday, 3 a week before, 2 and 1 before that.
    #expect(state.marks.isSeen(id, in: key, on: monday.adding(days: -7)))
    #expect(state.marks.isSeen(id, in: key, on: monday.adding(days: -14)))
    #expect(!state.marks.isSeen(id, in: key, on: monday), "episode 4 is behind")
  }

  @Test func markingTheNextEpisodeAsksForOneWriteWithItsNumber() throws {
    var state = try loaded(progress: 3)
    let effects = state.update(.keyPressed(.char("m")), at: .seconds(1))
    #expect(
      effects.filter { if case .sync = $0 { true } else { false } } == [
        .sync(SyncRequest(account: account, show: "anilist:21", progress: 4))
      ])
    // Unmarked and marked again: the tracker has 4 already, nothing more is sent.
    _ = state.update(.keyPressed(.char("m")), at: .seconds(2))
    let again = state.update(.keyPressed(.char("m")), at: .seconds(3))
    #expect(!again.contains { if case .sync = $0 { true } else { false } })
  }

  @Test func aRemovedMarkNeverAsksToLowerTheTracker() throws {
    var state = try loaded(progress: 3)
    // Episode 3 unmarked (as `m` on last week's row does).
    state.marks.setSeen(false, id, in: key, on: monday.adding(days: -7), at: testWall)
    let effects = state.marksChanged()
    #expect(!state.marks.isSeen(id, in: key, on: monday.adding(days: -7)))
    #expect(!effects.contains { if case .sync = $0 { true } else { false } })
    // The same list read again does not mark it again: the change here is the later one.
    reload(&state, progress: 3)
    #expect(!state.marks.isSeen(id, in: key, on: monday.adding(days: -7)))
  }

  @Test func aTrackerAheadMovesTheMarks() throws {
    var state = try loaded(progress: 2)
    #expect(!state.marks.isSeen(id, in: key, on: monday))
    reload(&state, progress: 4, updatedAt: testWall.seconds + 60)
    #expect(state.marks.isSeen(id, in: key, on: monday))
    #expect(state.marks.isSeen(id, in: key, on: monday.adding(days: -7)))
  }

  @Test func aListWithoutATokenIsNeverWritten() throws {
    var state = try loaded(progress: 3, writable: false)
    let effects = state.update(.keyPressed(.char("m")), at: .seconds(1))
    #expect(state.marks.isSeen(id, in: key, on: monday))
    #expect(!effects.contains { if case .sync = $0 { true } else { false } })
  }

  @Test func aRefusedTokenIsSaidOnce() throws {
    var state = try loaded(progress: 3)
    _ = state.update(.synced(account, .refused), at: .seconds(1))
    #expect(state.notice?.text == "AniList refused the token: progress kept to send later")
    state.notice = nil
    _ = state.update(.synced(account, .refused), at: .seconds(2))
    #expect(state.notice == nil)
  }

  @Test func everyShowOnTheListIsFollowedMarkedOrNot() throws {
    let state = try loaded(progress: 0)
    #expect(state.following(of: state.sections[0]) == .all)
    // Nothing seen on AniList: episode 4 and the three before it are all behind.
    #expect(state.backlog.items.filter { $0.id == id }.count == 4)
  }

  @Test func theSectionIsNamedAfterTheAccount() {
    #expect(
      SectionState.name(title: "AniList", source: .url(account), part: 0, of: 1)
        == "alice (AniList)")
  }
}
