import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A feed's releases are marked by their items' ids, not their dates: two chapters of one
/// date are marked apart, a chapter whose date the publisher edited keeps its mark, and
/// the marks by date an earlier Youbi wrote still answer (issue 35).
@Suite struct FeedItemMarksTests {
  static let path = "/home/me/serial.xml"
  static let key = ScheduleKey.path(path)
  static let serial = SerialID(id: "feed:https://w.example/")

  /// Two chapters on Monday 30 November 2026 (10:00 and 12:00 UTC), read on Wednesday
  /// 2 December; `c1` published on `firstDate`.
  static func feed(firstDate: String = "Mon, 30 Nov 2026 10:00 GMT") -> String {
    """
    <rss version="2.0"><channel><title>Weekly</title><link>https://w.example/</link>
    <item><title>Chapter 1</title><guid>c1</guid><pubDate>\(firstDate)</pubDate></item>
    <item><title>Chapter 2</title><guid>c2</guid><pubDate>Mon, 30 Nov 2026 12:00 GMT</pubDate></item>
    </channel></rss>
    """
  }

  static func state(_ feed: String, marks: Marks = Marks(), day: Weekday = .monday) throws
    -> AppState
  {
    let schedule = try ScheduleLoader.parse(
      Array(feed.utf8), source: path,
      calendar: LocalCalendar(zones: SystemTimeZones(), today: date(2026, 12, 2)))
    let source = ScheduleSource.file(path)
    var state = AppState(
      sections: [
        SectionState(
          name: "Feed", source: source, schedule: SafeSchedule(schedule), day: day,
          slideDuration: slide)
      ], labels: .en, size: Size(width: 120, height: 24), wall: testWall, slideDuration: slide,
      markKeys: [source: key])
    state.stepQuietly(.stateSynced(.success(marks)), at: .zero)
    return state
  }

  /// The notes (chapter titles) of the releases behind.
  static func behind(_ state: AppState) -> [String?] {
    state.behindItems.map { state.sections[0].schedule![$0.day][$0.index].note }
  }

  @Test func eachItemCarriesItsOwnID() throws {
    let state = try Self.state(Self.feed())
    let monday = state.sections[0].schedule![.monday].filter { $0.origin?.isExpected != true }
    #expect(monday.map(\.releaseID) == ["c1", "c2"])
  }

  @Test func twoChaptersOfOneDateAreMarkedApart() throws {
    var state = try Self.state(Self.feed())
    #expect(Self.behind(state) == ["Chapter 1", "Chapter 2"])
    state.update(.keyPressed(.char("m")), at: .zero)  // the first row: Chapter 1
    #expect(state.marks.isSeen(Self.serial, in: Self.key, on: date(2026, 11, 30), item: "c1"))
    #expect(!state.marks.isSeen(Self.serial, in: Self.key, on: date(2026, 11, 30), item: "c2"))
    #expect(Self.behind(state) == ["Chapter 2"])
    // Written and read back as format 3, the two marks stay apart.
    let bytes = Marks.stateJSON(state.marks)
    #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\": 3"))
    let again = try Self.state(Self.feed(), marks: Marks.decodeState(bytes).get())
    #expect(Self.behind(again) == ["Chapter 2"])
  }

  @Test func aChapterWhoseDateWasEditedKeepsItsMark() throws {
    var marks = Marks()
    marks.setSeen(
      true, Self.serial, in: Self.key, on: date(2026, 11, 30), episode: 1, item: "c1",
      at: testWall)
    // The publisher moved Chapter 1 to Tuesday 1 December.
    let state = try Self.state(
      Self.feed(firstDate: "Tue, 01 Dec 2026 09:00 GMT"), marks: marks, day: .tuesday)
    #expect(Self.behind(state) == ["Chapter 2"])
    let tuesday = state.weekPage(.tuesday, of: state.sections[0])
    let row = try #require(tuesday.serials.firstIndex { $0.releaseID == "c1" })
    let extras = state.marked(RowExtras(), tuesday, row, Self.key, state.sections[0])
    #expect(extras.read)
  }

  /// A format-2 file marks the feed's releases by date: both chapters of that date are
  /// seen, until one has a mark of its own.
  @Test func anOldStateFileStillMarksByDate() throws {
    let old = """
      {"format": "youbi-state", "version": 2, "schedules": [{"path": "\(Self.path)",
       "serials": [{"id": "feed:https://w.example/",
                    "seen": {"2026-11-30": {"at": 1796000000000, "on": true}}}]}]}
      """
    let marks = try Marks.decodeState(Array(old.utf8)).get()
    var state = try Self.state(Self.feed(), marks: marks)
    #expect(Self.behind(state).isEmpty)
    state.update(.keyPressed(.char("m")), at: .zero)  // Chapter 1 unmarked, by itself
    #expect(Self.behind(state) == ["Chapter 1"])
    #expect(state.marks.isSeen(Self.serial, in: Self.key, on: date(2026, 11, 30), item: "c2"))
  }
}
