/// Strings, numbers, literals and whitespace, read strictly.
extension JSONReader {
  // MARK: - Whitespace and literals

  /// Skips spaces, tabs, carriage returns and newlines.
  @inline(__always)
  public mutating func skipWhitespace() {
    // Most calls find a token at once.
    if offset < bytes.count && bytes[offset] > 0x20 { return }
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// Reads `true`, `false` or `null` at `offset`.
  public mutating func readLiteral(_ word: StaticString) throws(JSONError) {
    let at = offset
    let n = word.utf8CodeUnitCount
    var k = 0
    while k < n {
      guard at + k < bytes.count, bytes[at + k] == word.utf8Start[k] else {
        throw error(at: at, "invalid literal, expected \(word)")
      }
      k += 1
    }
    offset += n
  }

  /// Reads `true` or `false` at `offset`.
  public mutating func readBool() throws(JSONError) -> Bool {
    if peek == UInt8(ascii: "t") {
      try readLiteral("true")
      return true
    }
    try readLiteral("false")
    return false
  }

  // MARK: - Numbers

  /// Reads a number at `offset` and returns the range of its text:
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  public mutating func readNumber() throws(JSONError) -> Range<Int> {
    let at = offset
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else {
      throw error(at: at, "invalid number: expected a digit after '-'")
    }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count && isDigit(bytes[offset]) {
        throw error(at: at, "invalid number: leading zeros are not allowed")
      }
    } else {
      while offset < bytes.count && isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error(at: at, "invalid number: expected a digit after '.'")
      }
      while offset < bytes.count && isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count
      && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E"))
    {
      offset += 1
      if offset < bytes.count
        && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-"))
      {
        offset += 1
      }
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error(at: at, "invalid number: expected a digit in the exponent")
      }
      while offset < bytes.count && isDigit(bytes[offset]) { offset += 1 }
    }
    return at..<offset
  }

  // MARK: - Strings

  /// Reads a string starting at its opening quote at `offset`.
  public mutating func readString() throws(JSONError) -> JSONString {
    precondition(peek == UInt8(ascii: "\""), "readString() needs a '\"' at offset")
    let quote = offset
    offset += 1
    let begin = offset
    while offset < bytes.count {
      let b = bytes[offset]
      if b == UInt8(ascii: "\"") {
        offset += 1
        return JSONString(.raw(begin..<(offset - 1)))
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw controlInString(b) }
      offset += 1
    }
    guard offset < bytes.count else { throw error(at: quote, "unterminated string") }
    // Slow path: escapes.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[begin..<offset]))
    while offset < bytes.count {
      let b = bytes[offset]
      if b == UInt8(ascii: "\"") {
        offset += 1
        return JSONString(.decoded(scratch))
      }
      if b < 0x20 { throw controlInString(b) }
      if b != UInt8(ascii: "\\") {
        scratch.append(b)
        offset += 1
        continue
      }
      let escapeAt = offset
      offset += 1
      guard offset < bytes.count else { break }
      switch bytes[offset] {
      case UInt8(ascii: "\""): scratch.append(0x22)
      case UInt8(ascii: "\\"): scratch.append(0x5C)
      case UInt8(ascii: "/"): scratch.append(0x2F)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        offset += 1
        scratch.append(contentsOf: UTF8.encode(try unicodeEscape(at: escapeAt))!)
        continue
      default:
        throw error(at: escapeAt, invalidEscape(bytes[offset]))
      }
      offset += 1
    }
    throw error(at: quote, "unterminated string")
  }

  /// The scalar of a `\\uXXXX` escape at `escapeAt` (`offset` past its `u`), a
  /// surrogate pair's two escapes read as one; a lone or mismatched surrogate is an error.
  private mutating func unicodeEscape(at escapeAt: Int) throws(JSONError) -> Unicode.Scalar {
    var code = try hex4(escapeAt)
    if code >= 0xD800 && code <= 0xDBFF {
      guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
        bytes[offset + 1] == UInt8(ascii: "u")
      else {
        throw error(at: escapeAt, "lone surrogate \(Self.hexEscape(code)) in string")
      }
      offset += 2
      let low = try hex4(offset - 2)
      guard low >= 0xDC00 && low <= 0xDFFF else {
        throw error(
          at: escapeAt,
          "high surrogate \(Self.hexEscape(code)) followed by \(Self.hexEscape(low))")
      }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    } else if code >= 0xDC00 && code <= 0xDFFF {
      throw error(at: escapeAt, "lone surrogate \(Self.hexEscape(code)) in string")
    }
    return Unicode.Scalar(code)!
  }

  func invalidEscape(_ b: UInt8) -> String {
    if b >= 0x21 && b <= 0x7E {
      return "invalid escape \\\(Character(Unicode.Scalar(b))) in string"
    }
    return "invalid escape in string: '\\' followed by \(found)"
  }

  /// Reads four hex digits at `offset`.
  mutating func hex4(_ escapeAt: Int) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < bytes.count else { throw error(at: escapeAt, "incomplete \\u escape") }
      let b = bytes[offset]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw error(at: escapeAt, "invalid \\u escape: expected four hex digits")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  static func hexEscape(_ code: UInt32) -> String {
    let hex = String(code, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  mutating func controlInString(_ b: UInt8) -> JSONError {
    let hint =
      switch b {
      case 0x0A: " (write \\n)"
      case 0x09: " (write \\t)"
      case 0x0D: " (write \\r)"
      default: ""
      }
    return error(
      at: offset, "unescaped control character \(Self.codePoint(UInt32(b))) in string\(hint)")
  }
}
