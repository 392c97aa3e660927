/// Tokens: objects, arrays, strings, numbers and literals, read strictly.
extension ScheduleParser {
  // MARK: - Objects and arrays

  /// Steps to the next key of an object whose `{` is consumed, and past its
  /// `:`; nil after the closing `}`.
  mutating func nextKey(_ first: inout Bool) throws(ScheduleError) -> (Str, Int)? {
    skipWhitespace()
    if first {
      first = false
      if i < buf.count && buf[i] == UInt8(ascii: "}") {
        i += 1
        return nil
      }
      guard i < buf.count, buf[i] == UInt8(ascii: "\"") else {
        throw error(at: i, "expected a string key or '}' in object, found \(found(at: i))")
      }
    } else {
      guard i < buf.count else {
        throw error(at: i, "expected ',' or '}' in object, found end of input")
      }
      if buf[i] == UInt8(ascii: "}") {
        i += 1
        return nil
      }
      guard buf[i] == UInt8(ascii: ",") else {
        throw error(at: i, "expected ',' or '}' in object, found \(found(at: i))")
      }
      i += 1
      skipWhitespace()
      guard i < buf.count, buf[i] == UInt8(ascii: "\"") else {
        throw error(at: i, "expected a string key after ',' in object, found \(found(at: i))")
      }
    }
    let keyAt = i
    let key = try scanString()
    skipWhitespace()
    guard i < buf.count, buf[i] == UInt8(ascii: ":") else {
      throw error(at: i, "expected ':' after object key, found \(found(at: i))")
    }
    i += 1
    skipWhitespace()
    return (key, keyAt)
  }

  /// Steps to the next element of an array whose `[` is consumed; false
  /// after the closing `]`.
  mutating func nextElement(_ first: inout Bool) throws(ScheduleError) -> Bool {
    skipWhitespace()
    if first {
      first = false
      if i < buf.count && buf[i] == UInt8(ascii: "]") {
        i += 1
        return false
      }
      return true
    }
    guard i < buf.count else {
      throw error(at: i, "expected ',' or ']' in array, found end of input")
    }
    if buf[i] == UInt8(ascii: "]") {
      i += 1
      return false
    }
    guard buf[i] == UInt8(ascii: ",") else {
      throw error(at: i, "expected ',' or ']' in array, found \(found(at: i))")
    }
    i += 1
    skipWhitespace()
    if i < buf.count && buf[i] == UInt8(ascii: "]") {
      throw error(at: i, "expected a value after ',' in array, found ']'")
    }
    return true
  }

  /// Checks and skips one value of any kind.
  mutating func skipValue() throws(ScheduleError) {
    guard i < buf.count else { throw error(at: i, "expected a value, found end of input") }
    switch buf[i] {
    case UInt8(ascii: "\""):
      _ = try scanString()
    case UInt8(ascii: "{"):
      try enter()
      i += 1
      var keys = KeySet()
      var first = true
      while let (key, keyAt) = try nextKey(&first) {
        if let previous = keys.insert(key, at: keyAt, in: buf) {
          throw duplicate(key, at: keyAt, path: nil, previous: previous)
        }
        try skipValue()
      }
      depth -= 1
    case UInt8(ascii: "["):
      try enter()
      i += 1
      var first = true
      while try nextElement(&first) { try skipValue() }
      depth -= 1
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
    default:
      throw error(at: i, "expected a value, found \(found(at: i))")
    }
  }

  mutating func enter() throws(ScheduleError) {
    depth += 1
    if depth > Self.maxDepth {
      throw error(at: i, "nesting deeper than \(Self.maxDepth) levels")
    }
  }

  // MARK: - Scalars

  mutating func skipWhitespace() {
    while i < buf.count {
      switch buf[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return
      }
    }
  }

