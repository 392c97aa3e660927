import TestSupport
import Testing

@testable import Schedule

/// OPML subscription lists, for `youbi --import-opml`.
@Suite struct OPMLTests {
  @Test func everyFeedAtAnyDepthOnce() throws {
    let found = try OPML.read(path: packagePath("Tests/Fixtures/feeds/subscriptions.opml"))
    #expect(
      found.urls.map(\.text) == [
        "https://www.webtoons.com/en/fantasy/night-market/rss?title_no=99",
        "https://www.royalroad.com/fiction/syndication/1234",
      ])
    #expect(found.leftOut == 1)
  }

  @Test func notOPMLIsOneLine() {
    #expect(
      throws: Diagnostic(
        .error, line: 1, column: 1, "expected an OPML document, an <opml> with a <body>")
    ) {
      try OPML.subscriptions(Array("<rss/>".utf8))
    }
    #expect(throws: Diagnostic(.error, line: 1, column: 7, "XML: no element found")) {
      try OPML.subscriptions(Array("<opml>".utf8))
    }
  }

  @Test func entitiesAreRefusedHereToo() throws {
    let text = #"<!DOCTYPE opml [<!ENTITY a "b">]><opml><body/></opml>"#
    #expect(throws: Diagnostic.self) { try OPML.subscriptions(Array(text.utf8)) }
  }
}
