import Foundation
import TestSupport
import Testing

@testable import Schedule

/// Calendars as they are found in the wild: what cannot be read is left out and counted
/// in one warning, the rest shows; only a broken structure refuses the file.
@Suite struct ICalendarLenientTests {
  /// A weekly Monday 07:00 event, and whatever else goes in the calendar.
  func file(_ inside: String, rule: String = "RRULE:FREQ=WEEKLY") -> String {
    "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Kept\nDTSTART:20260105T070000\n\(rule)\n"
      + "END:VEVENT\n\(inside)END:VCALENDAR\n"
  }

  func kept(_ schedule: Schedule) -> [String] { schedule[.monday].map(\.title) }

  @Test func anEventWithoutDTSTARTIsLeftOutAndCounted() throws {
    let schedule = try calendar(
      file("BEGIN:VEVENT\nSUMMARY:No start\nEND:VEVENT\n"))
    #expect(kept(schedule) == ["Kept"])
    #expect(
      schedule.warnings == [
        Diagnostic(.warning, line: 7, column: 1, "1 event left out: cannot be placed (no DTSTART)")
      ])
  }

  @Test(arguments: [
    ("DTSTART:2026-01-01", "DTSTART: expected a date YYYYMMDD"),
    ("DTSTART:20260230", #"DTSTART: no such date "20260230""#),
    ("DTSTART:20260105\nRRULE:COUNT=3", "RRULE has no FREQ"),
    ("DTSTART:20260105\nRRULE:FREQ=FORTNIGHTLY", #"RRULE: unknown FREQ "FORTNIGHTLY""#),
    ("DTSTART:20260105\nRRULE:FREQ=WEEKLY\nEXDATE:yesterday", "EXDATE: expected a date"),
  ])
  func anEventThatCannotBePlacedIsLeftOut(lines: String, reason: String) throws {
    let schedule = try calendar(file("BEGIN:VEVENT\nSUMMARY:Bad\n\(lines)\nEND:VEVENT\n"))
    #expect(kept(schedule) == ["Kept"])
    let warning = try #require(schedule.warnings.first)
    #expect(schedule.warnings.count == 1)
    #expect(warning.line == 7 && warning.severity == .warning)
    #expect(
      warning.message.hasPrefix("1 event left out: cannot be placed (" + reason), "\(warning)")
  }

  @Test func unreadableLinesAreLeftOutAndCounted() throws {
    let schedule = try calendar(
      " folded onto nothing\n"
        + file("X-APPLE-STRUCTURED LOCATION no colon\n;X=1:y\n")
        + "SUMMARY:after the end\n")
    #expect(kept(schedule) == ["Kept"])
    #expect(
      schedule.warnings == [
        Diagnostic(
          .warning, line: 1, column: 1,
          "4 lines not read (a continuation line (starting with a space) with no line before it, "
            + "X-APPLE-STRUCTURED has no ':' before its value, "
            + "expected a property or parameter name, found ';', …)")
      ])
  }

  @Test func everythingLeftOutIsInTheOneWarning() throws {
    let schedule = try calendar(
      file(
        "BROKEN LINE\nBEGIN:VEVENT\nEND:VEVENT\nBEGIN:VEVENT\nDTSTART:20260105\n"
          + "RRULE:FREQ=MONTHLY\nEND:VEVENT\nBEGIN:VTIMEZONE\nTZID:X\nEND:VTIMEZONE\n"))
    #expect(kept(schedule) == ["Kept"])
    #expect(
      schedule.warnings == [
        Diagnostic(
          .warning, line: 7, column: 1,
          "1 event left out: repeat rules a weekly schedule cannot show (FREQ=MONTHLY); "
            + "1 event left out: cannot be placed (no DTSTART); "
            + "1 VTIMEZONE not read (VTIMEZONE has no STANDARD or DAYLIGHT); 1 line not read "
            + "(BROKEN has no ':' before its value)")
      ])
  }

  @Test func aSpaceInBYDAYIsTolerated() throws {
    let schedule = try calendar(file("", rule: "RRULE:FREQ=WEEKLY; BYDAY=MO, WE ;COUNT=4"))
    #expect(kept(schedule) == ["Kept"])
    #expect(schedule[.wednesday].map(\.title) == ["Kept"])
    #expect(schedule[.wednesday].first?.end == date(2026, 1, 14))
    #expect(schedule.warnings.isEmpty)
  }

  @Test func bareEventsLoadWithAWarning() throws {
    let text =
      "BEGIN:VEVENT\nSUMMARY:Bare\nDTSTART:20260106T230000\nRRULE:FREQ=WEEKLY\nEND:VEVENT\n"
      + "BEGIN:VEVENT\nSUMMARY:Another\nDTSTART:20260107\nEND:VEVENT\n"
    let schedule = try calendar(text)
    #expect(schedule[.tuesday].map(\.title) == ["Bare"])
    #expect(schedule[.wednesday].map(\.title) == ["Another"])
    #expect(
      schedule.warnings == [
        Diagnostic(
          .warning, line: 1, column: 1,
          "no BEGIN:VCALENDAR around the events (read as one calendar)")
      ])
  }

  @Test func aBrokenStructureStillRefusesTheFile() {
    #expect(
      calendarError("BEGIN:VEVENT\nDTSTART:20260105\n")
        == "c.ics:1:1: BEGIN:VEVENT is never ended (END:VEVENT)")
    #expect(
      calendarError(file("BEGIN:VEVENT\nDTSTART:20260105\nEND:VTODO\n"))
        == "c.ics:9:1: END:VTODO where BEGIN:VEVENT (line 7) should end")
  }

  /// Whatever starts `BEGIN:` gets an iCalendar message from the loader, never a JSON one.
  @Test(arguments: [
    ("BEGIN:VCARD\nFN:x\nEND:VCARD\n", "BEGIN:VCARD is not part of a calendar"),
    ("BEGIN:\n", "BEGIN names no component"),
    ("begin:vevent\n", "BEGIN:VEVENT is never ended"),
    ("BEGIN:VCALENDAR\nEND:VEVENT\n", "END:VEVENT where BEGIN:VCALENDAR (line 1) should end"),
  ])
  func contentStartingBEGINGetsAnICalendarMessage(text: String, message: String) {
    do {
      _ = try ScheduleLoader.parse(Array(text.utf8), source: "x.json", zones: FixedZones(local: 0))
      Issue.record("loaded")
    } catch {
      #expect(error.message.hasPrefix("youbi: x.json:"), "\(error.message)")
      #expect(error.message.contains(message), "\(error.message)")
      #expect(!error.message.contains("JSON"), "\(error.message)")
    }
  }

  /// The loader passes the warning on, and `--check` lists it.
  @Test func checkListsTheOneWarning() {
    let text = file("BEGIN:VEVENT\nSUMMARY:No start\nEND:VEVENT\n")
    #expect(
      ScheduleLoader.check(Array(text.utf8), calendar: LocalCalendar(zones: FixedZones(local: 0)))
        .map { $0.line(file: "c.ics") } == [
          "c.ics:7:1: warning: 1 event left out: cannot be placed (no DTSTART)"
        ])
  }
}
