import PagerCore
import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The schedule the marks tests edit.
let marksKey = ScheduleKey.path("/home/me/week.json")
/// The app tests' week (2026-W49) and the next.
let thisWeek = ISOWeek(testWall)
let nextWeek = thisWeek.advanced(by: 1)

@Suite struct MarksTests {
  @Test func identityIsTitleOrIdNotAuthorOrPosition() {
    let before = Schedule(days: [
      .monday: [Serial(title: "Frieren", author: "Yamada"), Serial(title: "Dungeon Meshi")],
      .friday: [Serial(title: "Kaiju", id: "k-8")],
    ])
    var marks = Marks()
    for serial in before[.monday] {
      marks.toggleRead(SerialID(serial), in: marksKey, week: thisWeek, at: testWall)
    }
    marks.toggleStar(SerialID(before[.friday][0]), in: marksKey, at: testWall)
    // The file is edited: reordered, moved to other days, given notes, spacing fixed,
    // the author spelled another way, the serial with an id renamed.
    let after = Schedule(days: [
      .tuesday: [
        Serial(title: "  Dungeon   Meshi ", note: "season 2"),
        Serial(title: "Kaiju No. 8", id: " k-8"),
      ],
      .sunday: [
        Serial(title: "Frieren", author: "Yamada Kanehito", note: "new"), Serial(title: "Kaiju"),
      ],
    ])
    func read(_ s: Serial) -> Bool { marks.isRead(SerialID(s), in: marksKey, week: thisWeek) }
    func starred(_ s: Serial) -> Bool { marks.isStarred(SerialID(s), in: marksKey) }
    #expect(after[.tuesday].map(read) == [true, false])
    #expect(after[.sunday].map(read) == [true, false])
    #expect(after[.tuesday].map(starred) == [false, true])  // the id, whatever the title
    #expect(after[.sunday].map(starred) == [false, false])  // the title alone: another serial
    // Another schedule does not share the marks.
    #expect(!marks.isRead(SerialID(title: "Frieren"), in: .title("x"), week: thisWeek))
  }

  @Test func anIdIsNotATitle() {
    #expect(SerialID(title: "A") != SerialID(id: "A"))
    #expect(SerialID(Serial(title: "A", id: "  ")) == SerialID(title: "A"))  // blank: no id
    #expect(SerialID(title: "A b") != SerialID(title: "A B"))
  }

  @Test(arguments: [
    ("One Piece", "One Piece"), (" One Piece", "One Piece"), ("One Piece ", "One Piece"),
    ("One  Piece", "One Piece"), ("One\tPiece", "One Piece"), ("One\u{3000}Piece", "One Piece"),
    ("\n One \n Piece \n", "One Piece"), (" ", ""), ("", ""), ("葬送の フリーレン", "葬送の フリーレン"),
    // A space a mark joins is a white-space character that is not " "; NBSP and em space.
    ("A \u{301}B", "A B"), ("A\u{A0}B", "A B"), ("A\u{2003}B", "A B"), ("第1話 ", "第1話"),
  ])
  func whiteSpaceIsNormalisedAndNormalTextKept(raw: String, normal: String) {
    #expect(SerialID.normalized(raw) == normal)
  }

