import Schedule
import TestSupport
import Testing

@testable import YoubiCore

/// One event's text is held once, however many entries it becomes: the schedule's safe
/// copy and its search index stay the size of the file.
@Suite struct SharedTextTests {
  /// One event, a description of `noteBytes`, on `dates` distinct dates (each an entry).
  func calendar(noteBytes: Int, dates: Int) -> [UInt8] {
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260105T120000Z\r\nSUMMARY:Long\r\n"
    text += "DESCRIPTION:\u{1B}" + String(repeating: "a", count: noteBytes) + "\r\n"
    var day = CivilDate(year: 2026, month: 1, day: 6)!
    for _ in 0..<dates {
      text += "RDATE;VALUE=DATE:" + "\(day)".filter { $0 != "-" } + "\r\n"
      day = day.adding(days: 1)
    }
    return Array((text + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
  }

  @Test func anEventsEntriesShareOneFoldedDescription() throws {
    let bytes = calendar(noteBytes: 100_000, dates: 999)
    let schedule = try ScheduleLoader.parse(bytes, source: "c.ics")
    let safe = SafeSchedule(schedule)
    let entries = Weekday.allCases.reduce(0) { $0 + safe[$1].count }
    #expect(entries == 1000)
    // Was 1,000 copies: 100 MB for a 120 KB file.
    #expect(safe.searchIndex.byteCount < bytes.count)
    // The escape in the description is made safe, once, for every entry.
    #expect(safe[.tuesday].allSatisfy { $0.note?.hasPrefix("\u{241B}aaa") == true })
  }

  @Test func aSharedFieldIsFoundForEverySerialThatHasIt() {
    let long = "needle " + String(repeating: "x", count: SearchIndex.sharedLength)
    let index = SearchIndex(
      days: [
        [
          Serial(title: "a", note: long), Serial(title: "needle b"), Serial(title: "c", note: long),
        ],
        [Serial(title: "q")],
        [Serial(title: long)],
      ] + Array(repeating: [], count: 4))
    let hits = index.matches(Array("needle".utf8))
    #expect(hits.map(\.day) == [.monday, .monday, .monday, .wednesday])
    #expect(hits.map(\.index) == [0, 1, 2, 0])
    #expect(index.matches(Array("q".utf8)).map(\.day) == [.tuesday])
  }
}
