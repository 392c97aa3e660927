import Schedule
import Testing

@testable import YoubiCore

/// The safe copy of a week is made from the parsed one as it is let go, sharing its
/// text; the search index folds a show's titles once for all its weekly pieces.
@Suite struct SafeCopyTests {
  /// Where a string's bytes are (nil for one not stored contiguously).
  func storage(_ text: String) -> UnsafeRawPointer? {
    text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
  }

  func storage(_ list: [Serial]) -> UnsafeRawPointer? {
    list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func theSafeCopySharesTheParsedText() {
    let title = String(repeating: "番組", count: 20)
    let note = String(repeating: "note ", count: 20)
    let raw = Schedule(
      title: "week", days: [.monday: [Serial(title: title, note: note)]])
    let safe = SafeSchedule.sections(of: raw)
    #expect(safe.count == 1)
    #expect(safe[0].title == "week")
    let serial = safe[0][.monday][0]
    #expect(serial.title == title)
    #expect(storage(serial.title) != nil)
    #expect(storage(serial.title) == storage(title))
    #expect(storage(serial.note ?? "") == storage(note))
  }

  @Test func aWeekHandedOverIsMadeSafeWhereItIs() {
    let section = Schedule.Section(days: [
      .monday: [
        Serial(title: "late\u{1B}", time: ReleaseTime(hour: 9, minute: 0)),
        Serial(title: "early", time: ReleaseTime(hour: 8, minute: 0)),
      ]
    ])
    let before = storage(section[.monday])
    let safe = SafeSchedule(consume section, title: nil)
    #expect(safe[.monday].map(\.title) == ["early", "late\u{241B}"])
    #expect(safe.identities[0].map(\.text) == ["early", "late\u{1B}"])
    #expect(storage(safe[.monday]) == before)
  }

  @Test func takingADayHandsOverItsOwnStorageAndLeavesItEmpty() {
    var section = Schedule.Section(days: [
      .monday: [Serial(title: "a"), Serial(title: "b")], .friday: [Serial(title: "c")],
    ])
    let before = storage(section[.monday])
    var taken = section.takeSerials(of: .monday)
    #expect(section[.monday].isEmpty)
    #expect(section[.friday].map(\.title) == ["c"])
    #expect(taken.map(\.title) == ["a", "b"])
    #expect(storage(taken) == before)
    taken[0].title = "z"  // the only reference now: changed where it is, not copied
    #expect(storage(taken) == before)
  }

  @Test func eachDayIsOrderedByTimeAsItIsCopied() {
    let raw = Schedule(days: [
      .tuesday: [
        Serial(title: "late", time: ReleaseTime(hour: 23, minute: 0)),
        Serial(title: "none"),
        Serial(title: "early", time: ReleaseTime(hour: 1, minute: 0)),
      ]
    ])
    let safe = SafeSchedule.sections(of: raw)[0]
    #expect(safe[.tuesday].map(\.title) == ["early", "late", "none"])
    #expect(safe.identities[Weekday.tuesday.rawValue].map(\.text) == ["early", "late", "none"])
  }

  /// One show of `pieces` weekly pieces (one a day from Monday), all sharing its origin.
  func show(pieces: Int) -> [[Serial]] {
    let origin = Origin(
      id: "bangumi:1", titles: [Title("original", "ワンピース"), Title("en", "One Piece")])
    let days = (0..<7).map { day in
      day < pieces ? [Serial(title: "ワンピース", origin: origin)] : []
    }
    return days
  }

  @Test func aShowsTitlesAreFoldedOnceForAllItsPieces() {
    let one = SearchIndex(days: show(pieces: 1))
    let five = SearchIndex(days: show(pieces: 5))
    // The further pieces add nothing: they are the first piece's unit again.
    #expect(five.byteCount == one.byteCount)
    #expect(five.unitCount == 1 && five.count == 5)
    let hits = five.matches(Array("one piece".utf8))
    #expect(hits.map(\.day) == [.monday, .tuesday, .wednesday, .thursday, .friday])
    #expect(hits.map(\.index) == [0, 0, 0, 0, 0])
    var folded: [UInt8] = []
    SearchFolding.appendFolded("ワンピース", to: &folded)
    #expect(five.matches(folded).count == 5)
  }

  @Test func piecesOfAShowWithFieldsOfTheirOwnAreFoldedApart() {
    let origin = Origin(id: "bangumi:2", titles: [Title("original", "Alpha")])
    var days = (0..<7).map { _ in [Serial(title: "Alpha", origin: origin)] }
    days[2] = [Serial(title: "Alpha", note: "special", origin: origin)]
    days[4] = [Serial(title: "Alpha Final", origin: origin), Serial(title: "Other")]
    let index = SearchIndex(days: days)
    // Each piece is compared with the last of its show folded: Monday's (Tuesday's too),
    // Wednesday's, Thursday's, Friday's two, Saturday's (Sunday's too).
    #expect(index.unitCount == 6 && index.count == 8)
    #expect(index.matches(Array("special".utf8)).map(\.day) == [.wednesday])
    #expect(index.matches(Array("final".utf8)).map(\.day) == [.friday])
    #expect(index.matches(Array("alpha".utf8)).count == 7)
    #expect(index.matches(Array("other".utf8)).map(\.index) == [1])
  }

  @Test func aShownTitleNotAmongTheSourcesIsStillFound() {
    let origin = Origin(id: "x", titles: [Title("original", "Alpha")])
    let monday = [Serial(title: "Beta", origin: origin), Serial(title: "Gamma")]
    let index = SearchIndex(days: [monday] + Array(repeating: [], count: 6))
    #expect(index.matches(Array("beta".utf8)).map(\.index) == [0])
    #expect(index.matches(Array("alpha".utf8)).map(\.index) == [0])
    #expect(index.matches(Array("a".utf8)).map(\.index) == [0, 1])
  }
}

/// Who each entry of a week is: a show's weekly pieces share one identity, held once.
@Suite struct WeekIdentitiesTests {
  @Test func theWeeklyPiecesOfAShowHoldOneIdentity() {
    let daily = Origin(id: "bangumi:daily", titles: [Title("original", "毎日")])
    let raw = Schedule(
      days: Dictionary(
        uniqueKeysWithValues: Weekday.allCases.map { day in
          (
            day,
            [
              Serial(title: "毎日", time: ReleaseTime(hour: 1, minute: 0), origin: daily),
              Serial(title: "own \(day)", time: ReleaseTime(hour: 2, minute: 0)),
            ]
          )
        }))
    let safe = SafeSchedule.sections(of: raw)[0]
    for day in Weekday.allCases {
      let ids = safe.identities[day.rawValue]
      #expect(ids.map(\.description) == ["id bangumi:daily", "own \(day)"])
      // Monday's are the first two held, a run; every other day's indexes them.
      #expect(ids.isIndexed == (day != .monday))
    }
    // One for the daily show and one for each day's own entry: 8, not 14.
    #expect(safe.identities.heldCount == 8)
  }

