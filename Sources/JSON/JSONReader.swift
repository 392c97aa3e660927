/// A strict RFC 8259 pull reader over UTF-8 bytes, with a position for every error.
///
/// The reader does not build values: a caller steps through the text
/// (`beginObject`, `nextKey`, `readString`, `skipValue`, …) and decides what
/// each value means, so a schedule is built in one pass without an
/// intermediate tree (`JSONValue` is the tree for when one is wanted).
///
/// Foundation's `JSONSerialization` on this toolchain reports a character
/// offset rather than a line and column, keeps the last of two equal keys
/// without a word, accepts `[1,]`, and takes about a second for 100,000
/// schedule entries. This reader validates UTF-8 up front, accepts a leading
/// byte order mark, rejects duplicate keys in every object (escaped spellings
/// included), limits nesting to `maxDepth`, decodes escapes (surrogate pairs
/// included, lone surrogates rejected), and checks skipped values just as
/// strictly as the ones it reads.
///
/// The bytes are borrowed: use a reader inside `withUnsafeBufferPointer`.
///
/// - Complexity: O(n) in the input size; strings without escapes are not
///   copied until a caller asks for a `String`.
public struct JSONReader {
  /// How deep arrays and objects may nest inside the top-level value, so
  /// hostile input cannot exhaust the stack of a recursive caller.
  public static let maxDepth = 512

  /// The whole input.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  public internal(set) var offset = 0
  /// Where the text starts: 3 after a UTF-8 byte order mark, else 0.
  public internal(set) var textStart = 0
  /// Open arrays and objects around `offset`.
  public internal(set) var depth = 0
  /// True right after `beginObject`/`beginArray`, until the first key or element.
  var atFirst = false
  /// The keys seen so far in each open object, indexed by depth, reused so a
  /// steady stream of small objects allocates nothing.
  var keySets: [JSONKeySet] = []
  /// Decoded bytes of the string being read, when it has escapes.
  var scratch: [UInt8] = []
  /// The last position computed, so positions asked for in reading order cost
  /// O(distance) rather than O(offset).
  var lastPosition = JSONPosition(offset: 0, line: 1, column: 1)
  /// The earliest position counted from, but for the very start (`forget(below:)`).
  var floor = JSONPosition(offset: 0, line: 1, column: 1)

  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Checks the input is UTF-8, steps over a byte order mark, and skips
  /// whitespace up to the first value (or the end, for a caller to report).
  ///
  /// A caller that only peeks at the first keys, and reads the whole input
  /// again with a reader that validates, passes `validatingUTF8: false`: the
  /// check is a pass over every byte.
  public mutating func begin(validatingUTF8: Bool = true) throws(JSONError) {
    if validatingUTF8 { try validateUTF8() }
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      textStart = 3
    }
    offset = textStart
    lastPosition = JSONPosition(offset: textStart, line: 1, column: 1)
    skipWhitespace()
  }

  /// True when only whitespace is left.
  public mutating func isAtEndAfterWhitespace() -> Bool {
    skipWhitespace()
    return offset >= bytes.count
  }

  /// The byte at `offset`, nil at the end.
  @inlinable
  public var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// What kind of value starts at `offset`, judged by its first byte; nil at
  /// the end or when no value can start there.
  @inlinable
  public var nextKind: JSONKind? {
    guard let b = peek else { return nil }
    switch b {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: return nil
    }
  }

  // MARK: - Positions

  /// Line and column of byte `offset`.
  ///
  /// - Complexity: O(distance from the position asked for before), so a
  ///   caller that asks in reading order pays O(n) in all.
  public mutating func position(of target: Int) -> JSONPosition {
    let target = min(max(target, 0), bytes.count)
    var from = lastPosition
    if target < from.offset {
      from = target >= floor.offset ? floor : JSONPosition(offset: 0, line: 1, column: 1)
    }
    var line = from.line
    var column = from.column
    var j = from.offset
    while j < target {
      let b = bytes[j]
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 && j >= textStart {
        column += 1
      }
      j += 1
    }
    lastPosition = JSONPosition(offset: target, line: line, column: column)
    return lastPosition
  }

  /// Says that no position below `offset` is asked for again (but the start's), so
  /// that counting lines never reads the bytes before it again: a reader that hands
  /// back what it has read (a `PageBuffer`) may then do so.
  public mutating func forget(below offset: Int) {
    floor = position(of: offset)
  }

  /// An error at byte `at`.
  public mutating func error(
    _ reason: JSONError.Reason = .syntax, at: Int, _ message: String
  ) -> JSONError {
    JSONError(reason, at: position(of: at), message)
  }

  /// What is at `at`, for "found …" in messages: a kind of value, a
  /// character, or the end of input. A character outside ASCII is quoted raw
  /// after its code point: `U+3000 '　'`.
  public func found(at: Int) -> String {
    guard at < bytes.count else { return "end of input" }
    let b = bytes[at]
    switch b {
    case UInt8(ascii: "{"): return "object"
    case UInt8(ascii: "["): return "array"
    case UInt8(ascii: "\""): return "string"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "number"
    case UInt8(ascii: "t") where startsWith("true", at: at),
      UInt8(ascii: "f") where startsWith("false", at: at):
      return "boolean"
    case UInt8(ascii: "n") where startsWith("null", at: at): return "null"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
    case 0x00..<0x80: return JSONReader.codePoint(UInt32(b))
    default:
      var end = at + 1
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
      let scalar = text.unicodeScalars.first!
      return "\(JSONReader.codePoint(scalar.value)) '\(text)'"
    }
  }

  /// What is at `offset`, for "found …".
  public var found: String { found(at: offset) }

  func startsWith(_ word: StaticString, at: Int) -> Bool {
    let n = word.utf8CodeUnitCount
    guard at + n <= bytes.count else { return false }
    for k in 0..<n where bytes[at + k] != word.utf8Start[k] { return false }
    return true
  }

  /// `U+0041`: at least four hex digits.
  public static func codePoint(_ v: UInt32) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

/// The kinds of JSON value.
public enum JSONKind: Equatable, Sendable {
  case object, array, string, number, bool, null
}
