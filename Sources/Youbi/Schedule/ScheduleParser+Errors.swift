import TerminalUI

/// Errors with a place: line and column, and a path when there is one.
extension ScheduleParser {
  // MARK: - Errors

  /// Line and column (both from 1) of byte `offset`; columns count Unicode
  /// scalars, so `あ` is one column as an editor shows it.
  func lineColumn(_ offset: Int) -> (Int, Int) {
    var line = 1
    var column = 1
    var j = 0
    let end = min(offset, buf.count)
    while j < end {
      let b = buf[j]
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 && j >= start {
        column += 1
      }
      j += 1
    }
    return (line, column)
  }

  func error(at offset: Int, path: String? = nil, _ message: String) -> ScheduleError {
    let (line, column) = lineColumn(offset)
    let place = path.map { " \(SafeText.sanitize($0)):" } ?? ""
    return ScheduleError(
      exitCode: ScheduleError.dataError,
      message: "youbi: \(source):\(line):\(column):\(place) \(message)")
  }

  func duplicate(_ key: Str, at: Int, path: String?, previous: Int) -> ScheduleError {
    let (line, column) = lineColumn(previous)
    return error(
      at: at, path: path,
      "duplicate key \(quoted(string(key))) (first at \(line):\(column))")
  }

  /// What is at `offset`, for "found …": a kind of value, a character, or
  /// the end of input.
  func found(at offset: Int) -> String {
    guard offset < buf.count else { return "end of input" }
    let b = buf[offset]
    switch b {
    case UInt8(ascii: "{"): return "object"
    case UInt8(ascii: "["): return "array"
    case UInt8(ascii: "\""): return "string"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "number"
    case UInt8(ascii: "t") where startsWith("true", at: offset),
      UInt8(ascii: "f") where startsWith("false", at: offset):
      return "boolean"
    case UInt8(ascii: "n") where startsWith("null", at: offset): return "null"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
    case 0x00..<0x80: return codePoint(UInt32(b))
    default:
      var end = offset + 1
      while end < buf.count && buf[end] & 0xC0 == 0x80 { end += 1 }
      let text = String(decoding: UnsafeBufferPointer(rebasing: buf[offset..<end]), as: UTF8.self)
      let scalar = text.unicodeScalars.first!
      return "\(codePoint(scalar.value)) '\(SafeText.sanitize(text))'"
    }
  }

  func startsWith(_ word: StaticString, at offset: Int) -> Bool {
    let n = word.utf8CodeUnitCount
    guard offset + n <= buf.count else { return false }
    for k in 0..<n where buf[offset + k] != word.utf8Start[k] { return false }
    return true
  }

  func codePoint(_ v: UInt32) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  func quoted(_ text: String) -> String { "\"\(SafeText.sanitize(text))\"" }

  /// `.monday` for plain keys, `["odd key"]` for anything else.
  func component(_ key: String) -> String {
    let plain =
      !key.isEmpty
      && key.unicodeScalars.allSatisfy { s in
        s.properties.isAlphabetic || (s.value >= 0x30 && s.value <= 0x39) || s == "_"
      }
    return plain ? "." + key : "[\(quoted(key))]"
  }
}
