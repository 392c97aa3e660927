import Foundation
import TestSupport
import Testing

/// `--print --format ics` against an independent reader: each serial of the week once,
/// in the zone its source gives, expanding to the releases `--print` lists in any zone.
@Suite("End to end: --format ics in three zones", .serialized, youbiRequired)
struct OutputCalendarTests {
  /// Sources in three zones of their own: instants (bangumi-data, Japanese), Tokyo and
  /// New York wall times (Youbi's format with a `timezone`), and local time.
  static let files: [String: String] = [
    "anime.json": #"""
    {"items": [
      {"title": "Weekly", "titleTranslate": {}, "type": "tv", "lang": "ja", "officialSite": "",
       "begin": "2026-04-04T15:30:00.000Z", "broadcast": "R/2026-04-04T15:30:00.000Z/P7D",
       "end": "2027-03-28T00:00:00.000Z", "sites": []},
      {"title": "Daily", "titleTranslate": {}, "type": "web", "lang": "ja", "officialSite": "",
       "begin": "2026-09-01T03:00:00.000Z", "broadcast": "R/2026-09-01T03:00:00.000Z/P1D",
       "end": "2026-12-31T03:00:00.000Z", "sites": []},
      {"title": "Monthly", "titleTranslate": {}, "type": "ova", "lang": "ja", "officialSite": "",
       "begin": "2026-01-01T03:00:00.000Z", "broadcast": "R/2026-01-01T03:00:00.000Z/P1M",
       "end": "", "sites": []}]}
    """#,
    "tokyo.json": #"""
    {"title": "Tokyo", "timezone": "Asia/Tokyo", "days": {
      "sat": [{"title": "Midnight", "time": "25:30", "start": "2026-01-03", "end": "2027-06-26",
               "skip": ["2026-11-07"]}],
      "tue": [{"title": "Late", "time": "23:00"}]}}
    """#,
    "ny.json": #"""
    {"title": "New York", "timezone": "America/New_York", "days": {
      "sun": [{"title": "Evening", "time": "20:00", "start": "2026-03-01"}]}}
    """#,
    "local.json": #"{"title": "Local", "days": {"mon": [{"title": "Morning", "time": "07:00"}]}}"#,
  ]

  /// Expands every event of the calendar (argv 1) with Python's icalendar and
  /// dateutil's rrule over the week of the `--print --format json` document (argv 2),
  /// converts each release to the zone `TZ` names, and compares (date, time, title)
  /// with youbi's own; exit 1 when they differ.
  static let reader = #"""
    import datetime, json, os, sys
    from zoneinfo import ZoneInfo
    import icalendar
    from dateutil.rrule import rruleset, rrulestr
    local = ZoneInfo(os.environ["TZ"])
    cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
    week = json.load(open(sys.argv[2]))
    monday = datetime.date.fromisoformat(sys.argv[3])
    low = datetime.datetime.combine(monday, datetime.time(), local)
    high = datetime.datetime.combine(monday + datetime.timedelta(days=7), datetime.time(), local)
    seen = set()
    for event in cal.walk("VEVENT"):
        start = event["DTSTART"].dt
        if not isinstance(start, datetime.datetime):
            sys.exit("an untimed event: " + str(event["SUMMARY"]))
        rules = rruleset()
        if "RRULE" in event:
            rules.rrule(rrulestr(event["RRULE"].to_ical().decode(), dtstart=start))
        else:
            rules.rdate(start)
        exdates = event.get("EXDATE", [])
        for ex in exdates if isinstance(exdates, list) else [exdates]:
            for d in ex.dts:
                rules.exdate(d.dt)
        for when in rules.between(low, high, inc=True):
            when = when.astimezone(local)
            if low <= when < high:
                seen.add((when.date().isoformat(), when.strftime("%H:%M"), str(event["SUMMARY"])))
    expected = {(e["date"], e["time"], e["title"]) for e in week["entries"]}
    print(sorted(seen), sorted(expected), sep="\n")
    sys.exit(0 if seen == expected else 1)
    """#

  @Test(
    "the expansion gives --print's releases in Berlin, New York and Sydney, across their changes",
    arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney"])
  func threeZones(zone: String) throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write(Self.files)
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = zone
    let bin = try YoubiBinary.path()
    let python = try #require(findExecutable("python3"), "python3 is not installed")
    let sources = ["anime.json", "tokyo.json", "ny.json", "local.json"].map { dir.path + "/" + $0 }
    // Sydney's change is on 4 October, Berlin's on 25 October, New York's on 1 November.
    for monday in ["2026-09-28", "2026-10-19", "2026-10-26", "2026-11-02"] {
      let print = ["--print", "--date", monday]
      let ics = try runProcess(
        bin, print + ["--format", "ics"] + sources, environment: environment)
      let json = try runProcess(
        bin, print + ["--format", "json"] + sources, environment: environment)
      #expect(ics.status == 0 && json.status == 0, "\(ics.err)\(json.err)")
      // A source's warning (the monthly show) is --check's to say.
      #expect(ics.err.isEmpty && json.err.isEmpty, "\(ics.err)\(json.err)")
      let icsFile = dir.write(ics.out, to: "week.ics")
      let jsonFile = dir.write(json.out, to: "week.out.json")
      let agree = try runProcess(
        python, ["-c", Self.reader, icsFile, jsonFile, monday], environment: environment)
      #expect(agree.status == 0, "\(zone) \(monday): \(agree.out)\(agree.err)")
      // Each serial the week lists is one event, whatever its pieces and days.
      let document = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
      let titles = Set(
        ((document?["entries"] as? [[String: Any]]) ?? []).compactMap {
          $0["title"] as? String
        })
      // (Midnight skips the week of 2 November.)
      #expect(titles.count >= 5, "\(zone) \(monday): \(titles)")
      #expect(ics.out.components(separatedBy: "BEGIN:VEVENT").count - 1 == titles.count)
      #expect(ics.out.contains("TZID=Asia/Tokyo:") && ics.out.contains("TZID=America/New_York:"))
    }
  }

  @Test("bangumi-data's week is a few events in Tokyo time, not every item since 1999")
  func smallAndInItsZone() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "Europe/Berlin"
    let data = packagePath("Tests/Fixtures/bangumi-data/data.json")
    let r = try runProcess(
      try YoubiBinary.path(), ["--print", "--format", "ics", "--date", "2024-10-30", data],
      environment: environment)
    #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
    #expect(r.out.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2, "\(r.out)")
    #expect(r.out.contains("DTSTART;TZID=Asia/Tokyo:19991020T193000\r\nRRULE:FREQ=WEEKLY\r\n"))
    #expect(!r.out.contains("TZID:Europe/Berlin"), "\(r.out)")
  }
}
