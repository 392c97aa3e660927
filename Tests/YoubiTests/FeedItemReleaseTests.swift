import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A feed's items as releases of their own: an id each, sanitised and cut, a mark that
/// outlives the feed dropping older items, and `o` or Enter in the `b` list opening the
/// item's own link (issue 35).
extension FeedItemMarksTests {
  /// Chapter 1 on Monday 23 November 2026, Chapters 2 and 3 on Monday 30 November (10:00
  /// and 12:00 UTC), each with its own link; without Chapter 1 when the feed `dropsFirst`.
  static func threeChapters(dropsFirst: Bool = false) -> String {
    let first = """
      <item><title>Chapter 1</title><guid>c1</guid><link>https://w.example/c/1</link>\
      <pubDate>Mon, 23 Nov 2026 10:00 GMT</pubDate></item>
      """
    return """
      <rss version="2.0"><channel><title>Weekly</title><link>https://w.example/</link>
      \(dropsFirst ? "" : first)
      <item><title>Chapter 2</title><guid>c2</guid><link>https://w.example/c/2</link>\
      <pubDate>Mon, 30 Nov 2026 10:00 GMT</pubDate></item>
      <item><title>Chapter 3</title><guid>c3</guid><link>https://w.example/c/3</link>\
      <pubDate>Mon, 30 Nov 2026 12:00 GMT</pubDate></item>
      </channel></rss>
      """
  }

  @Test func aMarkSurvivesTheFeedDroppingOlderItems() throws {
    var state = try Self.state(Self.threeChapters())
    #expect(Self.behind(state) == ["Chapter 1", "Chapter 2", "Chapter 3"])
    state.update(.keyPressed(.char("b")), at: .zero)
    state.update(.keyPressed(.char("j")), at: .zero)
    state.update(.keyPressed(.char("m")), at: .zero)  // Chapter 2, not Chapter 3 of its date
    #expect(Self.behind(state) == ["Chapter 1", "Chapter 3"])
    // Saved, and read again once the feed no longer lists Chapter 1.
    let saved = try Marks.decodeState(Marks.stateJSON(state.marks)).get()
    var later = try Self.state(Self.threeChapters(dropsFirst: true), marks: saved)
    #expect(Self.behind(later) == ["Chapter 3"])
    // Still kept after a change that prunes and saves the marks again.
    later.update(.keyPressed(.char("b")), at: .zero)
    later.update(.keyPressed(.char("m")), at: .zero)
    #expect(Self.behind(later).isEmpty)
    let items = later.marks.entry(Self.serial, in: Self.key).items
    #expect(items.filter { $0.value.stamp.isOn }.keys.sorted() == ["c2", "c3"])
  }

  @Test func oAndEnterInTheBehindListOpenTheChaptersOwnLink() throws {
    var state = try Self.state(Self.threeChapters())
    state.update(.keyPressed(.char("b")), at: .zero)
    state.update(.keyPressed(.char("j")), at: .zero)
    let opened = state.update(.keyPressed(.char("o")), at: .zero)
    #expect(opened.contains(.open(try WebURL(checking: "https://w.example/c/2"))))
    #expect(state.behindList == 1)  // the list stays open, to mark it after
    state.update(.keyPressed(.char("j")), at: .zero)
    let entered = state.update(.keyPressed(.enter), at: .zero)
    #expect(entered.contains(.open(try WebURL(checking: "https://w.example/c/3"))))
    #expect(!entered.contains(.open(try WebURL(checking: "https://w.example/"))))
  }

  @Test func anItemWithoutALinkOpensTheFeeds() throws {
    let feed = """
      <rss version="2.0"><channel><title>Weekly</title><link>https://w.example/</link>
      <item><title>Chapter 1</title><guid>c1</guid><pubDate>Mon, 30 Nov 2026 10:00 GMT</pubDate></item>
      </channel></rss>
      """
    var state = try Self.state(feed)
    state.update(.keyPressed(.char("b")), at: .zero)
    let opened = state.update(.keyPressed(.char("o")), at: .zero)
    #expect(opened.contains(.open(try WebURL(checking: "https://w.example/"))))
  }

  /// A JSON Feed whose ids hold an escape, a bidi override and a megabyte.
  @Test func anItemsIDIsSanitisedAndCut() throws {
    let long = String(repeating: "x", count: 1_000_000)
    let feed = """
      {"version": "https://jsonfeed.org/version/1.1", "title": "Weekly",
       "home_page_url": "https://w.example/", "items": [
        {"id": "a\\u001b[2J\\u202eb", "title": "Chapter 1", "date_published": "2026-11-30T10:00:00Z"},
        {"id": "\(long)1", "title": "Chapter 2", "date_published": "2026-11-30T11:00:00Z"},
        {"id": "\(long)2", "title": "Chapter 3", "date_published": "2026-11-30T12:00:00Z"}]}
      """
    let state = try Self.state(feed)
    let ids = state.sections[0].schedule![.monday].compactMap(\.releaseID)
    #expect(ids.count == 3)
    #expect(ids.first == "a\u{FFFD}[2J\u{FFFD}b")
    #expect(ids.dropFirst().allSatisfy { $0.utf8.count < 256 && $0.hasPrefix("xxxx") })
    #expect(Set(ids).count == 3)  // cut, the two long ids are still two
  }

  @Test func anItemMarkAnswersForItsItemOnly() {
    var entry = Marks.Entry()
    entry.items["c12"] = ItemMark(stamp: Stamp(isOn: true, time: 1), date: date(2026, 11, 30))
    #expect(entry.hasSeen)
    #expect(entry.isSeen(on: date(2026, 11, 30), item: "c12"))
    #expect(!entry.isSeen(on: date(2026, 11, 30), item: "c13"))
    #expect(!entry.isSeen(on: date(2026, 11, 30)))
  }
}
