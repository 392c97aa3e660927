import Foundation
import TestSupport
import Testing

/// `--next`, `--upcoming` and `--format` from the shell, on the real clock in Berlin.
@Suite("End to end: --next, --upcoming and --format", .serialized, youbiRequired)
struct OutputEndToEndTests {
  static let zone = TimeZone(identifier: "Europe/Berlin")!

  func youbi(_ arguments: [String], files: [String: String] = [:]) throws -> ProcessResult {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write(files)
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "Europe/Berlin"
    return try runProcess(
      try YoubiBinary.path(), arguments.map { $0.replacing("$DIR", with: dir.path) },
      environment: environment, timeout: 15)
  }

  /// The weekday key and `HH:MM` of `date` in Berlin.
  static func slot(_ date: Date) -> (day: String, time: String, label: String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
    let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    let day = days[parts.weekday! - 1]
    return (
      day, String(format: "%02d:%02d", parts.hour!, parts.minute!),
      day.prefix(1).uppercased() + day.dropFirst(1).prefix(2)
    )
  }

  /// A week with one release 2h 06m ahead (to the minute) and one 6h ahead.
  static func soonWeek() -> (
    files: [String: String], first: (day: String, time: String, label: String)
  ) {
    let minute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
    let first = slot(Date(timeIntervalSince1970: minute + 126 * 60))
    let second = slot(Date(timeIntervalSince1970: minute + 360 * 60))
    let soon =
      #"{"title": "Soon \u001b]0;x\u0007", "time": "\#(first.time)", "#
      + #""url": "https://example.org/soon"}"#
    let later = #"{"title": "Later", "time": "\#(second.time)"}"#
    let days =
      first.day == second.day
      ? #""\#(first.day)": [\#(soon), \#(later)]"#
      : #""\#(first.day)": [\#(soon)], "\#(second.day)": [\#(later)]"#
    let week = #"{"title": "Anime", "days": {"# + days + "}}"
    return (["week.json": week], first)
  }

