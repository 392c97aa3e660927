import Testing

@testable import JSON

/// The writer's short cuts (a string that needs no escape goes out whole; a small
/// object's keys are checked against each other, not through a set) write what the long
/// way writes and refuse what it refuses.
@Suite struct JSONWriterFastPathTests {
  /// Each scalar at an edge of what is escaped, alone and inside Japanese text.
  @Test(arguments: [
    ("\u{1F}", #"\u001F"#), (" ", " "), ("~", "~"), ("\u{7F}", #"\u007F"#),
    ("\u{80}", #"\u0080"#), ("\u{9F}", #"\u009F"#), ("\u{A0}", "\u{A0}"), ("é", "é"),
    ("\u{7FF}", "\u{7FF}"), ("\u{800}", "\u{800}"), ("\u{2027}", "\u{2027}"),
    ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#), ("\u{202A}", "\u{202A}"),
    ("…", "…"), ("星", "星"), ("\u{FFFF}", "\u{FFFF}"), ("😀", "😀"), ("\"", #"\""#),
  ])
  func edges(scalar: String, written: String) throws {
    #expect(try JSONWriter().string(.string(scalar)) == "\"" + written + "\"")
    #expect(
      try JSONWriter().string(.string("月曜\(scalar)の朝")) == "\"月曜" + written + "の朝\"")
  }

  @Test(arguments: [3, 16, 17, 40])
  func duplicateKeysInObjectsOfEverySize(members: Int) {
    var list = (0..<members).map { JSONValue.Member("k\($0)", .number($0)) }
    #expect((try? JSONWriter().write(.object(list))) != nil)
    list.append(.init("k\(members / 2)", .null))
    #expect(throws: JSONWriter.Failure.duplicateKey("k\(members / 2)")) {
      try JSONWriter().write(.object(list))
    }
    // Keys alike to `String`'s `==` but not byte for byte are two keys.
    let alike = JSONValue.object([.init("é", 1), .init("e\u{301}", 2)])
    #expect((try? JSONWriter().write(alike)) != nil)
  }
}
