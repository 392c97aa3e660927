import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Live reload on the real binary: the file is changed the ways editors change
/// files, and the screen follows without a key being pressed.
@Suite("End to end: live reload", .serialized, youbiRequired)
struct ReloadEndToEndTests {
  let titles = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]

  func start() async throws -> TerminalSession {
    let s = try startYoubi(
      ["--day", "monday", "week.json"], files: ["week.json": mondaySchedule(titles)])
    try await s.settle { $0.contains("Alpha") }
    return s
  }

  /// Rewrites `path` in place: the same inode, truncated and written.
  func overwrite(_ path: String, _ text: String) throws {
    let fd = open(path, O_WRONLY | O_TRUNC)
    guard fd >= 0 else { throw HarnessError("cannot open \(path)") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw HarnessError("short write") }
  }

  /// The row the cursor is on (the one with ▸).
  func cursorRow(_ screen: Screen) -> String? { screen.rows.first { $0.contains("▸") } }

  @Test("an edit in place shows, on the same day, the cursor on the same serial")
  func editInPlace() async throws {
    let s = try await start()
    defer { s.close() }
    try s.send("j", "j")
    let before = try await s.settle { cursorRow($0)?.contains("Charlie") == true }
    try overwrite(s.dir("week.json"), mondaySchedule(["New one", "New two"] + titles))
    let after = try await s.settle { $0.contains("New one") }
    #expect(cursorRow(after)?.contains("Charlie") == true, "\(after)")
    #expect(after.currentDay == "Monday")
    #expect(after.rows.last == before.rows.last, "the footer changed:\n\(after)")
  }

  @Test("a new file renamed over the old one (how editors save) shows")
  func atomicRename() async throws {
    let s = try await start()
    defer { s.close() }
    s.dir.write(mondaySchedule(["Renamed in"]), to: ".week.json.swp")
    #expect(rename(s.dir(".week.json.swp"), s.dir("week.json")) == 0)
    let after = try await s.settle { $0.contains("Renamed in") }
    #expect(!after.contains("Alpha"))
  }

  @Test("an invalid file keeps the last good week with the error in the footer, until fixed")
  func invalidThenFixed() async throws {
    let s = try await start()
    defer { s.close() }
    try overwrite(s.dir("week.json"), "{\"days\": {\"monday\": [\"Oops\",]}}")
    let broken = try await s.settle { ($0.rows.last ?? "").contains("not reloaded") }
    #expect(
      (broken.rows.last ?? "").contains("not reloaded: week.json:1:"), "\(broken)")
    #expect(broken.contains("Alpha") && !broken.contains("Oops"), "\(broken)")

    try overwrite(s.dir("week.json"), mondaySchedule(["Fixed"]))
    let fixed = try await s.settle { $0.contains("Fixed") }
    #expect(!(fixed.rows.last ?? "").contains("not reloaded"), "\(fixed)")
  }

  @Test("a deleted file keeps the week and says so; when it comes back it shows")
  func deleted() async throws {
    let s = try await start()
    defer { s.close() }
    #expect(unlink(s.dir("week.json")) == 0)
    let gone = try await s.settle { ($0.rows.last ?? "").contains("no such file") }
    #expect(gone.contains("Alpha"), "\(gone)")
    #expect((gone.rows.last ?? "").contains("week.json: cannot open: no such file"), "\(gone)")

    s.dir.write(mondaySchedule(["Back again"]), to: "week.json")
    let back = try await s.settle { $0.contains("Back again") }
    #expect(!(back.rows.last ?? "").contains("no such file"), "\(back)")
  }
  /// `ln -sfn` points the schedule's link at another file: what shows is the new
  /// target, and an edit of the new target (not the old one) reloads by itself.
  @Test("a schedule that is a link pointed elsewhere reloads from its new target, and follows it")
  func retargetedLink() async throws {
    // The link is made in the session's directory just before youbi starts there.
    let s = try TerminalSession(
      program: "/bin/sh",
      arguments: [
        "-c", "ln -s old/week.json week.json && exec \"$0\" --labels en --day monday week.json",
        try YoubiBinary.path(),
      ],
      files: [
        "old/week.json": mondaySchedule(["Old target"]),
        "new/week.json": mondaySchedule(["New target"]),
      ])
    defer { s.close() }
    try await s.settle { $0.contains("Old target") }
    #expect(symlink("new/week.json", s.dir(".week.json.link")) == 0)
    #expect(rename(s.dir(".week.json.link"), s.dir("week.json")) == 0)  // what ln -sfn does
    try await s.settle { $0.contains("New target") }
    try overwrite(s.dir("new/week.json"), mondaySchedule(["New target, edited"]))
    let edited = try await s.settle { $0.contains("New target, edited") }
    #expect(!(edited.rows.last ?? "").contains("not reloaded"), "\(edited)")
  }

  /// The schedule's directory removed and made again (a checkout, a sync) was never
  /// watched again: now its new file shows by itself, and so do later edits.
  @Test("a schedule whose directory is removed and made again reloads by itself")
  func directoryMadeAgain() async throws {
    let s = try startYoubi(
      ["--day", "monday", "shows/week.json"],
      files: ["shows/week.json": mondaySchedule(["Alpha"])])
    defer { s.close() }
    try await s.settle { $0.contains("Alpha") }
    #expect(unlink(s.dir("shows/week.json")) == 0 && rmdir(s.dir("shows")) == 0)
    try await s.settle { ($0.rows.last ?? "").contains("no such file") }
    #expect(mkdir(s.dir("shows"), 0o755) == 0)
    s.dir.write(mondaySchedule(["Made again"]), to: "shows/week.json")
    let back = try await s.settle { $0.contains("Made again") }
    #expect(!(back.rows.last ?? "").contains("no such file"), "\(back)")
    try overwrite(s.dir("shows/week.json"), mondaySchedule(["Edited after"]))
    try await s.settle { $0.contains("Edited after") }
  }
}
