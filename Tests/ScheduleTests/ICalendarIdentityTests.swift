import Testing

@testable import Schedule

/// An event's `UID` is who the serial is (its `id`), whatever its `SUMMARY` says; the
/// UIDs Youbi writes itself (`…@youbi`, made from a place in the week) are not.
@Suite struct ICalendarIdentityTests {
  func event(uid: String?, summary: String, day: String) -> String {
    (uid.map { "BEGIN:VEVENT\r\nUID:\($0)\r\n" } ?? "BEGIN:VEVENT\r\n")
      + "SUMMARY:\(summary)\r\nDTSTART:202601\(day)T120000Z\r\nRRULE:FREQ=WEEKLY\r\nEND:VEVENT\r\n"
  }

  @Test func theUIDIsTheSerialsId() throws {
    let schedule = try calendar(
      "BEGIN:VCALENDAR\r\n"
        + event(uid: "frieren-s2@example.org", summary: "Frieren", day: "05")
        + event(uid: nil, summary: "No UID", day: "06")
        + event(uid: "3f2a9c1b7e4d5a60@youbi", summary: "Written by Youbi", day: "07")
        + "END:VCALENDAR\r\n")
    #expect(schedule[.monday].map(\.id) == ["frieren-s2@example.org"])
    #expect(schedule[.tuesday].map(\.id) == [nil])
    #expect(schedule[.wednesday].map(\.id) == [nil])
  }
}