  @Test func aWeekWithNothingSharedHoldsNoIndices() {
    let raw = Schedule(days: [
      .monday: [Serial(title: "a"), Serial(title: "b")], .friday: [Serial(title: "c")],
    ])
    let safe = SafeSchedule.sections(of: raw)[0]
    #expect(safe.identities[Weekday.monday.rawValue].map(\.text) == ["a", "b"])
    #expect(safe.identities[Weekday.friday.rawValue].map(\.text) == ["c"])
    #expect(safe.identities[Weekday.sunday.rawValue].isEmpty)
    #expect(safe.identities.allSatisfy { !$0.isIndexed })
    #expect(safe.identities.heldCount == 3)
  }

  @Test func listsAreEqualByTheirIdentitiesHoweverHeld() {
    let a = SerialID(title: "a")
    let b = SerialID(title: "b")
    let indexed = SerialIDs(known: [b, a, b], slots: [1, 0, 0])
    #expect(indexed.isIndexed)
    #expect(Array(indexed) == [a, b, b])
    #expect(indexed == SerialIDs([a, b, b]))
    #expect(indexed != SerialIDs([a, b]))
    #expect(indexed != SerialIDs([a, b, a]))
    let run = SerialIDs(known: [b, a, b], slots: [1, 2])
    #expect(!run.isIndexed)
    #expect(Array(run) == [a, b])
    #expect(run == SerialIDs([a, b]))
  }
}
