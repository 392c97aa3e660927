/// Writes a `JSONValue` as JSON text: valid, deterministic, and safe to show.
///
/// The same value always gives the same bytes. Strings escape `"` and `\`,
/// every C0 control (as `\n`, `\t`, … or `\u00XX`), DEL and the C1 controls,
/// and U+2028/2029, so the text is valid JSON (and JavaScript), keeps to one
/// line per value, and never carries a raw control character to a terminal
/// that shows the file. Everything else, non-ASCII included, is written as
/// UTF-8. With `sortedKeys`, members are ordered by the bytes of their keys
/// (not `String`'s `<`, which treats canonically equivalent keys as equal),
/// so a state file diffs cleanly whatever order it was built in.
public struct JSONWriter: Sendable {
  /// Why a value cannot be written.
  public enum Failure: Error, Equatable, Sendable {
    /// An object has `key` twice; the reader would refuse the text.
    case duplicateKey(String)
  }

  /// Order object members by their keys' UTF-8 bytes instead of as given.
  public var sortedKeys: Bool
  /// Spaces per level; 0 writes everything on one line with no spaces.
  public var indent: Int

  public init(sortedKeys: Bool = false, indent: Int = 0) {
    self.sortedKeys = sortedKeys
    self.indent = indent
  }

  /// The UTF-8 text of `value`, without a trailing newline.
  public func write(_ value: JSONValue) throws(Failure) -> [UInt8] {
    var out: [UInt8] = []
    try write(value, level: 0, into: &out)
    return out
  }

  /// The text of `value`, without a trailing newline.
  public func string(_ value: JSONValue) throws(Failure) -> String {
    String(decoding: try write(value), as: UTF8.self)
  }

  func write(_ value: JSONValue, level: Int, into out: inout [UInt8]) throws(Failure) {
    switch value.content {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): out.append(contentsOf: n.text.utf8)
    case .string(let s): Self.writeString(s, into: &out)
    case .array(let elements):
      guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
      out.append(UInt8(ascii: "["))
      for (k, element) in elements.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        newline(level + 1, into: &out)
        try write(element, level: level + 1, into: &out)
      }
      newline(level, into: &out)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
      var ordered = members
      if sortedKeys {
        ordered.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      }
      // A small object (an entry's dozen members) is checked key against key, a big
      // one (a state file's) through a set: either way by bytes, never allocating for
      // the small ones.
      var seen = ordered.count > Self.smallObject ? Set<[UInt8]>() : nil
      out.append(UInt8(ascii: "{"))
      for (k, member) in ordered.enumerated() {
        let duplicate =
          seen != nil
          ? !seen!.insert(Array(member.key.utf8)).inserted
          : ordered[..<k].contains {
            $0.key == member.key && $0.key.utf8.elementsEqual(member.key.utf8)
          }
        if duplicate { throw .duplicateKey(member.key) }
        if k > 0 { out.append(UInt8(ascii: ",")) }
        newline(level + 1, into: &out)
        Self.writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        if indent > 0 { out.append(UInt8(ascii: " ")) }
        try write(member.value, level: level + 1, into: &out)
      }
      newline(level, into: &out)
      out.append(UInt8(ascii: "}"))
    }
  }

  func newline(_ level: Int, into out: inout [UInt8]) {
    guard indent > 0 else { return }
    out.append(0x0A)
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * indent))
  }

  /// The most members an object has for its keys to be checked against each other
  /// rather than through a set.
  static let smallObject = 16

  /// `s` in quotes, escaped.
  static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: their UTF-8 goes out whole.
    let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where !isPlain(byte) { return false }
      out.append(contentsOf: bytes)
      return true
    }
    if plain == true { return out.append(UInt8(ascii: "\"")) }
    for scalar in s.unicodeScalars {
      let v = scalar.value
      switch v {
      case 0x22: out.append(contentsOf: #"\""#.utf8)
      case 0x5C: out.append(contentsOf: #"\\"#.utf8)
      case 0x08: out.append(contentsOf: #"\b"#.utf8)
      case 0x0C: out.append(contentsOf: #"\f"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
        out.append(contentsOf: JSONReader.hexEscape(v).utf8)
      case 0x20..<0x80:
        out.append(UInt8(v))
      default:
        out.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Whether a byte of UTF-8 goes out as it is whatever surrounds it: printable ASCII
  /// other than `"` and `\`, or a byte of a scalar past U+07FF that is not U+2028 or
  /// U+2029 (whose lead byte, 0xE2, is checked the long way), or the lead byte of a
  /// two-byte scalar past U+009F (0xC3 to 0xDF; 0xC2 leads the C1 controls).
  static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20...0x7E: byte != 0x22 && byte != 0x5C
    case 0x80...0xBF: true  // a continuation byte: its lead byte decided
    case 0xC3...0xE1, 0xE3...0xFF: true
    default: false  // C0 controls, DEL, 0xC0 to 0xC2, 0xE2
    }
  }
}
