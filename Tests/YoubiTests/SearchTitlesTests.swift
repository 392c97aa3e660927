import Schedule
import Testing

@testable import YoubiCore

@Suite struct SearchTitlesTests {
  /// A show titled in Japanese whose source also gives an English title.
  let schedule = SafeSchedule(
    Schedule(days: [
      .sunday: [
        Serial(
          title: "ワンピース",
          origin: Origin(
            id: "mal:21", titles: [Title("original", "ワンピース"), Title("en", "One Piece")])),
        Serial(title: "Frieren"),
      ]
    ]))

  func matches(_ query: String) -> [Int] {
    var folded: [UInt8] = []
    SearchFolding.appendFolded(query, to: &folded)
    return schedule.searchIndex.matches(folded).map(\.index)
  }

  @Test func anyTitleFindsTheShowWhicheverIsShown() {
    #expect(matches("one piece") == [0])
    #expect(matches("ワンピース") == [0])
    #expect(matches("frieren") == [1])
  }

  @Test func theShownTitleInAnotherLanguageStillFindsTheOriginal() {
    let english = Schedule(days: [.sunday: schedule[.sunday]]).showingTitles(.en)
    #expect(english[.sunday].first?.title == "One Piece")
    let index = SafeSchedule(english).searchIndex
    var folded: [UInt8] = []
    SearchFolding.appendFolded("ワンピース", to: &folded)
    #expect(index.matches(folded).map(\.index) == [0])
  }
}
