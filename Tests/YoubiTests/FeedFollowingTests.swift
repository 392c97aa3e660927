import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A feed subscribed to is followed from the start: its releases that came out and are
/// not marked are behind; the next one expected, and a serial with no fixed day, never are.
@Suite struct FeedFollowingTests {
  static let path = "/home/me/serial.xml"
  static let key = ScheduleKey.path(path)

  /// Mondays at 10:00 UTC, 16 to 30 November 2026, read on Wednesday 2 December.
  static let weekly = """
    <rss version="2.0"><channel><title>Weekly</title><link>https://w.example/</link>
    <item><title>Ep. 1</title><guid>w1</guid><pubDate>Mon, 16 Nov 2026 10:00 GMT</pubDate></item>
    <item><title>Ep. 2</title><guid>w2</guid><pubDate>Mon, 23 Nov 2026 10:00 GMT</pubDate></item>
    <item><title>Ep. 3</title><guid>w3</guid><pubDate>Mon, 30 Nov 2026 10:00 GMT</pubDate></item>
    </channel></rss>
    """

  /// Two releases weeks apart: no fixed day.
  static let irregular = """
    <rss version="2.0"><channel><title>Now and then</title>
    <item><title>A</title><guid>a</guid><pubDate>Thu, 05 Nov 2026 10:00 GMT</pubDate></item>
    </channel></rss>
    """

  static func state(_ feed: String, marks: Marks = Marks()) throws -> AppState {
    let schedule = try ScheduleLoader.parse(
      Array(feed.utf8), source: path,
      calendar: LocalCalendar(zones: SystemTimeZones(), today: date(2026, 12, 2)))
    let source = ScheduleSource.file(path)
    var state = AppState(
      sections: [
        SectionState(
          name: "Feed", source: source, schedule: SafeSchedule(schedule), day: .wednesday,
          slideDuration: slide)
      ], labels: .en, size: Size(width: 120, height: 24), wall: testWall, slideDuration: slide,
      markKeys: [source: key])
    state.stepQuietly(.stateSynced(.success(marks)), at: .zero)
    return state
  }

  @Test func everyUnreadReleaseIsBehindFromTheStart() throws {
    let state = try Self.state(Self.weekly)
    #expect(state.following(of: state.sections[0]) == .all)
    // The last four weeks' releases, and not Monday 7 December's, expected.
    #expect(
      state.behindItems.map(\.date) == [date(2026, 11, 16), date(2026, 11, 23), date(2026, 11, 30)])
  }

  @Test func oneNewChapterAfterTheMarkedOnesIsOneBehind() throws {
    var marks = Marks()
    for day in [16, 23] {
      marks.setSeen(
        true, SerialID(id: "feed:https://w.example/"), in: Self.key, on: date(2026, 11, day),
        at: WallTime(seconds: mondayMidnight))
    }
    let state = try Self.state(Self.weekly, marks: marks)
    #expect(state.behindItems.map(\.date) == [date(2026, 11, 30)])
  }

  @Test func aSerialWithNoFixedDayIsListedButNotBehind() throws {
    let state = try Self.state(Self.irregular)
    #expect(state.behindItems.map(\.date) == [date(2026, 11, 5)])
    let today = state.weekPage(.wednesday, of: state.sections[0])
    #expect(today.serials.map(\.title) == ["Now and then"])
  }
}

extension FeedFollowingTests {
  @Test func theNextReleaseIsNotifiedAsExpected() throws {
    let state = try Self.state(Self.weekly)
    let monday = state.sections[0].schedule![.monday]
    let expected = try #require(monday.first { $0.origin?.isExpected == true })
    let release = Release(
      section: 0, index: 0, serial: expected, date: date(2026, 12, 7),
      local: mondayMidnight + 7 * 86_400 + 10 * 3600)
    let key = NotificationKey(
      schedule: Self.key, serial: SerialID(expected), date: date(2026, 12, 7), minutes: 600)
    let words = state.notification(release, key: key, section: 0)
    #expect(words.title == "Weekly #4")
    #expect(words.body == "Feed · Mon 10:00 (expected)")
  }
}
