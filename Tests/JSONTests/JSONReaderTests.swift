import JSON
import Testing

/// One input and the error it must give (`line:column: message`), or nil
/// when it is valid JSON.
struct ReaderCase: CustomTestStringConvertible, Sendable {
  let input: [UInt8]
  let error: String?

  init(_ text: String, _ error: String? = nil) {
    input = Array(text.utf8)
    self.error = error
  }

  init(bytes: [UInt8], _ error: String?) {
    input = bytes
    self.error = error
  }

  /// Escaped, so the test log never carries raw control bytes.
  var testDescription: String {
    String(decoding: input, as: UTF8.self).unicodeScalars.map { $0.escaped(asASCII: true) }
      .joined()
  }
}

/// Reads `bytes` whole with the tree reader; `line:column: message` on error.
func readError(_ bytes: [UInt8]) -> String? {
  do {
    _ = try JSONValue(parsing: bytes)
    return nil
  } catch {
    return "\(error.position): \(error.message)"
  }
}

@Suite struct JSONReaderTests {
  static let valid: [ReaderCase] = [
    ReaderCase("{}"), ReaderCase("[]"), ReaderCase("0"), ReaderCase("-0"), ReaderCase("-0.5e+10"),
    ReaderCase("1E-2"), ReaderCase("true"), ReaderCase("false"), ReaderCase("null"),
    ReaderCase(#""""#), ReaderCase(#""\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\""#),
    ReaderCase(" \t\r\n[1, [2, {\"a\": [3]}], \"x\"] \n"),
    ReaderCase(#"{"a": {"a": {"a": 1}}}"#),  // the same key at different levels
    ReaderCase(bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), nil),
    ReaderCase(#"["星屑", "😀", "\u0000"]"#),
  ]

  @Test(arguments: valid)
  func validTextReads(_ c: ReaderCase) {
    #expect(readError(c.input) == nil)
  }

  /// Every message the reader gives, with its place. The same texts the
  /// schedule loader has always printed.
  static let invalid: [ReaderCase] = [
    ReaderCase("", "1:1: expected a value, found end of input"),
    ReaderCase("[1 2]", "1:4: expected ',' or ']' in array, found number"),
    ReaderCase("[1,]", "1:4: expected a value after ',' in array, found ']'"),
    ReaderCase("[1", "1:3: expected ',' or ']' in array, found end of input"),
    ReaderCase(#"{"a": 1,}"#, "1:9: expected a string key after ',' in object, found '}'"),
    ReaderCase(#"{"a" 1}"#, "1:6: expected ':' after object key, found number"),
    ReaderCase("{a: 1}", "1:2: expected a string key or '}' in object, found 'a'"),
    ReaderCase(#"{"a": 1"#, "1:8: expected ',' or '}' in object, found end of input"),
    ReaderCase(#"{"a": 1 "b": 2}"#, "1:9: expected ',' or '}' in object, found string"),
    ReaderCase("[tru]", "1:2: invalid literal, expected true"),
    ReaderCase("[nul]", "1:2: invalid literal, expected null"),
    ReaderCase("[01]", "1:2: invalid number: leading zeros are not allowed"),
    ReaderCase("[1.]", "1:2: invalid number: expected a digit after '.'"),
    ReaderCase("[-]", "1:2: invalid number: expected a digit after '-'"),
    ReaderCase("[1e+]", "1:2: invalid number: expected a digit in the exponent"),
    ReaderCase("['a']", "1:2: expected a value, found '''"),
    ReaderCase(#"["abc"#, "1:2: unterminated string"),
    ReaderCase(#"["\x"]"#, #"1:3: invalid escape \x in string"#),
    ReaderCase(#"["\é"]"#, #"1:3: invalid escape in string: '\' followed by U+00E9 'é'"#),
    ReaderCase(#"["\u12G4"]"#, #"1:3: invalid \u escape: expected four hex digits"#),
    ReaderCase(#"["\u12"#, #"1:3: incomplete \u escape"#),
    ReaderCase(#"["\ud800"]"#, #"1:3: lone surrogate \uD800 in string"#),
    ReaderCase(#"["\udc00"]"#, #"1:3: lone surrogate \uDC00 in string"#),
    ReaderCase(#"["\ud800\u0041"]"#, #"1:3: high surrogate \uD800 followed by \u0041"#),
    ReaderCase("[\"a\tb\"]", #"1:4: unescaped control character U+0009 in string (write \t)"#),
    ReaderCase("[\"a\nb\"]", #"1:4: unescaped control character U+000A in string (write \n)"#),
    ReaderCase("[\"\u{1B}\"]", "1:3: unescaped control character U+001B in string"),
    ReaderCase("[1,\n \u{3000}2]", "2:2: expected a value, found U+3000 '\u{3000}'"),
    ReaderCase("[1] x", "1:5: unexpected 'x' after the top-level value"),
    ReaderCase("{}{}", "1:3: unexpected object after the top-level value"),
    ReaderCase(#"{"a": 1, "a": 2}"#, #"1:10: duplicate key "a" (first at 1:2)"#),
    ReaderCase(#"[{"b": {"a": 1, "\u0061": 2}}]"#, #"1:17: duplicate key "a" (first at 1:9)"#),
    ReaderCase(#"{"星": 1,"# + "\n" + #" "星": 2}"#, #"2:2: duplicate key "星" (first at 1:2)"#),
    // Columns count characters, not bytes.
    ReaderCase(#"["星屑の郵便配達" 1]"#, "1:12: expected ',' or ']' in array, found number"),
    ReaderCase(
      bytes: Array(#"[""#.utf8) + [0xFF] + Array(#""]"#.utf8),
      "1:3: not UTF-8: invalid byte (byte 0xFF at offset 2)"),
    ReaderCase(
      bytes: [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],
      "1:3: not UTF-8: invalid byte (byte 0xC0 at offset 2)"),
    ReaderCase(
      bytes: [0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D],
      "1:3: not UTF-8: overlong sequence (byte 0xE0 at offset 2)"),
    ReaderCase(
      bytes: [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
      "1:3: not UTF-8: encoded surrogate (byte 0xED at offset 2)"),
    ReaderCase(
      bytes: [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D],
      "1:3: not UTF-8: code point above U+10FFFF (byte 0xF4 at offset 2)"),
    ReaderCase(
      bytes: [0x5B, 0x22, 0xE3, 0x81],
      "1:3: not UTF-8: truncated sequence (byte 0xE3 at offset 2)"),
    ReaderCase(
      bytes: [0x5B, 0x22, 0x80, 0x22, 0x5D],
      "1:3: not UTF-8: stray continuation byte (byte 0x80 at offset 2)"),
    // A byte order mark takes no column once it is recognised.
    ReaderCase(
      bytes: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8),
      "1:4: expected a value after ',' in array, found ']'"),
  ]

  @Test(arguments: invalid)
  func invalidTextGivesItsMessage(_ c: ReaderCase) {
    #expect(readError(c.input) == c.error)
  }

  @Test func nestingIsLimitedInsideTheTopLevelValue() {
    let limit = JSONReader.maxDepth
    let deepest =
      String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(readError(Array(deepest.utf8)) == nil)
    let tooDeep = String(repeating: "[", count: limit + 2)
    #expect(readError(Array(tooDeep.utf8)) == "1:\(limit + 2): nesting deeper than 512 levels")
    let objects = String(repeating: #"{"a":"#, count: limit + 2)
    #expect(
      readError(Array(objects.utf8)) == "1:\(5 * (limit + 1) + 1): nesting deeper than 512 levels")
  }

  @Test func duplicateKeysAreFoundInLargeObjects() {
    // Past 16 keys the key set switches to a table; duplicates are still found.
    let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let text = "{\(keys), \"k33\": 0}"
    let first = text.split(separator: "\"k33\"")[0].utf8.count + 1  // ASCII: a byte a column
    let second = text.utf8.count - #""k33": 0}"#.utf8.count + 1
    #expect(
      readError(Array(text.utf8))
        == "1:\(second): duplicate key \"k33\" (first at 1:\(first))")
  }

  @Test func errorsSayWhyAndWhere() throws {
    do {
      _ = try JSONValue(parsing: #"{"a": 1, "a": 2}"#)
      Issue.record("parsed")
    } catch {
      #expect(
        error.reason
          == .duplicateKey(first: JSONPosition(offset: 1, line: 1, column: 2)))
      #expect(error.position == JSONPosition(offset: 9, line: 1, column: 10))
    }
    #expect(throws: JSONError.self) { try JSONValue(parsing: [0xFF]) }
    do {
      _ = try JSONValue(parsing: [0xFF])
    } catch {
      #expect(error.reason == .encoding)
    }
  }

  /// A duplicate key is quoted cut short, so a huge key makes a short message.
  @Test func hugeDuplicateKeysAreCutInTheMessage() {
    let key = String(repeating: "k", count: 100_000)
    let error = readError(Array(#"{"\#(key)": 1, "\#(key)": 2}"#.utf8))
    let expected = #"duplicate key "\#(String(repeating: "k", count: 40))…" (first at 1:2)"#
    #expect(error == "1:\(key.count + 9): " + expected)
  }

  @Test func pullReaderStepsThroughAnObject() throws {
    let bytes = Array(#"{"name": "Ada", "skip": [1, {"x": null}], "n": -2.5}"#.utf8)
    try bytes.withUnsafeBufferPointer { (buf) throws(JSONError) in
      var r = JSONReader(buf)
      try r.begin()
      #expect(r.nextKind == .object)
      try r.beginObject()
      var names: [String] = []
      while let key = try r.nextKey() {
        let name = r.string(key.name)
        names.append(name)
        if r.matches(key.name, "name") {
          #expect(r.string(try r.readString()) == "Ada")
        } else if name == "n" {
          let range = try r.readNumber()
          #expect(String(decoding: buf[range], as: UTF8.self) == "-2.5")
        } else {
          try r.skipValue()
        }
      }
      #expect(names == ["name", "skip", "n"])
      #expect(r.depth == 0)
      let atEnd = r.isAtEndAfterWhitespace()
      #expect(atEnd)
    }
  }

  @Test func positionsCanBeAskedForInAnyOrder() {
    let bytes = Array("ab\ncdé\nf".utf8)
    bytes.withUnsafeBufferPointer { buf in
      var r = JSONReader(buf)
      #expect(r.position(of: 7) == JSONPosition(offset: 7, line: 2, column: 4))
      #expect(r.position(of: 1) == JSONPosition(offset: 1, line: 1, column: 2))
      #expect(r.position(of: 8) == JSONPosition(offset: 8, line: 3, column: 1))
      #expect(r.position(of: 3) == JSONPosition(offset: 3, line: 2, column: 1))
      #expect(r.position(of: 100) == JSONPosition(offset: 9, line: 3, column: 2), "the end")
    }
  }

  @Test func excerptsKeepAShortPrefix() {
    #expect(Excerpt.quoted("abc") == #""abc""#)
    let forty = String(repeating: "星", count: 40)
    #expect(Excerpt.quoted(forty) == "\"\(forty)\"")
    #expect(Excerpt.quoted(forty + "x") == "\"\(forty)…\"")
    #expect(Excerpt.quoted("") == #""""#)
  }
}
