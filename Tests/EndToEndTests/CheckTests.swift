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

  @Test("a clean file: nothing printed, exit 0")
  func clean() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(Schedules.small(), to: "week.json")
    let r = try youbi(["--check", file], in: dir)
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.isEmpty && r.err.isEmpty, "out: \(r.out) err: \(r.err)")
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
    #expect(r.err.contains("missing.json") && r.err.split(separator: "\n").count == 1, "\(r.err)")
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
}
