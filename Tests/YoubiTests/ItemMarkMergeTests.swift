import Schedule
import Testing

@testable import YoubiCore

/// The marks kept by item merge and are forgotten as every other mark.
@Suite struct ItemMarkMergeTests {
  let key = ScheduleKey.path("/f.xml")
  let id = SerialID(id: "feed:x")

  @Test func theLaterChangeOfAnItemWinsWhicheverSideMerges() {
    var a = Marks()
    var b = Marks()
    a.setSeen(true, id, in: key, on: date(2026, 11, 30), item: "c1", at: WallTime(seconds: 100))
    b.setSeen(false, id, in: key, on: date(2026, 11, 30), item: "c1", at: WallTime(seconds: 200))
    b.setSeen(true, id, in: key, on: date(2026, 11, 30), item: "c2", at: WallTime(seconds: 150))
    #expect(a.merging(b) == b.merging(a))
    let merged = a.merging(b)
    #expect(!merged.isSeen(id, in: key, on: date(2026, 11, 30), item: "c1"))
    #expect(merged.isSeen(id, in: key, on: date(2026, 11, 30), item: "c2"))
    #expect(merged.merging(merged) == merged)
  }

  @Test func anItemOlderThanTheHorizonIsForgotten() {
    var marks = Marks()
    marks.setSeen(true, id, in: key, on: date(2025, 1, 6), item: "old", at: testWall)
    marks.setSeen(true, id, in: key, on: date(2026, 11, 30), item: "new", at: testWall)
    marks.prune(keepingFrom: ISOWeek(year: 2025, week: 49))
    #expect(marks.entry(id, in: key).items.keys.sorted() == ["new"])
  }

  /// A feed that matches nothing any more (its id changed) is an orphan: its item marks
  /// count as marks before a date, are forgotten before it, and a copy still holding
  /// them does not bring them back in a merge.
  @Test func anOrphansItemMarksAgeOutAndStayForgotten() {
    var marks = Marks()
    marks.setSeen(true, id, in: key, on: date(2026, 11, 2), item: "old", at: testWall)
    marks.setSeen(true, id, in: key, on: date(2026, 11, 30), item: "new", at: testWall)
    let copy = marks
    #expect(marks.marked(in: key, before: date(2026, 11, 3)) == [id])
    #expect(marks.marked(in: key, before: date(2026, 11, 2)).isEmpty)
    marks.forget(id, in: key, before: date(2026, 11, 16))
    #expect(marks.entry(id, in: key).items.keys.sorted() == ["new"])
    #expect(marks.merging(copy).entry(id, in: key).items.keys.sorted() == ["new"])
    #expect(!marks.isSeen(id, in: key, on: date(2026, 11, 2), item: "old"))
    #expect(marks.isSeen(id, in: key, on: date(2026, 11, 30), item: "new"))
  }

  @Test func aFileWithoutItemMarksStaysFormat2() throws {
    var marks = Marks()
    marks.setSeen(true, id, in: key, on: date(2026, 11, 30), at: testWall)
    let text = String(decoding: Marks.stateJSON(marks), as: UTF8.self)
    #expect(text.contains("\"version\": 2") && !text.contains("\"items\""))
  }