  @Test("--next prints weekday, time, how long until it and the title, safely")
  func next() throws {
    let (files, first) = Self.soonWeek()
    let r = try youbi(["--labels", "en", "--next", "2", "$DIR/week.json"], files: files)
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first == "\(first.label) \(first.time)  in 2h 06m  Soon ␛]0;x␇", "\(r.out)")
    #expect(lines.last?.hasSuffix("  Later") == true, "\(r.out)")
    // A pipe gets plain text: no link, no escape.
    #expect(!r.out.contains("\u{1B}"))
    let short = try youbi(["--next", "--short", "$DIR/week.json"], files: files)
    #expect(
      short.out.split(separator: "\n") == ["\(first.time) Soon ␛]0;x␇"]
        || short.out.hasPrefix("\(first.label) "))
  }

  @Test("on a terminal --next and --print write a title with a URL as an OSC 8 link")
  func links() async throws {
    let (files, _) = Self.soonWeek()
    for arguments in [["--next"], ["--print"]] {
      let s = try TerminalSession(
        youbi: arguments + ["week.json"], environment: ["TZ": "Europe/Berlin"], files: files)
      defer { s.close() }
      #expect(try await s.waitForExit() == 0)
      let out = String(decoding: s.output(), as: UTF8.self)
      #expect(
        out.contains("\u{1B}]8;;https://example.org/soon\u{1B}\\Soon ␛]0;x␇\u{1B}]8;;\u{1B}\\"),
        "\(arguments): \(out.debugDescription)")
    }
  }

  @Test("--upcoming prints what comes within the time, and nothing (status 0) when none")
  func upcoming() throws {
    let (files, _) = Self.soonWeek()
    let within = try youbi(["--labels", "en", "--upcoming", "3h", "$DIR/week.json"], files: files)
    #expect(within.status == 0 && within.out.split(separator: "\n").count == 1, "\(within.out)")
    let none = try youbi(["--upcoming", "30m", "$DIR/week.json"], files: files)
    #expect(none.status == 0 && none.out.isEmpty && none.err.isEmpty, "\(none.out)\(none.err)")
  }

  @Test("--format json is one document with a version and every member")
  func json() throws {
    let (files, first) = Self.soonWeek()
    let r = try youbi(["--next", "--format", "json", "$DIR/week.json"], files: files)
    #expect(r.status == 0, "\(r.err)")
    let top = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
    #expect(top["version"] as? Int == 1 && top["kind"] as? String == "next")
    let entry = try #require((top["entries"] as? [[String: Any]])?.first)
    #expect(entry["title"] as? String == "Soon \u{1B}]0;x\u{07}")
    #expect(entry["time"] as? String == first.time && entry["weekday"] as? String == first.day)
    #expect(entry["url"] as? String == "https://example.org/soon")
    for key in ["section", "date", "at", "titles", "author", "note", "episode", "starred", "read"] {
      #expect(entry.keys.contains(key), "\(key)")
    }
  }

  /// Expands each event of the calendar over the week `--format json` lists, with
  /// Python's icalendar and dateutil, and compares (date, time, title) with youbi's own.
  static let reader = #"""
    import datetime, json, sys
    import icalendar
    from dateutil.rrule import rruleset, rrulestr
    cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
    week = json.load(open(sys.argv[2]))
    first = min(datetime.date.fromisoformat(e["date"]) for e in week["entries"])
    monday = datetime.datetime.combine(first - datetime.timedelta(days=first.weekday()), datetime.time())
    seen = set()
    for event in cal.walk("VEVENT"):
        start = event["DTSTART"].dt
        timed = isinstance(start, datetime.datetime)
        if not timed:
            start = datetime.datetime.combine(start, datetime.time())
        rules = rruleset()
        if "RRULE" in event:
            rules.rrule(rrulestr(event["RRULE"].to_ical().decode(), dtstart=start))
        else:
            rules.rdate(start)
        exdates = event.get("EXDATE", [])
        for ex in exdates if isinstance(exdates, list) else [exdates]:
            for d in ex.dts:
                value = d.dt
                if not isinstance(value, datetime.datetime):
                    value = datetime.datetime.combine(value, datetime.time())
                rules.exdate(value)
        low = monday.replace(tzinfo=start.tzinfo)
        high = low + datetime.timedelta(days=7)
        for when in rules.between(low, high, inc=True):
            if when < high:
                time = when.strftime("%H:%M") if timed else None
                seen.add((when.date().isoformat(), time, str(event["SUMMARY"])))
    expected = {(e["date"], e["time"], e["title"]) for e in week["entries"]}
    print(sorted(seen, key=str))
    print(sorted(expected, key=str))
    sys.exit(0 if seen == expected else 1)
    """#

  @Test("--format ics agrees with Python's icalendar about the week, and youbi reads it back")
  func ics() throws {
    let week = """
      {"title": "Week", "days": {
        "monday": [{"title": "Mon; a, b \\\\ c", "time": "07:00", "note": "n1\\nn2"}],
        "wednesday": [{"title": "Skipping", "time": "20:00", "start": "2026-01-07",
                       "skip": ["2026-12-02", "2026-12-09", "2026-12-16", "2026-12-23"]},
                      "All day"],
        "saturday": [{"title": "Late", "time": "23:30", "author": "A"}],
        "sunday": [{"title": "Sun", "time": "12:00", "end": "2099-01-01"}]}}
      """
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(week, to: "week.json")
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "Europe/Berlin"
    let bin = try YoubiBinary.path()
    let ics = try runProcess(bin, ["--print", "--format", "ics", file], environment: environment)
    let json = try runProcess(bin, ["--print", "--format", "json", file], environment: environment)
    #expect(ics.status == 0 && json.status == 0, "\(ics.err)\(json.err)")
    let icsFile = dir.write(ics.out, to: "week.ics")
    let jsonFile = dir.write(json.out, to: "week.out.json")
    let python = try #require(findExecutable("python3"), "python3 is not installed")
    let agree = try runProcess(
      python, ["-c", Self.reader, icsFile, jsonFile], environment: environment)
    #expect(agree.status == 0, "python: \(agree.out)\(agree.err)")
    // Youbi reads its own calendar back into the same week.
    let back = try runProcess(
      bin, ["--print", "--format", "json", icsFile], environment: environment)
    let original = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
    let reread = try JSONSerialization.jsonObject(with: back.stdout) as? [String: Any]
    func slots(_ doc: [String: Any]?) -> Set<String> {
      Set(
        ((doc?["entries"] as? [[String: Any]]) ?? []).map {
          "\($0["date"] ?? "") \($0["time"] ?? "-") \($0["title"] ?? "") \($0["author"] ?? "")"
        })
    }
    #expect(slots(original) == slots(reread), "\(back.out)")
  }
}
