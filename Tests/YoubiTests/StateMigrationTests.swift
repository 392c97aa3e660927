import Foundation
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore

/// Format 1, written by the Youbi before release marks (`Tests/Fixtures/state`), read
/// by this one: week marks carry over as marks of that week's release, authors no
/// longer count, and what is written back is format 2.
@Suite struct StateMigrationTests {
  let key = ScheduleKey.path("/tmp/bk24/fix/week.json")

  func fixture() throws -> Marks {
    let bytes = try #require(
      FileManager.default.contents(atPath: packagePath("Tests/Fixtures/state/v1-state.json")))
    return try Marks.decodeState(Array(bytes)).get()
  }

  @Test func weekMarksCarryOverAsThatWeeksRelease() throws {
    let marks = try fixture()
    let apothecary = SerialID(title: "Apothecary")
    #expect(marks.isSeen(apothecary, in: key, on: date(2026, 11, 25)), "2026-W48")
    #expect(marks.isSeen(apothecary, in: key, on: date(2026, 12, 2)), "2026-W49")
    #expect(!marks.isSeen(apothecary, in: key, on: date(2026, 12, 9)), "a new week")
    #expect(marks.isSeen(SerialID(title: "Frieren"), in: key, on: date(2026, 11, 30)))
    #expect(marks.isSeen(SerialID(title: "Dandadan"), in: key, on: date(2026, 11, 30)))
    // Unmarked again before the upgrade: still not seen.
    #expect(!marks.isSeen(SerialID(title: "One Piece"), in: key, on: date(2026, 12, 2)))
    // Stars, by title alone: the file's authors are dropped.
    #expect(marks.isStarred(SerialID(title: "One Piece"), in: key))
    #expect(marks.isStarred(SerialID(title: "Kaiju"), in: key))
    #expect(marks.horizon == ISOWeek(year: 2025, week: 49))
  }

  @Test func aReleaseMarkReplacesItsWeeksMarkAndTheFileIsWrittenAsFormat2() throws {
    var marks = try fixture()
    let apothecary = SerialID(title: "Apothecary")
    // Unmarked after the upgrade: the release's own mark wins over the week's.
    marks.setSeen(false, apothecary, in: key, on: date(2026, 12, 2), at: testWall)
    #expect(!marks.isSeen(apothecary, in: key, on: date(2026, 12, 2)))
    #expect(marks.isSeen(apothecary, in: key, on: date(2026, 11, 25)))
    let bytes = Marks.stateJSON(marks)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"version\": 2") && !text.contains("\"author\""))
    #expect(try Marks.decodeState(bytes).get() == marks)
  }

  @Test func theAppShowsMigratedMarksOnTheirReleases() throws {
    let week = Schedule(days: [
      .monday: [Serial(title: "Frieren", author: "Yamada"), Serial(title: "Kaiju")],
      .wednesday: [Serial(title: "Apothecary"), Serial(title: "One Piece", author: "Oda")],
    ])
    var state = AppState(
      schedule: week, day: .wednesday, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall, source: .file("/tmp/bk24/fix/week.json"))
    state.markKeys[.file("/tmp/bk24/fix/week.json")] = key
    state.step(
      .stateSynced(.success(try fixture())), at: .zero, effects: [.wake(at: beforeMidnight)])
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +1       Tue      Wed +1       Thu        Fri        Sat        Sun",
        "                       ━━━━━━━━━━━",
        " Wednesday  1 behind of 2                                                   1/4",
        " ▸ Apothecary ✓",
        "★  One Piece +2                                                             Oda",
        "   Frieren +1                                                       Mon  Yamada",
        "★  Kaiju +2                                                                 Mon",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Tue                                                                  Thu ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}