  @Test func aBadItemMarkNamesItself() {
    let bad = """
      {"format": "youbi-state", "version": 3, "schedules": [{"path": "/f.xml",
       "serials": [{"id": "feed:x", "items": {"c1": {"on": true, "at": 1}}}]}]}
      """
    #expect(
      Marks.decodeState(Array(bad.utf8))
        == .failure(.malformed(StateDecodeError("item mark \"c1\" of feed:x"))))
  }

  /// Two writers each mark a chapter of one date in their own copy, saved one after
  /// the other through the file, as two running Youbis do: both marks are kept.
  @Test func twoWritersMergeTheirItemMarks() throws {
    let day = date(2026, 11, 30)
    var a = Marks()
    var b = Marks()
    a.setSeen(true, id, in: key, on: day, episode: 1, item: "c1", at: WallTime(seconds: 100))
    b.setSeen(true, id, in: key, on: day, episode: 2, item: "c2", at: WallTime(seconds: 110))
    let onDisk = try Marks.decodeState(Marks.stateJSON(a)).get()
    let merged = try Marks.decodeState(Marks.stateJSON(b.merging(onDisk))).get()
    #expect(merged.isSeen(id, in: key, on: day, item: "c1"))
    #expect(merged.isSeen(id, in: key, on: day, item: "c2"))
    #expect(!merged.isSeen(id, in: key, on: day, item: "c3"))
    #expect(!merged.isSeen(id, in: key, on: day))  // no mark by date was made
    #expect(merged.entry(id, in: key).items["c2"]?.episode == 2)
  }

  /// Every field of an item mark, ids that need escaping, and a tombstone, written and
  /// read back to the same marks.
  @Test func itemMarksRoundTrip() throws {
    var marks = Marks()
    let ids = ["https://w.example/c/1?a=\"b\"&c", "tag:ü,2026:第12話", "x\\y", "mangadex:chapter:9"]
    for (i, item) in ids.enumerated() {
      marks.setSeen(
        true, id, in: key, on: date(2026, 11, 23).adding(days: i), episode: i == 0 ? nil : i,
        item: item, at: WallTime(seconds: 1_796_000_000 + Int64(i)))
    }
    marks.setSeen(false, id, in: key, on: date(2026, 11, 23), item: ids[0], at: testWall)
    marks.setSeen(true, id, in: key, on: date(2026, 11, 30), at: testWall)  // one by date
    let bytes = Marks.stateJSON(marks)
    #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\": 3"))
    let back = try Marks.decodeState(bytes).get()
    #expect(back == marks)
    #expect(Marks.stateJSON(back) == bytes)
    #expect(!back.isSeen(id, in: key, on: date(2026, 11, 23), item: ids[0]))
  }

  /// A tombstone is a mark too: a file whose only item mark is an unmark stays format 3.
  @Test func formatThreeIsWrittenOnlyWhileAnItemMarkIsHeld() throws {
    var marks = Marks()
    marks.setSeen(true, id, in: key, on: date(2026, 11, 30), at: testWall)
    #expect(Marks.version(of: marks) == 2)
    marks.setSeen(true, id, in: key, on: date(2026, 11, 30), item: "c1", at: testWall)
    #expect(Marks.version(of: marks) == 3)
    marks.setSeen(false, id, in: key, on: date(2026, 11, 30), item: "c1", at: testWall)
    #expect(Marks.version(of: marks) == 3)
    marks.prune(keepingFrom: ISOWeek(year: 2026, week: 50))  // everything forgotten
    #expect(Marks.version(of: marks) == 2)
    #expect(String(decoding: Marks.stateJSON(marks), as: UTF8.self).contains("\"version\": 2"))
  }

  /// A file written by hand in format 3, as another Youbi leaves it.
  @Test func aFileWithItemsIsRead() throws {
    let text = """
      {"format": "youbi-state", "version": 3, "schedules": [{"path": "/f.xml",
       "serials": [{"id": "feed:x",
                    "seen": {"2026-11-23": {"at": 1795000000000, "on": true}},
                    "items": {"c1": {"at": 1796000000000, "date": "2026-11-30", "on": true,
                                     "episode": 12},
                              "c2": {"at": 1796000000001, "date": "2026-11-30", "on": false}}}]}]}
      """
    let marks = try Marks.decodeState(Array(text.utf8)).get()
    let entry = marks.entry(id, in: key)
    #expect(
      entry.items["c1"]
        == ItemMark(
          stamp: Stamp(isOn: true, time: 1_796_000_000_000),
          date: date(2026, 11, 30), episode: 12))
    #expect(entry.items["c2"]?.stamp.isOn == false)
    #expect(marks.isSeen(id, in: key, on: date(2026, 11, 30), item: "c1"))
    #expect(!marks.isSeen(id, in: key, on: date(2026, 11, 30), item: "c2"))
    #expect(marks.isSeen(id, in: key, on: date(2026, 11, 23), item: "c0"))  // by its date
  }

  /// A format-2 file holds no `items`; one there is not read as marks (it was never
  /// written so), and the file still loads.
  @Test func aFormatTwoFileKeepsToDates() throws {
    let text = """
      {"format": "youbi-state", "version": 2, "schedules": [{"path": "/f.xml",
       "serials": [{"id": "feed:x", "seen": {"2026-11-30": {"at": 1, "on": true}},
                    "items": {"c1": {"at": 2, "date": "2026-11-30", "on": false}}}]}]}
      """
    let marks = try Marks.decodeState(Array(text.utf8)).get()
    #expect(marks.entry(id, in: key).items.isEmpty)
    #expect(marks.isSeen(id, in: key, on: date(2026, 11, 30), item: "c1"))
  }
}
