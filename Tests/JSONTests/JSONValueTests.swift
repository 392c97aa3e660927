import JSON
import TestSupport
import Testing

@Suite struct JSONValueTests {
  @Test func readsATreeWithPositions() throws {
    let value = try JSONValue(
      parsing: """
        {"name": "星屑", "n": [1, -2.5e3, true, null],
         "nested": {"ok": false}}
        """)
    #expect(value["name"]?.string == "星屑")
    #expect(value["n"]?[0]?.number?.int == 1)
    #expect(value["n"]?[1]?.number?.double == -2500)
    #expect(value["n"]?[1]?.number?.int == nil)
    #expect(value["n"]?[2]?.bool == true)
    #expect(value["n"]?[3]?.isNull == true)
    #expect(value["n"]?[4] == nil)
    #expect(value["nested"]?["ok"]?.bool == false)
    #expect(value["missing"] == nil)
    #expect(value.position == JSONPosition(offset: 0, line: 1, column: 1))
    #expect(value["n"]?.position == JSONPosition(offset: 24, line: 1, column: 21))
    #expect(value["nested"]?["ok"]?.position?.description == "2:19")
    #expect(value.members?.map(\.key) == ["name", "n", "nested"])
    #expect(value.members?[2].keyPosition?.description == "2:2")
  }

  @Test func literalsBuildTheSameTree() throws {
    let built: JSONValue = ["name": "星屑", "n": [1, -2500.0, true, nil], "nested": ["ok": false]]
    let read = try JSONValue(
      parsing: #"{"name": "星屑", "n": [1, -2500.0, true, null], "nested": {"ok": false}}"#)
    #expect(built == read, "positions do not count")
    #expect(built.position == nil)
  }

  @Test func orderOfMembersCounts() {
    let ab: JSONValue = ["a": 1, "b": 2]
    let ba: JSONValue = ["b": 2, "a": 1]
    #expect(ab != ba)
  }

  @Test func numbersKeepTheirText() throws {
    let value = try JSONValue(parsing: "[1e400, -0, 12345678901234567890, 0.1]")
    #expect(value.array?.map { $0.number?.text } == ["1e400", "-0", "12345678901234567890", "0.1"])
    #expect(value[0]?.number?.double == .infinity)
    #expect(value[2]?.number?.int == nil, "too large for Int")
    #expect(JSONNumber(.nan) == nil)
    #expect(JSONNumber(.infinity) == nil)
    #expect(JSONNumber(0.5)?.text == "0.5")
    #expect(JSONNumber(-7).text == "-7")
  }
}

@Suite struct JSONWriterTests {
  @Test func writesCompactAndIndented() throws {
    let value: JSONValue = ["b": [1, "x", nil], "a": ["empty": [], "obj": [:]], "t": true]
    #expect(
      try JSONWriter().string(value) == #"{"b":[1,"x",null],"a":{"empty":[],"obj":{}},"t":true}"#)
    #expect(
      try JSONWriter(sortedKeys: true, indent: 2).string(value) == """
        {
          "a": {
            "empty": [],
            "obj": {}
          },
          "b": [
            1,
            "x",
            null
          ],
          "t": true
        }
        """)
  }

  /// Every control, DEL, C1 and U+2028/2029 is escaped; other text is UTF-8.
  @Test func escapesControlsAndKeepsText() throws {
    let text = "q\"b\\s/\u{8}\u{C}\n\r\t\u{0}\u{1B}\u{7F}\u{9B}\u{2028}\u{2029}星😀é"
    let written = try JSONWriter().string(.string(text))
    #expect(
      written
        == #""q\"b\\s/\b\f\n\r\t\u0000\u001B\u007F\u009B\u2028\u2029星😀é""#)
    #expect(
      !written.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(try JSONValue(parsing: written).string == text)
  }

