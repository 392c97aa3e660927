import Foundation
import TestSupport
import Testing

/// `youbi --check FILE…`: every problem in one pass, one line each, and the
/// exit status that says whether the schedule loads.
@Suite("End to end: --check", youbiRequired)
struct CheckTests {
  func youbi(_ arguments: [String], in dir: TemporaryDirectory, stdin: Data? = nil) throws
    -> ProcessResult
  {
    try runProcess(
      try YoubiBinary.path(), arguments, stdin: stdin,
      environment: try isolatedProcessEnvironment(dir), timeout: 15)
  }

  @Test("a clean file: no problem, its entries counted on stderr (-q: nothing), exit 0")
  func clean() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(Schedules.small(), to: "week.json")
    let r = try youbi(["--check", file], in: dir)
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.isEmpty && r.err == "\(file): ok, 35 serials\n", "out: \(r.out) err: \(r.err)")
    let quiet = try youbi(["--check", "-q", file], in: dir)
    #expect(quiet.status == 0 && quiet.out.isEmpty && quiet.err.isEmpty, "\(quiet.err)")
    let broken = dir.write(#"{"days": {"monday": [{"time": "31:00"}]}}"#, to: "broken.json")
    let both = try youbi(["--check", file, broken], in: dir)
    #expect(both.status == 65 && both.err == "\(file): ok, 35 serials\n", "\(both.err)")
  }

  /// A 64 MiB line in an iCalendar file once cost 12 bytes a byte (a 250 MB line, 3 GB):
  /// it is checked within five times its size of address space.
  @Test("a long unfolded line is read in memory near its size")
  func longLine() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260105T120000Z\r\nSUMMARY:Long\r\n"
    text += "DESCRIPTION:" + String(repeating: "a", count: 64 << 20) + "\r\n"
    let file = dir.write(text + "END:VEVENT\r\nEND:VCALENDAR\r\n", to: "long.ics")
    let r = try runProcess(
      "/bin/sh",
      [
        "-c", "ulimit -v \(5 * 64 << 10) && exec \"$0\" --check \"$1\"", try YoubiBinary.path(),
        file,
      ],
      environment: try isolatedProcessEnvironment(dir), timeout: 60)
    #expect(r.status == 0 && r.err == "\(file): ok, 1 serial\n", "status \(r.status): \(r.err)")
  }

  @Test("warnings only: each line names file:line:column and the did-you-mean, exit 0")
  func warningsOnly() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(
      """
      {"days": {
        "monday": [{"title": "A", "autor": "x"}],
        "friday": [{"titel": "B", "title": "B"}]
      }}
      """, to: "week.json")
    let r = try youbi(["--check", file], in: dir)
    #expect(r.status == 0, "stderr: \(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(r.out)")
    #expect(lines.first?.hasPrefix(file + ":2:") == true, "\(r.out)")
    #expect(lines.first?.contains("warning: ") == true, "\(r.out)")
    #expect(lines.first?.contains(#"did you mean "author"?"#) == true, "\(r.out)")
    #expect(lines.last?.hasPrefix(file + ":3:") == true, "\(r.out)")
  }

  @Test("errors and warnings in one pass, in file order, exit 65")
  func errorsAndWarnings() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(
      """
      {"days": {
        "monday": [{"title": "A", "time": "31:00"}],
        "tuesday": [{"title": "B", "autor": "x"}],
        "wednesday": [{"author": "no title"}]
      }}
      """, to: "week.json")
    let r = try youbi(["--check", file], in: dir)
    #expect(r.status == 65, "out: \(r.out) err: \(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(r.out)")
    #expect(lines.map { $0.split(separator: ":")[1] } == ["2", "3", "4"], "\(r.out)")
    #expect(lines[1].contains("warning: ") && !lines[0].contains("warning: "), "\(r.out)")
  }

  @Test("several files, standard input, and a missing one named on stderr with 66")
  func severalFiles() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let good = dir.write(Schedules.small(), to: "good.json")
    let r = try youbi(
      ["--check", good, "-", dir("missing.json")], in: dir,
      stdin: Data(#"{"days": {"mon": [{"title": "A", "urll": "x"}]}}"#.utf8))
    #expect(r.status == 66, "out: \(r.out) err: \(r.err)")
    #expect(r.out.hasPrefix("<stdin>:1:"), "\(r.out)")
    let err = r.err.split(separator: "\n")
    #expect(err.filter { $0.contains("missing.json") }.count == 1, "\(r.err)")
    #expect(
      err.contains("\(good): ok, 35 serials") && err.contains("<stdin>: ok, 1 serial"), "\(r.err)")
    #expect(err.count == 3, "\(r.err)")
  }

  @Test("quoted hostile keys reach the terminal made safe")
  func hostileKey() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(
      #"{"days": {"monday": [{"title": "A", "autho\u001b": 1}]}}"#, to: "week.json")
    let r = try youbi(["--check", file], in: dir)
    #expect(r.status == 0 && r.out.contains("did you mean"), "out: \(r.out) err: \(r.err)")
    #expect(!r.out.contains("\u{1b}") && !r.out.contains("\u{07}"), "\(r.out.debugDescription)")
  }

  @Test("nothing to check: the demo week is named, exit 66")
  func nothingToCheck() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let r = try youbi(["--check"], in: dir)
    #expect(r.status == 66, "out: \(r.out) err: \(r.err)")
    #expect(r.err.contains("--check") && r.err.split(separator: "\n").count == 1, "\(r.err)")
  }

  @Test("the config's references are checked too: counted when they read, else a line naming them")
  func references() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let week = dir.write(Schedules.small(), to: "week.json")
    let reference = dir.write(
      try String(
        contentsOfFile: packagePath("Tests/Fixtures/bangumi-data/reference.json"), encoding: .utf8),
      to: "reference.json")
    let broken = dir.write("{\"items\": [\n  {\"title\": }]}", to: "broken.json")
    func check(_ references: [String]) throws -> ProcessResult {
      let config = dir.write(
        "schedule = \(week)\n" + references.map { "reference = \($0)\n" }.joined(),
        to: "config")
      return try youbi(["--config", config, "--check"], in: dir)
    }
    let good = try check([reference])
    #expect(good.status == 0 && good.out.isEmpty, "\(good.out)\(good.err)")
    #expect(
      good.err
        == "\(week): ok, 35 serials\n\(reference): ok, reference of 2 shows, 1 platform slot\n",
      "\(good.err)")
    // Not bangumi-data, broken where it says, missing: each said, the rest checked.
    let bad = try check([week, broken, dir.path + "/gone.json", reference])
    #expect(bad.status == 65, "\(bad.out)\(bad.err)")
    let lines = bad.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(bad.out)")
    #expect(
      lines.first == "\(week): a reference must be bangumi-data (it reads as Youbi)",
      "\(bad.out)")
    #expect(lines.last?.hasPrefix("\(broken):2:") == true, "\(bad.out)")
    #expect(bad.err.contains("youbi: reference: \(dir.path)/gone.json: cannot open"), "\(bad.err)")
    #expect(bad.err.contains("\(reference): ok, reference of 2 shows"), "\(bad.err)")
    let missing = try check([dir.path + "/gone.json"])
    #expect(missing.status == 66 && missing.out.isEmpty, "\(missing.out)\(missing.err)")
    #expect(
      missing.err
        == "youbi: reference: \(dir.path)/gone.json: cannot open: no such file\n"
        + "\(week): ok, 35 serials\n", "\(missing.err)")
  }
}
