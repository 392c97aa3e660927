import Foundation
import TestSupport
import Testing

/// Times, the day-start rollover, the calendar and iCalendar files, in a real terminal
/// on a faked wall clock.
///
/// The wall clock is libfaketime's (Debian's `faketime`), preloaded with a start-at time
/// (`FAKETIME="@2026-12-01 04:59:52"`): the clock starts there and runs on, so a rollover
/// a few seconds ahead happens while youbi runs. The monotonic clock stays real
/// (`FAKETIME_DONT_FAKE_MONOTONIC=1`), so slides keep their pace.
///
/// Everything youbi is told comes from its config file, not its command line: with
/// libfaketime preloaded, the Swift runtime's `CommandLine.arguments` comes back empty
/// (libfaketime 0.9.10, Swift 6.3), so options and the schedule go in the config, which
/// also proves that `day-starts` there is read.
@Suite("End to end: times and the calendar", .serialized, youbiRequired)
struct TimeEndToEndTests {
  /// libfaketime's preload library, where Debian puts it.
  static let fakeTimeLibrary = [
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/faketime/libfaketime.so.1",
  ].first { FileManager.default.fileExists(atPath: $0) }

  /// Starts youbi on a wall clock that starts at `start` (local time in `zone`) and runs
  /// on, with `config` as its config file and `files` beside it.
  /// `first`, when given, is a one-shot run of youbi with those arguments just before, on
  /// the same clock and files (its output dropped).
  func startOnFakedClock(
    _ start: String, zone: String = "UTC", config: String, files: [String: String],
    width: Int = 80, height: Int = 24, first: [String]? = nil
  ) throws -> TerminalSession {
    let library = try #require(
      Self.fakeTimeLibrary, "libfaketime is not installed (make deps-test installs faketime)")
    var all = ["config/youbi/config": "labels = en\n" + config]
    for (name, text) in files { all["config/youbi/" + name] = text }
    let youbi = try YoubiBinary.path()
    let run = first.map { arguments in
      ("/bin/sh", ["-c", #""$0" "$@" > /dev/null; exec "$0""#, youbi] + arguments)
    }
    return try TerminalSession(
      program: run?.0 ?? youbi, arguments: run?.1 ?? [], width: width, height: height,
      environment: [
        "LD_PRELOAD": library, "FAKETIME": "@" + start, "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        "TZ": zone,
      ], files: all)
  }

  func footer(_ screen: Screen) -> String { screen.rows.last ?? "" }
  func hints(_ screen: Screen) -> String { screen.rows[screen.rows.count - 2] }
  /// The list rows of the page (below the heading, above the hints).
  func list(_ screen: Screen) -> [String] { Array(screen.rows[3..<(screen.rows.count - 2)]) }

  /// A week with times out of order in the file, on Monday to Wednesday.
  static let timedWeek = """
    {"title": "Timed",
     "days": {
       "monday": [{"title": "Morning Paper", "time": "07:00"},
                  {"title": "Late Anime", "time": "25:30", "start": "2026-10-05"}],
       "tuesday": [{"title": "Dawn Manga", "time": "05:30", "author": "Ito"},
                   {"title": "Noon Strip", "time": "12:00"}],
       "wednesday": [{"title": "Evening Anime", "time": "21:00", "author": "Studio E"},
                     {"title": "Morning Strip", "time": "07:00"},
                     "Untimed Serial",
                     {"title": "Late Show", "time": "25:30"},
                     {"title": "Lunch Manga", "time": "12:00"}]
     }}
    """

  @Test("the week orders each day by time, marks what aired and counts down to the next")
  func weekInTimeOrderWithCountdown() async throws {
    // Wednesday 2 December 2026, 18:55: the 21:00 release is 2h 05m away.
    let s = try startOnFakedClock(
      "2026-12-02 18:55:00", config: "schedule = week.json\n",
      files: ["week.json": Self.timedWeek])
    defer { s.close() }
    let screen = try await s.settle("Wednesday in time order") {
      $0.currentDay == "Wednesday" && $0.contains("Late Show")
    }
    let rows = list(screen).prefix(5).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(rows[0].hasPrefix("▸ 07:00 Morning Strip") && rows[0].hasSuffix("aired"), "\(screen)")
    #expect(rows[1].hasPrefix("12:00 Lunch Manga") && rows[1].hasSuffix("aired"), "\(screen)")
    #expect(
      rows[2].hasPrefix("21:00 Evening Anime") && rows[2].hasSuffix("in 2h 05m  Studio E"),
      "\(screen)")
    #expect(rows[3] == "25:30 Late Show", "\(screen)")
    #expect(rows[4] == "Untimed Serial", "untimed entries come last:\n\(screen)")
    // Another day has its times but no countdown.
    try s.send("Right")
    let thursday = try await s.settle("Thursday") { $0.currentDay == "Thursday" }
    #expect(!thursday.contains("aired") && !thursday.contains(" in "), "\(thursday)")
  }

