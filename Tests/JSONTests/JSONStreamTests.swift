import TestSupport
import Testing

@testable import JSON

/// `JSONStream` writes, call by call, the bytes `JSONWriter` writes for the same tree.
@Suite struct JSONStreamTests {
  /// Streams `value` as its tree nests.
  static func stream(_ value: JSONValue, into out: inout JSONStream) {
    switch value.content {
    case .null: out.null()
    case .bool(let b): out.bool(b)
    case .number(let n):
      if let i = Int(n.text) { out.number(i) } else { out.string(n.text) }
    case .string(let s): out.string(s)
    case .array(let elements):
      out.beginArray()
      for element in elements { stream(element, into: &out) }
      out.endArray()
    case .object(let members):
      out.beginObject()
      for member in members {
        out.key(member.key)
        stream(member.value, into: &out)
      }
      out.endObject()
    }
  }

  /// Non-integer numbers become strings in the stream; the same in the tree.
  static func integral(_ value: JSONValue) -> JSONValue {
    switch value.content {
    case .null, .bool, .string: value
    case .number(let n): Int(n.text) != nil ? value : .string(n.text)
    case .array(let elements): .array(elements.map(integral))
    case .object(let members):
      .object(members.map { .init($0.key, integral($0.value)) })
    }
  }

  @Test(arguments: [1, 2, 3, 0xC0FFEE] as [UInt64])
  func sameBytesAsTheWriter(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for iteration in 0..<200 {
      let value = Self.integral(JSONWriterTests.randomValue(&rng, depth: 0))
      // A tree with a key twice is the writer's to refuse; the stream writes what it is given.
      guard let written = try? JSONWriter(indent: 2).write(value) else { continue }
      for indent in [0, 2] {
        var out = JSONStream(indent: indent)
        Self.stream(value, into: &out)
        #expect(
          out.bytes == (try JSONWriter(indent: indent).write(value)),
          "seed \(seed) iteration \(iteration) indent \(indent)")
      }
      #expect(!written.isEmpty)
    }
  }

  /// A key made once (`JSONStream.Key`) writes what the same key written each time writes.
  @Test(arguments: [0, 2])
  func keysMadeBeforeWriteTheSameBytes(indent: Int) {
    for name in ["a", "星", "quo\"te", "back\\slash", "\u{2028}", "\u{85}", "tab\t", ""] {
      var made = JSONStream(indent: indent)
      var plain = JSONStream(indent: indent)
      made.beginObject()
      made.member(JSONStream.Key(name), name)
      made.key(JSONStream.Key(name + "2"))
      made.null()
      made.endObject()
      plain.beginObject()
      plain.member(name, name)
      plain.key(name + "2")
      plain.null()
      plain.endObject()
      #expect(made.bytes == plain.bytes, "\(name) indent \(indent)")
      // Taking the text gives the same bytes, and leaves the stream empty.
      let written = plain.bytes
      #expect(plain.takeBytes() == written)
      #expect(plain.bytes.isEmpty)
    }
  }

  @Test func emptyContainersAndNesting() {
    var out = JSONStream(indent: 2)
    out.beginObject()
    out.key("a")
    out.beginArray()
    out.endArray()
    out.key("b")
    out.beginObject()
    out.endObject()
    out.member("c", nil)
    out.endObject()
    #expect(
      String(decoding: out.bytes, as: UTF8.self)
        == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": null\n}")
  }
}