  /// The quick path agrees with the definition on text made of the awkward parts.
  @Test func normalisingIsSplittingOnWhiteSpaceAndJoining() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    let parts: [String] = [
      " ", " ", "a", "Z", "あ", "カ", "話", "Ａ", "\u{301}", "\u{903}", "\u{E33}", "\u{200D}",
      "\u{3000}",
      "\u{A0}", "\t", "\r\n", "\u{85}", "\u{600}", "\u{1F1EF}", "\u{FE0F}", "ー", "\u{3099}", "ﾞ",
    ]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        parts.randomElement(using: &random)!
      }.joined()
      let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(SerialID.normalized(text) == expected, "seed \(seed): \(text.debugDescription)")
    }
  }

  @Test func readMarksBelongToAWeekAndStarsDoNot() {
    let id = SerialID(title: "Frieren")
    var marks = Marks()
    let marked = marks.toggleRead(id, in: marksKey, week: thisWeek, at: testWall)
    let starred = marks.toggleStar(id, in: marksKey, at: testWall)
    #expect(marked && starred)
    #expect(marks.isRead(id, in: marksKey, week: thisWeek))
    #expect(!marks.isRead(id, in: marksKey, week: nextWeek))  // a new week starts unread
    #expect(!marks.isRead(id, in: marksKey, week: thisWeek.advanced(by: -1)))
    #expect(marks.isStarred(id, in: marksKey))
    // Sunday night and Monday morning are different weeks.
    let sunday = ISOWeek(wall(.sunday, hour: 23, minute: 59))
    let monday = ISOWeek(WallTime(seconds: wall(.sunday, hour: 23, minute: 59).seconds + 60))
    #expect(sunday == thisWeek && monday == nextWeek)
    let unmarked = !marks.toggleRead(id, in: marksKey, week: thisWeek, at: testWall)
    #expect(unmarked)
    #expect(!marks.isRead(id, in: marksKey, week: thisWeek))
  }

  @Test func unreadCountCountsEachRow() {
    let ids = ["A", "B", "C", "A"].map { SerialID(title: $0) }
    var marks = Marks()
    #expect(marks.unreadCount(of: ids, in: marksKey, week: thisWeek) == 4)
    marks.toggleRead(ids[0], in: marksKey, week: thisWeek, at: testWall)
    marks.toggleRead(ids[2], in: marksKey, week: nextWeek, at: testWall)
    #expect(marks.unreadCount(of: ids, in: marksKey, week: thisWeek) == 2)
    #expect(marks.unreadCount(of: ids, in: marksKey, week: nextWeek) == 3)
    marks.toggleStar(ids[1], in: marksKey, at: testWall)
    #expect(marks.starred(in: marksKey) == [ids[1]])
  }

  @Test(arguments: [3, 16, 17, 40])
  func unreadCountIsTheSameForFewAndManyReadSerials(read: Int) {
    // Counted by comparing with each read one up to 16, through a set above.
    let ids = (0..<50).map { $0 % 2 == 0 ? SerialID(title: "Serial \($0)") : SerialID(id: "\($0)") }
    let rows = ids + ids.prefix(10)  // the first ten listed twice
    var marks = Marks()
    for id in ids.prefix(read) { marks.toggleRead(id, in: marksKey, week: thisWeek, at: testWall) }
    // Unmarked again: a tombstone, which is not read.
    marks.toggleRead(ids[49], in: marksKey, week: thisWeek, at: testWall)
    marks.toggleRead(ids[49], in: marksKey, week: thisWeek, at: testWall)
    marks.toggleRead(ids[48], in: marksKey, week: nextWeek, at: testWall)  // another week
    let expected = rows.filter { !marks.isRead($0, in: marksKey, week: thisWeek) }.count
    #expect(marks.unreadCount(of: rows, in: marksKey, week: thisWeek) == expected)
    #expect(expected == 60 - read - min(read, 10))
    // An id that reads like a title is someone else.
    #expect(marks.unreadCount(of: [SerialID(id: "Serial 0")], in: marksKey, week: thisWeek) == 1)
  }

  @Test func identitiesAreEqualAndHashAlikeExactlyWhenTitleOrIdIs() {
    let a = SerialID(title: "  Frieren  Beyond ")
    let b = SerialID(title: "Frieren Beyond")
    #expect(a == b && a.hashValue == b.hashValue)
    #expect(a != SerialID(title: "Frieren"))
    #expect(SerialID(id: "mal:52991 ") == SerialID(id: "mal:52991"))
    #expect(Set([a, b, SerialID(title: "Frieren"), SerialID(id: "Frieren")]).count == 3)
  }

  @Test func unmarkingLeavesATombstoneAndNoEmptyEntries() {
    let id = SerialID(title: "A")
    var marks = Marks()
    marks.toggleRead(id, in: marksKey, week: thisWeek, at: testWall)
    marks.toggleRead(id, in: marksKey, week: thisWeek, at: testWall)
    let stamp = try! #require(marks.entry(id, in: marksKey).read[thisWeek])
    #expect(!stamp.isOn)
    // Toggled twice in one second: the second change is still the later one.
    #expect(stamp.time == testWall.seconds * 1000 + 1)
    #expect(Marks(schedules: [marksKey: [id: Marks.Entry()]]) == Marks())
  }

  // MARK: - Pruning

  @Test func pruningKeepsFiftyTwoWeeksBackAndStarsForEver() {
    let id = SerialID(title: "A")
    var marks = Marks()
    for back in [0, 51, 52, 53, 60] {
      marks.setRead(true, id, in: marksKey, week: thisWeek.advanced(by: -back), at: testWall)
    }
    marks.setStarred(true, id, in: marksKey, at: WallTime(seconds: 0))
    let old = SerialID(title: "Unstarred long ago")
    marks.setStarred(false, old, in: marksKey, at: WallTime(seconds: 0))
    let recent = SerialID(title: "Unstarred today")
    marks.setStarred(false, recent, in: marksKey, at: testWall)
    marks.prune(now: thisWeek)
    let weeks = marks.entry(id, in: marksKey).read.keys.sorted()
    let expected = [52, 51, 0].map { thisWeek.advanced(by: -$0) }
    #expect(weeks == expected)
    #expect(marks.isStarred(id, in: marksKey))
    #expect(marks.entry(old, in: marksKey).star == nil)
    #expect(marks.entry(recent, in: marksKey).star?.isOn == false)
    #expect(marks.horizon == thisWeek.advanced(by: -52))
    // Nothing can be marked before the horizon any more.
    marks.setRead(true, id, in: marksKey, week: thisWeek.advanced(by: -53), at: testWall)
    #expect(!marks.isRead(id, in: marksKey, week: thisWeek.advanced(by: -53)))
  }

  @Test func aPrunedWeekDoesNotComeBackFromAnUnprunedCopy() {
    let id = SerialID(title: "A")
    var old = Marks()
    old.setRead(true, id, in: marksKey, week: thisWeek.advanced(by: -60), at: testWall)
    var pruned = old
    pruned.prune(now: thisWeek)
    #expect(pruned.isEmpty)
    #expect(pruned.merging(old) == pruned)
    #expect(old.merging(pruned) == pruned)
  }

  // MARK: - Merging two writers

  @Test func twoWritersMarkingDifferentSerialsKeepBoth() {
    var disk = Marks()
    disk.toggleRead(SerialID(title: "base"), in: marksKey, week: thisWeek, at: testWall)
    var a = disk
    var b = disk
    a.toggleRead(SerialID(title: "A"), in: marksKey, week: thisWeek, at: testWall)
    a.toggleStar(SerialID(title: "A"), in: .title("Other"), at: testWall)
    b.toggleRead(SerialID(title: "B"), in: marksKey, week: thisWeek, at: testWall)
    // A saves first, then B merges with what A left.
    let afterA = disk.merging(a)
    let afterB = afterA.merging(b)
    for title in ["base", "A", "B"] {
      #expect(afterB.isRead(SerialID(title: title), in: marksKey, week: thisWeek))
    }
    #expect(afterB.isStarred(SerialID(title: "A"), in: .title("Other")))
    #expect(afterB == disk.merging(b).merging(a))
  }

  @Test func aLaterUnmarkBeatsAStaleMark() {
    let id = SerialID(title: "A")
    var a = Marks()
    a.toggleRead(id, in: marksKey, week: thisWeek, at: testWall)
    let b = a  // B loaded the file while A's mark was on it
    let later = WallTime(seconds: testWall.seconds + 5)
    a.toggleRead(id, in: marksKey, week: thisWeek, at: later)  // A unmarks
    #expect(!b.merging(a).isRead(id, in: marksKey, week: thisWeek))
    #expect(!a.merging(b).isRead(id, in: marksKey, week: thisWeek))
    // B marks it again later still: B wins.
    var c = b
    c.setRead(true, id, in: marksKey, week: thisWeek, at: WallTime(seconds: later.seconds + 5))
    #expect(a.merging(c).isRead(id, in: marksKey, week: thisWeek))
  }

  @Test func aMarkWinsATieWhateverTheOrder() {
    let id = SerialID(title: "A")
    var on = Marks()
    var off = Marks()
    on.setRead(true, id, in: marksKey, week: thisWeek, at: testWall)
    off.setRead(false, id, in: marksKey, week: thisWeek, at: testWall)
    #expect(on.merging(off).isRead(id, in: marksKey, week: thisWeek))
    #expect(off.merging(on).isRead(id, in: marksKey, week: thisWeek))
  }

  /// Merge is a join: commutative, associative, idempotent, and a merged copy
  /// holds every stamp of both at least as late; for random documents.
  @Test func mergeIsAJoin() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let a = randomMarks(&rng)
      let b = randomMarks(&rng)
      let c = randomMarks(&rng)
      let ab = a.merging(b)
      #expect(ab == b.merging(a), "seed \(seed)")
      #expect(ab.merging(c) == a.merging(b.merging(c)), "seed \(seed)")
      #expect(ab.merging(ab) == ab && ab.merging(a) == ab, "seed \(seed)")
      for (key, entries) in a.schedules {
        for (id, entry) in entries {
          for (week, stamp) in entry.read where week >= (ab.horizon ?? week) {
            #expect(ab.entry(id, in: key).read[week].map { $0 >= stamp } == true, "seed \(seed)")
          }
        }
      }
    }
  }

  func randomMarks(_ rng: inout SplitMix64) -> Marks {
    var marks = Marks()
    let keys: [ScheduleKey] = [marksKey, .title("T")]
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      let key = keys.randomElement(using: &rng)!
      let id = SerialID(title: ["A", "B", "C", "D"].randomElement(using: &rng)!)
      let at = WallTime(seconds: testWall.seconds + Int64.random(in: -3...3, using: &rng))
      let week = thisWeek.advanced(by: Int.random(in: -60...1, using: &rng))
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: marks.setStarred(Bool.random(using: &rng), id, in: key, at: at)
      case 1: marks.prune(now: thisWeek.advanced(by: Int.random(in: -3...0, using: &rng)))
      default: marks.setRead(Bool.random(using: &rng), id, in: key, week: week, at: at)
      }
    }
    return marks
  }
}
