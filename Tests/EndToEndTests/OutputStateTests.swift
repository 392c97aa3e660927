import Foundation
import TestSupport
import Testing

/// What the output formats say beside the releases: the marks the terminal shows, and
/// a source's warnings only when asked.
@Suite("End to end: output marks and warnings", .serialized, youbiRequired)
struct OutputStateTests {
  func run(_ arguments: [String], in dir: TemporaryDirectory) throws -> ProcessResult {
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "Europe/Berlin"
    return try runProcess(try YoubiBinary.path(), arguments, environment: environment)
  }

  /// This week's Monday in Berlin, `YYYY-MM-DD`.
  static func thisMonday() -> String {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    let monday = calendar.dateInterval(of: .weekOfYear, for: Date())!.start
    let parts = calendar.dateComponents([.year, .month, .day], from: monday)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }

  @Test("--format json says read for a release the state file has marked seen (m)")
  func jsonReadsTheMarks() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(
      #"{"title": "W", "days": {"monday": [{"title": "Starred soon", "time": "07:00"}, "Other"]}}"#,
      to: "week.json")
    let path = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
    let monday = Self.thisMonday()
    let stamp = Int(Date().timeIntervalSince1970 * 1000)
    let state = """
      {"format": "youbi-state", "version": 2, "schedules": [{"path": "\(path)", "serials": [
        {"title": "Starred soon", "star": {"at": \(stamp), "on": true},
         "seen": {"\(monday)": {"at": \(stamp), "on": true}}}]}]}
      """
    dir.write(state, to: "state/youbi/state.json")
    let r = try run(["--print", "--format", "json", "--date", monday, file], in: dir)
    #expect(r.status == 0, "\(r.err)")
    let top = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
    let entries = try #require(top["entries"] as? [[String: Any]])
    let marked = try #require(entries.first { $0["title"] as? String == "Starred soon" })
    #expect(marked["read"] as? Bool == true && marked["starred"] as? Bool == true, "\(r.out)")
    let other = try #require(entries.first { $0["title"] as? String == "Other" })
    #expect(other["read"] as? Bool == false && other["starred"] as? Bool == false)
  }

  @Test("--format json: of two chapters of one date, read only the one marked by its item")
  func jsonReadsItemMarks() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let entries = [(5, "10:00"), (6, "12:00")].map { number, time in
      """
      <entry><id>tag:two.example,2024:\(number)</id><title>Chapter \(number)</title>
      <published>2024-11-29T\(time):00+01:00</published></entry>
      """
    }
    let file = dir.write(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Two a Day</title>
      <link href="https://two.example/"/>\(entries.joined())</feed>
      """, to: "two.atom")
    let path = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
    // Chapter 5 marked by its item (format 3); nothing marked by the date.
    let state = """
      {"format": "youbi-state", "version": 3, "schedules": [{"path": "\(path)", "serials": [
        {"id": "feed:https://two.example/", "items": {"tag:two.example,2024:5":
          {"at": 1732870000000, "date": "2024-11-29", "episode": 5, "on": true}}}]}]}
      """
    dir.write(state, to: "state/youbi/state.json")
    let r = try run(["--print", "--format", "json", "--date", "2024-11-29", file], in: dir)
    #expect(r.status == 0, "\(r.err)")
    let top = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
    let all = try #require(top["entries"] as? [[String: Any]])
    let read = all.filter { $0["date"] as? String == "2024-11-29" }.map {
      ($0["episode"] as? Int ?? 0, $0["read"] as? Bool ?? false)
    }
    #expect(read.map(\.0) == [5, 6] && read.map(\.1) == [true, false], "\(r.out)")
  }

  @Test(
    "a source's warnings: not on every --next, --upcoming or --print; with --verbose; in --check")
  func warningsOnlyWhenAsked() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    // The fixture has a monthly show, left out with a warning, and a weekly one.
    let data = packagePath("Tests/Fixtures/bangumi-data/data.json")
    for arguments in [["--next"], ["--next", "-q"], ["--upcoming", "1d"], ["--print"]] {
      let r = try run(arguments + [data], in: dir)
      #expect(r.status == 0 && r.err.isEmpty, "\(arguments): \(r.err)")
    }
    for arguments in [["--next", "--verbose"], ["--print", "--verbose"]] {
      let r = try run(arguments + [data], in: dir)
      #expect(r.status == 0 && r.err.contains("1 show left out"), "\(arguments): \(r.err)")
    }
    let quiet = try run(["--next", "--verbose", "-q", data], in: dir)
    #expect(quiet.err.isEmpty, "\(quiet.err)")
    let check = try run(["--check", data], in: dir)
    #expect(check.out.contains("1 show left out"), "\(check.out)")
    // Nothing could be read: then the warning says why.
    let monthly = dir.write(
      #"{"items": [{"title": "M", "titleTranslate": {}, "type": "ova", "lang": "ja", "#
        + #""officialSite": "", "begin": "2024-10-01T03:00:00.000Z", "#
        + #""broadcast": "R/2024-10-01T03:00:00.000Z/P1M", "end": "", "sites": []}]}"#,
      to: "monthly.json")
    let empty = try run(["--next", monthly], in: dir)
    #expect(empty.err.contains("1 show left out"), "\(empty.err)")
  }

  @Test("--check counts serials: a zone's pieces and a daily show's days are one each")
  func checkCountsSerials() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let four = dir.write(
      #"{"timezone": "Asia/Tokyo", "days": {"mon": [{"title": "A", "time": "23:00"}, "#
        + #"{"title": "B", "time": "25:30"}], "sat": [{"title": "C", "time": "01:00"}, "D"]}}"#,
      to: "four.json")
    let r = try run(["--check", four], in: dir)
    #expect(r.status == 0 && r.err == "\(four): ok, 4 serials\n", "\(r.err)")
    // One Piece, Puniru, the film and the daily show; the monthly one is left out.
    let data = packagePath("Tests/Fixtures/bangumi-data/data.json")
    let bangumi = try run(["--check", data], in: dir)
    #expect(bangumi.err == "\(data): ok, 4 serials\n", "\(bangumi.err)")
  }
}
