import TestSupport
import Testing

@testable import Schedule

#if canImport(Glibc)
  import Glibc
#endif

/// RSS 2.0 and Atom 1.0 through Expat: every field, what is absent or wrong, and the
/// documents an attacker would send.
@Suite struct FeedXMLTests {
  @Test func anRSSSerialIsOneSerialWithItsReleases() throws {
    let schedule = try source(
      "feeds/webtoon-weekly.xml", in: "Europe/Berlin", today: date(2024, 12, 4))
    #expect(schedule.format == .rss)
    #expect(schedule.title == "Night Market")
    // The release that came out, on its day, numbered from its title ("Episode 12 - …").
    #expect(week(schedule, date(2024, 11, 25)) == ["Tue 11:00 Night Market #12"])
    let released = schedule.sections[0].listed(on: date(2024, 11, 26))[0]
    #expect(released.note == "Episode 12 - The 12th night")
    #expect(released.author == "Ana Lee")
    #expect(released.url?.text.hasSuffix("episode_no=12") == true)
    #expect(
      released.origin?.id
        == "feed:https://www.webtoons.com/en/fantasy/night-market/list?title_no=99")
    // A week with no release yet lists the one expected.
    #expect(week(schedule, date(2024, 12, 9)) == ["Tue 11:00 Night Market #14"])
  }

  @Test func itemsWithoutADateOrAnIdAreCountedInOneWarning() throws {
    let schedule = try source("feeds/webtoon-weekly.xml", in: "Europe/Berlin")
    #expect(
      schedule.warnings.map { $0.line(file: "f.xml") } == [
        "f.xml:68:1: warning: 2 items left out: no date, or a date it cannot read"
      ])
    let text = """
      <rss version="2.0"><channel><title>T</title>
      <item><title>No id</title><pubDate>Tue, 26 Nov 2024 10:00:00 GMT</pubDate></item>
      <item><link>https://a.example/2</link><pubDate>26 Nov 2024 10:00 +0100</pubDate></item>
      </channel></rss>
      """
    let one = try source(text: text, in: "UTC")
    #expect(one.warnings.map(\.message) == ["1 item left out: no id"])
    // The link stands in for a missing guid.
    #expect(one.sections[0].listed(on: date(2024, 11, 26)).map(\.time?.description) == ["09:00"])
  }

  @Test func anAtomFeedReadsItsEntries() throws {
    let schedule = try source(
      "feeds/royalroad-fortnightly.atom", in: "Asia/Tokyo", today: date(2024, 12, 4))
    #expect(schedule.format == .atom)
    #expect(schedule.title == "The Long Road")
    let entry = schedule.sections[0].listed(on: date(2024, 11, 15))
    #expect(entry.map(\.note) == ["Chapter 25: A road"])
    #expect(entry.map(\.time?.description) == ["12:00"])
    #expect(entry.first?.url?.text == "https://www.royalroad.com/fiction/1234/road/chapter/105")
    #expect(entry.first?.author == "R. Writer")
    #expect(entry.first?.episode(on: date(2024, 11, 15)) == 25)
    // `published` wins over `updated`; the feed's link is the one without `rel`.
    #expect(entry.first?.origin?.id == "feed:https://www.royalroad.com/fiction/1234/road")
  }

  /// The message loading the fixture `name` stops with, named `name`.
  func fixtureFailure(_ name: String) throws -> String {
    let bytes = try ScheduleLoader.readAll(
      path: packagePath("Tests/Fixtures/feeds/" + name), source: name)
    do {
      _ = try ScheduleLoader.parse(bytes, source: name)
      return "parsed"
    } catch {
      #expect(error.exitCode == 65)
      return error.message
    }
  }

  @Test func aMalformedFeedIsOneLineWithItsLineAndColumn() throws {
    #expect(try fixtureFailure("malformed.xml") == "youbi: malformed.xml:5:23: XML: mismatched tag")
    #expect(sourceFailure("<rss><channel>") == "youbi: s.json:1:15: XML: no element found")
    #expect(
      sourceFailure("<html><body/></html>")
        == "youbi: s.json:1:1: expected an RSS 2.0 <rss> with a <channel> or an Atom 1.0 <feed>,"
        + " found <html>"
    )
  }

  /// The most the process's peak resident size may grow reading a hostile document.
  static let boundedGrowth = 64 << 20

  func peakResident() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }

  @Test(.timeLimit(.minutes(1))) func billionLaughsIsRefusedWithBoundedMemory() throws {
    let before = peakResident()
    #expect(
      try fixtureFailure("billion-laughs.xml")
        == "youbi: billion-laughs.xml:3:16: XML: entity declarations are not read"
        + " (DOCTYPE with ENTITY)"
    )
    // Expanded, its title would be 3 GB.
    #expect(peakResident() - before < Self.boundedGrowth)
  }

  @Test(.timeLimit(.minutes(1))) func anExternalEntityIsNeverRead() throws {
    let before = peakResident()
    #expect(
      try fixtureFailure("external-entity.xml")
        == "youbi: external-entity.xml:3:46: XML: entity declarations are not read"
        + " (DOCTYPE with ENTITY)"
    )
    #expect(peakResident() - before < Self.boundedGrowth)
  }

  @Test func anExternalDTDIsNotFetched() throws {
    // It names a port nothing listens on: fetching it would fail the read.
    let schedule = try source("feeds/external-dtd.xml", in: "UTC")
    #expect(schedule.title == "Plain")
    #expect(week(schedule, date(2024, 11, 25)).first == "Tue 10:00 Plain")
  }

  @Test func nestingDeeperThanTheBoundIsRefused() {
    let depth = XMLTreeReader.maxDepth + 1
    let deep = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    #expect(
      sourceFailure("<rss><channel>" + deep + "</channel></rss>")
        == "youbi: s.json:1:\(14 + 3 * 62 + 1): XML: nested deeper than 64 elements")
    let fine = String(repeating: "<a>", count: 10) + String(repeating: "</a>", count: 10)
    #expect(sourceFailure("<rss><channel>" + fine + "</channel></rss>") == "parsed")
  }

  @Test func aFeedOfSeveralSeriesIsGroupedBySeries() throws {
    let schedule = try source(
      "feeds/mangaupdates-releases.xml", in: "Europe/Berlin", today: date(2024, 12, 1))
    #expect(
      week(schedule, date(2024, 11, 25)) == [
        "Thu 21:00 Red Mill #17", "Sat 04:00 Blue Harbor #41",
      ])
    #expect(
      week(schedule, date(2024, 12, 2)) == ["Thu 21:00 Red Mill #18", "Sat 04:00 Blue Harbor #42"])
  }
}