  /// Sorting is by bytes, so the order does not depend on how a key is built
  /// and canonically equivalent keys stay distinct and in a fixed order.
  @Test func sortsKeysByBytes() throws {
    let value = JSONValue.object([
      .init("é", 1), .init("e\u{301}", 2), .init("Z", 3), .init("a", 4), .init("", 5),
    ])
    #expect(
      try JSONWriter(sortedKeys: true).string(value)
        == "{\"\":5,\"Z\":3,\"a\":4,\"e\u{301}\":2,\"é\":1}")
  }

  @Test func refusesDuplicateKeys() {
    let value = JSONValue.object([.init("a", 1), .init("b", 2), .init("a", 3)])
    #expect(throws: JSONWriter.Failure.duplicateKey("a")) { try JSONWriter().write(value) }
    #expect(throws: JSONWriter.Failure.duplicateKey("a")) {
      try JSONWriter(sortedKeys: true).write(["x": value])
    }
  }

  @Test func sameValueSameBytes() throws {
    let value: JSONValue = ["marks": ["2026-11-30": ["a", "b"]], "version": 1]
    let writer = JSONWriter(sortedKeys: true, indent: 2)
    #expect(try writer.write(value) == (try writer.write(value)))
  }

  /// Written, read back, written again: the same value and the same bytes,
  /// for random trees of every kind of value.
  @Test(arguments: [1, 2, 3, 0xC0FFEE] as [UInt64])
  func roundTrip(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for iteration in 0..<200 {
      let value = Self.randomValue(&rng, depth: 0)
      for writer in [JSONWriter(), JSONWriter(sortedKeys: true, indent: 2)] {
        let bytes = try writer.write(value)
        let read = try JSONValue(parsing: bytes)
        let expected = writer.sortedKeys ? Self.sorted(value) : value
        #expect(read == expected, "seed \(seed) iteration \(iteration)")
        #expect(try writer.write(read) == bytes, "seed \(seed) iteration \(iteration)")
      }
    }
  }

  static let pieces: [String] = [
    "", "a", "星屑", "😀", "\u{0}", "\u{1B}[2J", "\"", "\\", "\u{2028}", "\u{7F}", "e\u{301}",
    "\u{FEFF}", "/", "\n\t",
  ]

  static func randomString(_ rng: inout SplitMix64) -> String {
    (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
  }

  static func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2: return .number(Int.random(in: -1_000_000...1_000_000, using: &rng))
    case 3:
      return JSONValue(.number(JSONNumber(Double.random(in: -1e300...1e300, using: &rng))!))
    case 4: return .string(randomString(&rng))
    case 5:
      return .array(
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
    default:
      var members: [JSONValue.Member] = []
      var keys = Set<String>()
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        let key = randomString(&rng)
        guard keys.insert(key).inserted else { continue }
        members.append(.init(key, randomValue(&rng, depth: depth + 1)))
      }
      return .object(members)
    }
  }

  /// `value` with every object's members in the writer's sorted order.
  static func sorted(_ value: JSONValue) -> JSONValue {
    switch value.content {
    case .array(let elements): return .array(elements.map(sorted))
    case .object(let members):
      return .object(
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
          .map { .init($0.key, sorted($0.value)) })
    default: return value
    }
  }

  /// The arrays at the paths asked for are handed over element by element, in order, and
  /// left empty in the tree; a value there that is no array stays; the rest is the tree.
  @Test func streamedArraysAreHandedOverAndLeftEmpty() throws {
    let text = """
      {"data": [{"a": 1}, {"a": 2}], "page": {"list": [3, 4, 5], "n": 2}, "other": [6]}
      """
    var seen: [(Int, Int, JSONValue)] = []
    let tree = try Self.streaming(text, [["data"], ["page", "list"], ["other", "x"]]) {
      seen.append(($0, $1, $2))
    }
    #expect(seen.map(\.0) == [0, 0, 1, 1, 1] && seen.map(\.1) == [0, 1, 0, 1, 2])
    #expect(seen[1].2["a"]?.number?.int == 2 && seen[4].2.number?.int == 5)
    #expect(seen[0].2.position?.column == 11)
    #expect(tree["data"]?.array?.isEmpty == true && tree["page"]?["list"]?.array?.isEmpty == true)
    #expect(tree["page"]?["n"]?.number?.int == 2 && tree["other"]?.array?.count == 1)
    // A path whose value is no array keeps it in the tree.
    let kept = try Self.streaming(#"{"data": {"x": 1}}"#, [["data"]]) { _, _, _ in
      Issue.record("nothing to stream")
    }
    #expect(kept["data"]?["x"]?.number?.int == 1)
    // As strict as the tree: a duplicate key, or text after the value, is an error.
    #expect(throws: JSONError.self) {
      try Self.streaming(#"{"data": [1], "data": [2]}"#, [["data"]]) { _, _, _ in }
    }
    #expect(throws: JSONError.self) {
      try Self.streaming(#"{"data": [1]} x"#, [["data"]]) { _, _, _ in }
    }
  }

  static func streaming(
    _ text: String, _ paths: [[String]], _ element: (Int, Int, JSONValue) -> Void
  ) throws(JSONError) -> JSONValue {
    try Array(text.utf8).withUnsafeBufferPointer { (buf) throws(JSONError) -> JSONValue in
      try JSONValue(parsing: buf, streaming: paths, element: element)
    }
  }
}
