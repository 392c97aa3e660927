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
    var out = JSONText()
    try write(value, level: 0, into: &out)
    return out.bytes
  }

  /// The text of `value`, without a trailing newline.
  public func string(_ value: JSONValue) throws(Failure) -> String {
    String(decoding: try write(value), as: UTF8.self)
  }

  func write(_ value: JSONValue, level: Int, into out: inout JSONText) throws(Failure) {
    switch value.content {
    case .null: out.append("null")
    case .bool(let b): out.append(b ? "true" : "false")
    case .number(let n): out.append(contentsOf: n.text)
    case .string(let s): out.appendQuoted(s)
    case .array(let elements):
      guard !elements.isEmpty else { return out.append("[]") }
      out.append(UInt8(ascii: "["))
      for (k, element) in elements.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        newline(level + 1, into: &out)
        try write(element, level: level + 1, into: &out)
      }
      newline(level, into: &out)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out.append("{}") }
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
        out.appendQuoted(member.key)
        out.append(UInt8(ascii: ":"))
        if indent > 0 { out.append(UInt8(ascii: " ")) }
        try write(member.value, level: level + 1, into: &out)
      }
      newline(level, into: &out)
      out.append(UInt8(ascii: "}"))
    }
  }

  func newline(_ level: Int, into out: inout JSONText) {
    guard indent > 0 else { return }
    out.append(0x0A)
    for _ in 0..<level * indent { out.append(UInt8(ascii: " ")) }
  }

  /// The most members an object has for its keys to be checked against each other
  /// rather than through a set.
  static let smallObject = 16

  /// Writes the valid UTF-8 `utf8` at `out` in quotes, escaped, and returns how many
  /// bytes that took (`out` has room for six a byte and the quotes). Runs of bytes that
  /// need no escape go out as one copy each, a whole string when nothing needs one.
  static func quote(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    out[0] = UInt8(ascii: "\"")
    var count = 1  // the bytes written at `out`
    var copied = 0  // the bytes of `utf8` written so far
    func copy(upTo end: Int) {
      guard end > copied else { return }
      (out + count).update(from: utf8.baseAddress! + copied, count: end - copied)
      count += end - copied
    }
    var i = 0
    while i < utf8.count {
      guard !isPlain(utf8[i]), let escaped = escape(in: utf8, at: i) else {
        i += 1
        continue
      }
      copy(upTo: i)
      for byte in escaped.text.utf8 {
        out[count] = byte
        count += 1
      }
      i += escaped.length
      copied = i
    }
    copy(upTo: utf8.count)
    out[count] = UInt8(ascii: "\"")
    return count + 1
  }

  /// The escape of the scalar whose UTF-8 starts at `i` (a byte `isPlain` refuses) and
  /// how many bytes that scalar takes; nil when it goes out as it is.
  static func escape(in utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (text: String, length: Int)?
  {
    let byte = utf8[i]
    switch byte {
    case 0x22: return (#"\""#, 1)
    case 0x5C: return (#"\\"#, 1)
    case 0x08: return (#"\b"#, 1)
    case 0x0C: return (#"\f"#, 1)
    case 0x0A: return (#"\n"#, 1)
    case 0x0D: return (#"\r"#, 1)
    case 0x09: return (#"\t"#, 1)
    case 0x00..<0x20, 0x7F: return (JSONReader.hexEscape(UInt32(byte)), 1)
    case 0xC2 where utf8[i + 1] <= 0x9F:  // U+0080 to U+009F, the C1 controls
      return (JSONReader.hexEscape(UInt32(utf8[i + 1])), 2)
    case 0xE2 where utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
      return (JSONReader.hexEscape(0x2000 + UInt32(utf8[i + 2] - 0x80)), 3)  // U+2028, U+2029
    default: return nil
    }
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
