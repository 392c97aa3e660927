import Foundation
import TestSupport
import Testing

/// The XML attacks of issue 35, on the real binary: an entity-amplification document
/// ("billion laughs", 3 GB expanded) and one naming an external entity are refused at
/// once, in bounded memory, with the file, the line and the column.
@Suite("End to end: hostile feeds", .serialized, youbiRequired)
struct FeedsHostileEndToEndTests {
  /// Runs youbi with `arguments` under Python, which reports the child's exit status,
  /// its peak resident size in KiB and the CPU seconds it used (user and system).
  func measured(_ arguments: [String]) throws -> (status: Int, kib: Int, cpu: Double, out: String) {
    let measure = """
      import resource, subprocess, sys
      r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
      u = resource.getrusage(resource.RUSAGE_CHILDREN)
      print(r.returncode, u.ru_maxrss, u.ru_utime + u.ru_stime)
      print(r.stdout + r.stderr, end="")
      """
    let scratch = TemporaryDirectory.scratch()
    defer { scratch.remove() }
    let result = try runProcess(
      "/usr/bin/python3", ["-c", measure, try YoubiBinary.path()] + arguments,
      environment: try isolatedProcessEnvironment(scratch))
    let lines = result.out.split(separator: "\n", maxSplits: 1)
    let words = lines.first?.split(separator: " ") ?? []
    guard words.count == 3, let status = Int(words[0]), let kib = Int(words[1]),
      let cpu = Double(words[2])
    else { throw HarnessError("no measure: \(result.out)\(result.err)") }
    return (status, kib, cpu, lines.count > 1 ? String(lines[1]) : "")
  }

  @Test(
    "billion laughs and an external entity: refused in a fraction of a second, in bounded memory",
    arguments: [("billion-laughs.xml", "3:16"), ("external-entity.xml", "3:46")])
  func refusedAtOnce(fixture: String, place: String) throws {
    let path = packagePath("Tests/Fixtures/feeds/" + fixture)
    for mode in [["--check"], ["--print"]] {
      let run = try measured(mode + [path])
      // The file as youbi names it, a long path shortened from its start (`…/feeds/…`).
      let said = "\(fixture):\(place): XML: entity declarations are not read"
      #expect(run.status == 65, "\(mode): \(run.out)")
      #expect(run.out.contains(said), "\(mode): \(run.out)")
      // Expanded, billion laughs is 3 GB; youbi itself starts in about 14 MiB. CPU time,
      // not the wall clock, so a busy machine does not fail it: a refusal costs
      // milliseconds, and a second would mean the entities were being expanded.
      #expect(run.kib < 64 << 10, "\(mode): peak \(run.kib) KiB")
      #expect(run.cpu < 1, "\(mode): \(run.cpu) s of CPU")
      print("\(fixture) \(mode[0]): status \(run.status), \(run.kib) KiB, \(run.cpu) s CPU")
    }
  }
}
