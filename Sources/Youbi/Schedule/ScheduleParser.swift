import TerminalUI

/// A strict RFC 8259 JSON reader that builds a `Schedule` in one pass.
///
/// Foundation's `JSONSerialization` on this toolchain reports a character
/// offset rather than a line and column, keeps the last of two equal keys
/// without a word, accepts `[1,]`, and takes about a second for 100,000
/// entries. This reader works on bytes, keeps positions for every error,
/// rejects duplicate keys at every level, validates UTF-8 up front, decodes
/// escapes (surrogate pairs included, lone surrogates rejected) and skips
/// unknown fields after checking them just as strictly.
///
/// - Complexity: O(n) in the input size; strings without escapes are not
///   copied before they become `String`s.
struct ScheduleParser {
  /// Deepest nesting accepted inside unknown fields, so hostile input cannot
  /// exhaust the stack.
  static let maxDepth = 512

  let buf: UnsafeBufferPointer<UInt8>
  /// The input's name, already safe to print.
  let source: String
  var i = 0
  /// Where the text starts (after a UTF-8 byte order mark, if any).
  var start = 0
  var depth = 0
  var scratch: [UInt8] = []
  var entryKeys = KeySet()

  init(_ buf: UnsafeBufferPointer<UInt8>, source: String) {
    self.buf = buf
    self.source = source
  }

  /// A JSON string as read: a range of the input when it had no escapes,
  /// else its decoded UTF-8.
  enum Str {
    case raw(Range<Int>)
    case decoded([UInt8])
  }

  // MARK: - Schedule

  mutating func parseSchedule() throws(ScheduleError) -> Schedule {
    try validateUTF8()
    if buf.count >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF { start = 3 }
    i = start
    skipWhitespace()
    guard i < buf.count else {
      throw error(at: i, "no JSON value, only whitespace; expected an object with \"days\"")
    }
    guard buf[i] == UInt8(ascii: "{") else {
      throw error(at: i, "expected a JSON object at the top level, found \(found(at: i))")
    }
    let objectStart = i
    i += 1
    var title: String?
    var days: [Weekday: [Serial]]?
    var keys = KeySet()
    var first = true
    while let (key, keyAt) = try nextKey(&first) {
      if let previous = keys.insert(key, at: keyAt, in: buf) {
        throw duplicate(key, at: keyAt, path: nil, previous: previous)
      }
      if equals(key, "title") {
        title = try optionalString(.top("title"))
      } else if equals(key, "days") {
        days = try parseDays()
      } else {
        try skipValue()
      }
    }
    skipWhitespace()
    if i < buf.count {
      throw error(at: i, "unexpected \(found(at: i)) after the top-level object")
    }
    guard let days else {
      throw error(
        at: objectStart, "the top-level object has no \"days\" (an object of weekday → entries)")
    }
    return Schedule(title: title, days: days)
  }

  mutating func parseDays() throws(ScheduleError) -> [Weekday: [Serial]] {
    guard i < buf.count, buf[i] == UInt8(ascii: "{") else {
      throw error(at: i, path: "days", "expected an object of weekdays, found \(found(at: i))")
    }
    i += 1
    var days: [Weekday: [Serial]] = [:]
    var seen: [Weekday: (key: String, at: Int)] = [:]
    var keys = KeySet()
    var first = true
    while let (key, keyAt) = try nextKey(&first) {
      if let previous = keys.insert(key, at: keyAt, in: buf) {
        throw duplicate(key, at: keyAt, path: "days", previous: previous)
      }
      let name = string(key)
      guard let day = Weekday(parsing: name) else {
        throw error(at: keyAt, path: "days", DayKeySuggestion.unknownDayMessage(name))
      }
      if let other = seen[day] {
        let (line, _) = lineColumn(other.at)
        throw error(
          at: keyAt, path: "days",
          "\(quoted(name)) and \(quoted(other.key)) (line \(line)) are the same day, \(day.name)")
      }
      seen[day] = (name, keyAt)
      days[day] = try parseEntries(dayKey: name)
    }
    return days
  }

  mutating func parseEntries(dayKey: String) throws(ScheduleError) -> [Serial] {
    guard i < buf.count, buf[i] == UInt8(ascii: "[") else {
      throw error(
        at: i, path: "days" + component(dayKey),
        "expected an array of entries, found \(found(at: i))")
    }
    i += 1
    var serials: [Serial] = []
    var first = true
    while try nextElement(&first) {
      serials.append(try parseEntry(dayKey: dayKey, index: serials.count))
    }
    return serials
  }

