import Testing

@testable import Schedule

/// RFC 822 and RFC 3339 dates, and chapter numbers in titles.
@Suite struct FeedDateTests {
  @Test(arguments: [
    ("Tue, 03 Jun 2003 09:39:21 GMT", Int64(1_054_633_161)),
    ("03 Jun 2003 09:39:21 GMT", 1_054_633_161),
    ("Tue, 3 Jun 2003 09:39 +0000", 1_054_633_140),
    ("Tue, 03 Jun 03 09:39:21 UT", 1_054_633_161),
    ("Tue, 03 Jun 2003 05:39:21 EDT", 1_054_633_161),
    ("Tue, 03 Jun 2003 18:39:21 +0900", 1_054_633_161),
    ("Tue, 03 June 2003 09:39:21 -0000", 1_054_633_161),
    ("2003-06-03T09:39:21Z", 1_054_633_161),
    ("2003-06-03T18:39:21+09:00", 1_054_633_161),
    ("  2003-06-03T09:39:21.250Z\n", 1_054_633_161),
  ])
  func datesInEitherForm(_ text: String, _ seconds: Int64) {
    #expect(FeedDate.parse(text) == seconds)
  }

  @Test(arguments: [
    "", "yesterday", "Tue, 32 Jun 2003 09:39:21 GMT", "Tue, 03 Jux 2003 09:39:21 GMT",
    "Tue, 03 Jun 2003 25:39:21 GMT", "Tue, 03 Jun 2003 09:39:21 XYZ", "Tue, 03 Jun 2003",
    "2003-06-03T09:39:21 Zulu", "Tue, 03 Jun 2003 09:39:21 +99999",
    "Tue, 03 Jun 9223372036854775807 09:39:21 GMT", "Tue, 9223372036854775807 Jun 2003 09:39 GMT",
    "Tue, -3 Jun 2003 09:39 GMT", "Tue, 03 Jun 1e308 09:39 GMT",
  ])
  func datesThatAreNeither(_ text: String) {
    #expect(FeedDate.parse(text) == nil)
  }

  @Test(arguments: [
    ("Chapter 12", 12), ("chapter 12: The end", 12), ("Ch. 7 - x", 7), ("Ch.7", 7),
    ("Ep. 12", 12), ("EPISODE 3", 3), ("#12 A title", 12), ("Episode 12 - The 12th night", 12),
  ])
  func chapterNumbers(_ title: String, _ number: Int) {
    #expect(FeedChapter.number(in: title) == number)
  }

  @Test(arguments: [
    "Chapter 12.5", "Chapters 3", "Epilogue 2", "A title", "Ch. x", "#12a", "Part 4",
  ])
  func titlesWithNoNumber(_ title: String) {
    #expect(FeedChapter.number(in: title) == nil)
  }

  @Test func aNumberAfterTheSerialsTitle() {
    #expect(FeedChapter.number(in: "Tower of God - Ep. 560", after: "Tower of God") == 560)
    #expect(FeedChapter.number(in: "Other - Ep. 560", after: "Tower of God") == nil)
  }
}