  @Test(
    "day-starts 5: at 04:59 on Tuesday it is still Monday; at 05:00 today moves, the view stays")
  func dayStartRollover() async throws {
    let s = try startOnFakedClock(
      "2026-12-01 04:59:52", config: "schedule = week.json\nday-starts = 5\n",
      files: ["week.json": Self.timedWeek])
    defer { s.close() }
    // Before five it is Monday's day: youbi opens on Monday, whose releases have aired
    // (Late Anime's 25:30 is 01:30 on Tuesday, within Monday's day).
    let monday = try await s.waitFor("Monday, with what aired") {
      $0.currentDay == "Monday" && $0.contains("Late Anime")
    }
    #expect(list(monday)[0].hasSuffix("aired") && list(monday)[1].contains("aired"), "\(monday)")
    // At five the day turns: Monday is no longer today (nothing on it says aired), and
    // the view stays on Monday, where it was.
    let after = try await s.waitFor("the rollover", timeout: 20) {
      $0.currentDay == "Monday" && $0.contains("Late Anime") && !$0.contains("aired")
    }
    #expect(after.currentDay == "Monday")
    // `t` now goes to Tuesday, whose first release counts down.
    try s.type("t")
    let tuesday = try await s.settle("today is Tuesday") { $0.currentDay == "Tuesday" }
    #expect(list(tuesday)[0].contains("05:30 Dawn Manga") && list(tuesday)[0].contains("in 30m"))
  }

  /// A weekly serial on Fridays from 4 December 2026, with a break on New Year's Day.
  static let fridays = """
    {"title": "Fridays",
     "days": {"friday": [{"title": "Friday Serial", "time": "23:00", "start": "2026-12-04",
                          "skip": ["2027-01-01"]}]}}
    """