  mutating func parseEntry(dayKey: String, index: Int) throws(ScheduleError) -> Serial {
    guard i < buf.count else { throw error(at: i, "expected a value, found end of input") }
    switch buf[i] {
    case UInt8(ascii: "\""):
      return Serial(title: string(try scanString()))
    case UInt8(ascii: "{"):
      let objectStart = i
      i += 1
      var title: String?
      var author: String?
      var note: String?
      entryKeys.removeAll()
      var first = true
      while let (key, keyAt) = try nextKey(&first) {
        if let previous = entryKeys.insert(key, at: keyAt, in: buf) {
          throw duplicate(key, at: keyAt, path: entryPath(dayKey, index), previous: previous)
        }
        if equals(key, "title") {
          guard i < buf.count, buf[i] == UInt8(ascii: "\"") else {
            throw error(
              at: i, path: entryPath(dayKey, index) + ".title",
              "expected a string, found \(found(at: i))")
          }
          title = string(try scanString())
        } else if equals(key, "author") {
          author = try optionalString(.entry(dayKey, index, "author"))
        } else if equals(key, "note") {
          note = try optionalString(.entry(dayKey, index, "note"))
        } else {
          try skipValue()
        }
      }
      guard let title else {
        throw error(at: objectStart, path: entryPath(dayKey, index), "entry has no \"title\"")
      }
      return Serial(title: title, author: author, note: note)
    default:
      throw error(
        at: i, path: entryPath(dayKey, index),
        "expected a title string or an object with \"title\", found \(found(at: i))")
    }
  }

  /// A string, or nil for `null`; anything else is an error naming `path`.
  /// Where an optional string field sits, rendered only for a message.
  enum FieldPath {
    case top(String)
    case entry(String, Int, String)
  }

  mutating func optionalString(_ field: FieldPath) throws(ScheduleError) -> String? {
    if i < buf.count && buf[i] == UInt8(ascii: "\"") { return string(try scanString()) }
    if i < buf.count && buf[i] == UInt8(ascii: "n") {
      try literal("null")
      return nil
    }
    let path =
      switch field {
      case .top(let name): name
      case .entry(let dayKey, let index, let name): entryPath(dayKey, index) + "." + name
      }
    throw error(at: i, path: path, "expected a string, found \(found(at: i))")
  }

  func entryPath(_ dayKey: String, _ index: Int) -> String {
    "days" + component(dayKey) + "[\(index)]"
  }

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

  // MARK: - UTF-8

  /// Checks the whole input is well-formed UTF-8 (Unicode table 3-7).
  func validateUTF8() throws(ScheduleError) {
    var j = 0
    let n = buf.count
    while j < n {
      // Eight ASCII bytes at a time.
      while j + 8 <= n {
        let word = UnsafeRawPointer(buf.baseAddress! + j).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        j += 8
      }
      guard j < n else { return }
      let b = buf[j]
      if b < 0x80 {
        j += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default:
        throw notUTF8(at: j, b, b >= 0x80 && b <= 0xBF ? "stray continuation byte" : "invalid byte")
      }
      for k in 1..<length {
        guard j + k < n else { throw notUTF8(at: j, b, "truncated sequence") }
        let c = buf[j + k]
        let lo = k == 1 ? low : 0x80
        let hi = k == 1 ? high : 0xBF
        guard c >= lo && c <= hi else {
          let what =
            k == 1 && b == 0xED
            ? "encoded surrogate"
            : k == 1 && (b == 0xE0 || b == 0xF0)
              ? "overlong sequence"
              : k == 1 && b == 0xF4 ? "code point above U+10FFFF" : "truncated sequence"
          throw notUTF8(at: j, b, what)
        }
      }
      j += length
    }
  }

  func notUTF8(at offset: Int, _ byte: UInt8, _ what: String) -> ScheduleError {
    let hex = String(byte, radix: 16, uppercase: true)
    return error(
      at: offset,
      "not UTF-8: \(what) (byte 0x\(hex.count == 1 ? "0" : "")\(hex) at offset \(offset))")
  }

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

/// The keys of one object, to reject duplicates.
///
/// A short array is scanned (objects here have a handful of keys, and keys
/// without escapes are kept as ranges of the input, not copied); past 16 keys
/// a dictionary takes over so hostile objects stay O(n).
struct KeySet {
  private var small: [(key: ScheduleParser.Str, at: Int)] = []
  private var large: [[UInt8]: Int]?

  mutating func removeAll() {
    small.removeAll(keepingCapacity: true)
    large = nil
  }

  /// Records `key`; returns the offset of an earlier equal key, if any.
  mutating func insert(
    _ key: ScheduleParser.Str, at offset: Int, in buf: UnsafeBufferPointer<UInt8>
  )
    -> Int?
  {
    if large != nil {
      let k = Self.bytes(key, buf)
      if let previous = large![k] { return previous }
      large![k] = offset
      return nil
    }
    for entry in small where Self.equal(entry.key, key, buf) { return entry.at }
    small.append((key, offset))
    if small.count > 16 {
      var table: [[UInt8]: Int] = [:]
      for entry in small { table[Self.bytes(entry.key, buf)] = entry.at }
      large = table
    }
    return nil
  }

  static func bytes(_ s: ScheduleParser.Str, _ buf: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    switch s {
    case .raw(let r): Array(buf[r])
    case .decoded(let a): a
    }
  }

  static func equal(
    _ a: ScheduleParser.Str, _ b: ScheduleParser.Str, _ buf: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    switch (a, b) {
    case (.raw(let x), .raw(let y)): buf[x].elementsEqual(buf[y])
    case (.raw(let x), .decoded(let y)), (.decoded(let y), .raw(let x)): buf[x].elementsEqual(y)
    case (.decoded(let x), .decoded(let y)): x == y
    }
  }
}
