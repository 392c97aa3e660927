import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files that are not schedule files, named as schedules or put in their place while
/// Youbi runs: a FIFO, a terminal.
@Suite("End to end: what is not a schedule file", .serialized, youbiRequired)
struct FileKindEndToEndTests {
  /// `rm week.json; mkfifo week.json` once blocked the reload thread for good (no writer
  /// ever came): the footer says why, and the next real file still reloads by itself.
  @Test("a schedule replaced by a FIFO is refused in the footer; live reload goes on")
  func fifoInPlaceOfTheSchedule() async throws {
    let s = try startYoubi(
      ["--day", "monday", "week.json"], files: ["week.json": mondaySchedule(["Alpha"])])
    defer { s.close() }
    try await s.settle { $0.contains("Alpha") }
    let path = s.dir("week.json")
    #expect(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
    let refused = try await s.settle { ($0.rows.last ?? "").contains("not a regular file") }
    #expect(
      (refused.rows.last ?? "").contains("week.json: not a regular file (a FIFO)"), "\(refused)")
    #expect(refused.contains("Alpha"), "\(refused)")

    #expect(unlink(path) == 0)
    s.dir.write(mondaySchedule(["Back as a file"]), to: "week.json")
    let back = try await s.settle { $0.contains("Back as a file") }
    #expect(!(back.rows.last ?? "").contains("not a regular file"), "\(back)")
  }

  /// `youbi /dev/tty` read the keyboard as the schedule: "Loading schedule…" forever.
  @Test("a terminal named as the schedule is refused before the UI, as '-' on a terminal is")
  func terminalPath() async throws {
    for path in ["/dev/tty", "/dev/stdin"] {
      let s = try startYoubi([path])
      defer { s.close() }
      #expect(try await s.waitForExit() == 64, "\(path)")
      let screen = try s.capture(joinWrapped: true)
      #expect(
        screen.contains("youbi: \(path): is a terminal; pipe a schedule into 'youbi -'"),
        "\(screen)")
    }
  }

  @Test("a FIFO named on the command line is refused at once; a shell's pipe is read")
  func fifoArgument() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let fifo = dir("week.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let env = try isolatedProcessEnvironment(dir)
    let r = try runProcess(
      try YoubiBinary.path(), ["--print", fifo], environment: env, timeout: 10)
    #expect(r.status == 66, "\(r.err)")
    #expect(r.err.hasSuffix("week.json: not a regular file (a FIFO); expected a schedule file\n"))
    let piped = try runProcess(
      "/bin/bash",
      [
        "-c", "exec \"$0\" --print <(printf '%s' '{\"days\": {\"monday\": [\"Piped\"]}}')",
        try YoubiBinary.path(),
      ],
      environment: env, timeout: 10)
    #expect(piped.status == 0 && piped.out.contains("Piped"), "\(piped.err)")
  }
}