  mutating func literal(_ word: StaticString) throws(ScheduleError) {
    let at = i
    let n = word.utf8CodeUnitCount
    var k = 0
    while k < n {
      guard at + k < buf.count, buf[at + k] == word.utf8Start[k] else {
        throw error(at: at, "invalid literal, expected \(word)")
      }
      k += 1
    }
    i += n
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  mutating func scanNumber() throws(ScheduleError) {
    let at = i
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    if buf[i] == UInt8(ascii: "-") { i += 1 }
    guard i < buf.count, isDigit(buf[i]) else {
      throw error(at: at, "invalid number: expected a digit after '-'")
    }
    if buf[i] == UInt8(ascii: "0") {
      i += 1
      if i < buf.count && isDigit(buf[i]) {
        throw error(at: at, "invalid number: leading zeros are not allowed")
      }
    } else {
      while i < buf.count && isDigit(buf[i]) { i += 1 }
    }
    if i < buf.count && buf[i] == UInt8(ascii: ".") {
      i += 1
      guard i < buf.count, isDigit(buf[i]) else {
        throw error(at: at, "invalid number: expected a digit after '.'")
      }
      while i < buf.count && isDigit(buf[i]) { i += 1 }
    }
    if i < buf.count && (buf[i] == UInt8(ascii: "e") || buf[i] == UInt8(ascii: "E")) {
      i += 1
      if i < buf.count && (buf[i] == UInt8(ascii: "+") || buf[i] == UInt8(ascii: "-")) { i += 1 }
      guard i < buf.count, isDigit(buf[i]) else {
        throw error(at: at, "invalid number: expected a digit in the exponent")
      }
      while i < buf.count && isDigit(buf[i]) { i += 1 }
    }
  }

  /// Reads a string starting at its opening quote.
  mutating func scanString() throws(ScheduleError) -> Str {
    let quote = i
    i += 1
    let begin = i
    while i < buf.count {
      let b = buf[i]
      if b == UInt8(ascii: "\"") {
        i += 1
        return .raw(begin..<(i - 1))
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw controlInString(b) }
      i += 1
    }
    guard i < buf.count else { throw error(at: quote, "unterminated string") }
    // Slow path: escapes.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[begin..<i]))
    while i < buf.count {
      let b = buf[i]
      if b == UInt8(ascii: "\"") {
        i += 1
        return .decoded(scratch)
      }
      if b < 0x20 { throw controlInString(b) }
      if b != UInt8(ascii: "\\") {
        scratch.append(b)
        i += 1
        continue
      }
      let escapeAt = i
      i += 1
      guard i < buf.count else { break }
      switch buf[i] {
      case UInt8(ascii: "\""): scratch.append(0x22)
      case UInt8(ascii: "\\"): scratch.append(0x5C)
      case UInt8(ascii: "/"): scratch.append(0x2F)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        i += 1
        var code = try hex4(escapeAt)
        if code >= 0xD800 && code <= 0xDBFF {
          guard i + 1 < buf.count, buf[i] == UInt8(ascii: "\\"), buf[i + 1] == UInt8(ascii: "u")
          else {
            throw error(at: escapeAt, "lone surrogate \(hexEscape(code)) in string")
          }
          i += 2
          let low = try hex4(i - 2)
          guard low >= 0xDC00 && low <= 0xDFFF else {
            throw error(
              at: escapeAt, "high surrogate \(hexEscape(code)) followed by \(hexEscape(low))")
          }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if code >= 0xDC00 && code <= 0xDFFF {
          throw error(at: escapeAt, "lone surrogate \(hexEscape(code)) in string")
        }
        scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(code)!)!)
        continue
      default:
        throw error(
          at: escapeAt, invalidEscape(buf[i]))
      }
      i += 1
    }
    throw error(at: quote, "unterminated string")
  }

  func invalidEscape(_ b: UInt8) -> String {
    if b >= 0x21 && b <= 0x7E {
      return "invalid escape \\\(Character(Unicode.Scalar(b))) in string"
    }
    return "invalid escape in string: '\\' followed by \(found(at: i))"
  }

  /// Reads four hex digits at `i`.
  mutating func hex4(_ escapeAt: Int) throws(ScheduleError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard i < buf.count else { throw error(at: escapeAt, "incomplete \\u escape") }
      let b = buf[i]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw error(at: escapeAt, "invalid \\u escape: expected four hex digits")
      }
      value = value << 4 | digit
      i += 1
    }
    return value
  }

  func hexEscape(_ code: UInt32) -> String {
    let hex = String(code, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  func controlInString(_ b: UInt8) -> ScheduleError {
    let names: [UInt8: String] = [0x0A: "\\n", 0x09: "\\t", 0x0D: "\\r"]
    let hint = names[b].map { " (write \($0))" } ?? ""
    return error(at: i, "unescaped control character \(codePoint(UInt32(b))) in string\(hint)")
  }

  // MARK: - Strings and keys

  func string(_ s: Str) -> String {
    switch s {
    case .raw(let r): String(decoding: UnsafeBufferPointer(rebasing: buf[r]), as: UTF8.self)
    case .decoded(let a): String(decoding: a, as: UTF8.self)
    }
  }

  func equals(_ s: Str, _ word: StaticString) -> Bool {
    guard case .raw(let r) = s else { return string(s) == word.description }
    guard r.count == word.utf8CodeUnitCount else { return false }
    var k = 0
    for j in r {
      if buf[j] != word.utf8Start[k] { return false }
      k += 1
    }
    return true
  }
}