  @Test("the calendar pages across a month and a year, the dates in the tab bar")
  func calendarAcrossTheYear() async throws {
    let s = try startOnFakedClock(
      "2026-12-30 12:00:00", config: "schedule = fridays.json\n",
      files: ["fridays.json": Self.fridays])
    defer { s.close() }
    try await s.settle("Wednesday") { $0.currentDay == "Wednesday" }
    try s.type("c")
    let open = try await s.settle("the calendar on today") {
      $0.rows[2].hasPrefix(" Wednesday, 30 December 2026")
    }
    for tab in ["Mon 28", "Tue 29", "Wed 30", "Thu 31", "Fri 1", "Sat 2", "Sun 3"] {
      #expect(open.rows[0].contains(tab), "\(tab):\n\(open)")
    }
    #expect(footer(open).hasPrefix(" this week"), "\(open)")
    // Into January by the day: the tabs stay, the heading changes month and year.
    try s.send("Right", "Right")
    let newYear = try await s.settle("New Year's Day") {
      $0.rows[2].hasPrefix(" Friday, 1 January 2027")
    }
    #expect(
      newYear.rows.first { $0.contains("Friday Serial") }?.contains("on break") == true,
      "skipped on 1 January: a break\n\(newYear)")
    // From Sunday, right goes on to the next week's Monday.
    try s.send("Right", "Right", "Right")
    let monday = try await s.settle("Monday 4 January") {
      $0.rows[2].hasPrefix(" Monday, 4 January 2027")
    }
    for tab in ["Mon 4", "Tue 5", "Fri 8", "Sun 10"] {
      #expect(monday.rows[0].contains(tab), "\(tab):\n\(monday)")
    }
    #expect(footer(monday).hasPrefix(" next week"), "\(monday)")
    // 5 (Friday) of that week: the fifth episode, the break not counted.
    try s.type("5")
    let friday = try await s.settle("Friday 8 January") {
      $0.rows[2].hasPrefix(" Friday, 8 January 2027")
    }
    #expect(friday.contains("23:00 Friday Serial #5"), "\(friday)")
    // Weeks back with [ past this one, to the ISO week beyond four weeks.
    try s.type("[[[[[[")
    let back = try await s.settle("Friday 27 November") {
      $0.rows[2].hasPrefix(" Friday, 27 November 2026")
    }
    #expect(footer(back).hasPrefix(" 2026-W48"), "\(back)")
    #expect(!back.contains("Friday Serial"), "before its start:\n\(back)")
    // t comes back to today; c back to the week as it was left.
    try s.type("t")
    try await s.settle("today") { $0.rows[2].hasPrefix(" Wednesday, 30 December 2026") }
    try s.type("c")
    try await s.settle("the week") { $0.currentDay == "Wednesday" && !$0.contains("2026") }
  }

  /// A calendar as a calendar app exports it, in Tokyo time: a weekly late-night anime
  /// with one week off, an escaped comma and a folded description, and a monthly
  /// event a week cannot show.
  static let tokyoCalendar =
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Youbi//e2e//EN",
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Tokyo",
      "BEGIN:STANDARD",
      "TZOFFSETFROM:+0900",
      "TZOFFSETTO:+0900",
      "TZNAME:JST",
      "DTSTART:19700101T000000",
      "END:STANDARD",
      "END:VTIMEZONE",
      "BEGIN:VEVENT",
      "UID:night@example.com",
      "DTSTART;TZID=Asia/Tokyo:20261007T233000",
      "RRULE:FREQ=WEEKLY;BYDAY=WE",
      "EXDATE;TZID=Asia/Tokyo:20261118T233000",
      "SUMMARY:夜更かし\\, アニメ",
      "DESCRIPTION:第2期 毎週水曜\\n二行目",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:monthly@example.com",
      "DTSTART;TZID=Asia/Tokyo:20261001T200000",
      "RRULE:FREQ=MONTHLY",
      "SUMMARY:Monthly",
      "END:VEVENT",
      "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

  @Test("an iCalendar file (known by its content, not its name) loads, with episodes and a warning")
  func iCalendarLoads() async throws {
    let s = try startOnFakedClock(
      "2026-12-02 12:00:00", zone: "Asia/Tokyo", config: "schedule = anime.cal\n",
      files: ["anime.cal": Self.tokyoCalendar])
    defer { s.close() }
    let screen = try await s.settle("Wednesday's anime") {
      $0.currentDay == "Wednesday" && $0.contains("夜更かし")
    }
    // 7 October is #1; 18 November is off, so 2 December is #8.
    #expect(screen.contains("23:30 夜更かし, アニメ #8"), "\(screen)")
    #expect(screen.contains("第2期 毎週水曜"), "the description's first line:\n\(screen)")
    #expect(screen.contains("in 11h 30m"), "\(screen)")
    #expect(!screen.contains("Monthly"), "\(screen)")
    // The warning is said once, in the footer (a key takes it away), not on stderr.
    #expect(screen.rows.last?.contains("1 warning — youbi --check") == true, "\(screen)")
    try s.type("j")
    try await s.settle("the warning gone") { !($0.rows.last ?? "").contains("warning") }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
    try await s.waitFor("youbi gone") { $0.contains("e2e-wrapper: exited") }
    let after = try s.capture(joinWrapped: true)
    #expect(!after.text.contains("anime.cal:24:1: warning"), "\(after)")
  }

  @Test("an unreadable line and an event without DTSTART are one warning; the rest prints")
  func lenientICalendar() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY no colon\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nSUMMARY:Shown\r\nDTSTART:20261130T070000\r\nEND:VEVENT\r\n"
        + "END:VCALENDAR\r\n", to: "lenient.ics")
    let r = try runProcess(
      try YoubiBinary.path(), ["--print", "--verbose", "--date", "2026-11-30", file],
      environment: try isolatedProcessEnvironment(dir), timeout: 15)
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(
      r.err
        == "youbi: \(file):3:1: warning: 1 event left out: cannot be placed (no DTSTART); "
        + "1 line not read (SUMMARY has no ':' before its value)\n")
    #expect(r.out.contains("07:00 Shown"), "\(r.out)")
  }

  @Test("a broken iCalendar structure is one error line with its line number, exit 65")
  func malformedICalendar() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VEVENT\r\n"
        + "END:VCALENDAR\r\n", to: "broken.ics")
    let r = try runProcess(
      try YoubiBinary.path(), ["--print", file],
      environment: try isolatedProcessEnvironment(dir), timeout: 15)
    #expect(r.status == 65, "stderr: \(r.err)")
    #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
    #expect(r.err.contains("broken.ics:4:"), "\(r.err)")
    #expect(r.out.isEmpty)
  }
}
