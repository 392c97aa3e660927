import Schedule
import Testing

@testable import YoubiCore

/// A filtered page's list is worked out once for the filters it is under, and again
/// when one of them changes.
@Suite struct ShownMemoTests {
  func key(_ day: Int, starred: Set<SerialID>? = nil) -> ShownMemo.Key {
    ShownMemo.Key(
      date: CivilDate(daysSince1970: day), starFilter: starred, joined: JoinedRows())
  }

  @Test func theSameFiltersAreWorkedOutOnce() {
    let memo = ShownMemo()
    var made = 0
    func shown(_ key: ShownMemo.Key, _ indices: [Int]) -> [Int] {
      memo.shown(key) {
        made += 1
        return ShownMemo.Shown(indices: indices, isPlatformed: false, onBreak: 0)
      }.indices
    }
    #expect(shown(key(10), [1, 2]) == [1, 2])
    #expect(shown(key(10), [9]) == [1, 2])  // kept
    #expect(made == 1)
    #expect(shown(key(10, starred: [SerialID(title: "a")]), [2]) == [2])
    #expect(shown(key(11), [3]) == [3])
    #expect(made == 3)
    // Only the last few are kept: the first is worked out again after many others.
    for day in 20..<40 { _ = shown(key(day), []) }
    #expect(shown(key(10), [4]) == [4])
    #expect(made == 24)
  }

  @Test func eachDateOfADatedDayListsItsOwnEntriesWhateverWasAskedBefore() {
    // Every other Monday from 2026-11-02, and one that ends on 2026-11-16.
    let monday = date(2026, 11, 2)
    let raw = Schedule(days: [
      .monday: [
        Serial(title: "fortnightly", start: monday, every: 2),
        Serial(title: "ending", end: date(2026, 11, 16)),
      ]
    ])
    let section = SectionState(
      name: "w", schedule: SafeSchedule.sections(of: raw)[0], day: .monday)
    let weeks = (0..<24).map { monday.adding(days: 7 * $0) }
    for round in 0..<2 {
      for (n, day) in weeks.enumerated() {
        var expected = n % 2 == 0 ? ["fortnightly"] : []
        if n <= 2 { expected.append("ending") }
        #expect(section.entries(on: day).map(\.title) == expected, "round \(round), week \(n)")
        #expect(section.ids(on: day).map(\.text) == expected, "round \(round), week \(n)")
      }
    }
  }
}
