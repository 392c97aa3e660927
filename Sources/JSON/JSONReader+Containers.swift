/// Objects and arrays: stepping through them, and skipping any value whole.
extension JSONReader {
  // MARK: - Objects

  /// Steps into the object whose `{` is at `offset`.
  ///
  /// Follow with `nextKey()` until it returns nil.
  public mutating func beginObject() throws(JSONError) {
    precondition(peek == UInt8(ascii: "{"), "beginObject() needs a '{' at offset")
    try enter()
    if keySets.count <= depth {
      keySets.append(contentsOf: repeatElement(JSONKeySet(), count: depth + 1 - keySets.count))
    }
    keySets[depth].removeAll()
  }

  /// Steps to the next key of the current object and past its `:`, checking
  /// it is not a duplicate; nil after the closing `}`.
  public mutating func nextKey() throws(JSONError) -> JSONKey? {
    skipWhitespace()
    if atFirst {
      atFirst = false
      if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        depth -= 1
        return nil
      }
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw error(at: offset, "expected a string key or '}' in object, found \(found)")
      }
    } else {
      guard offset < bytes.count else {
        throw error(at: offset, "expected ',' or '}' in object, found end of input")
      }
      if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        depth -= 1
        return nil
      }
      guard bytes[offset] == UInt8(ascii: ",") else {
        throw error(at: offset, "expected ',' or '}' in object, found \(found)")
      }
      offset += 1
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw error(at: offset, "expected a string key after ',' in object, found \(found)")
      }
    }
    let keyAt = offset
    let name = try readString()
    if let previous = keySets[depth].insert(name, at: keyAt, in: bytes) {
      let first = position(of: previous)
      throw error(
        .duplicateKey(first: first), at: keyAt, "duplicate key \(quoted(name)) (first at \(first))")
    }
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
      throw error(at: offset, "expected ':' after object key, found \(found)")
    }
    offset += 1
    skipWhitespace()
    return JSONKey(name: name, offset: keyAt)
  }

  // MARK: - Arrays

  /// Steps into the array whose `[` is at `offset`.
  ///
  /// Follow with `nextElement()` until it returns false.
  public mutating func beginArray() throws(JSONError) {
    precondition(peek == UInt8(ascii: "["), "beginArray() needs a '[' at offset")
    try enter()
  }

  /// Steps to the next element of the current array; false after the
  /// closing `]`.
  public mutating func nextElement() throws(JSONError) -> Bool {
    skipWhitespace()
    if atFirst {
      atFirst = false
      if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        depth -= 1
        return false
      }
      return true
    }
    guard offset < bytes.count else {
      throw error(at: offset, "expected ',' or ']' in array, found end of input")
    }
    if bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return false
    }
    guard bytes[offset] == UInt8(ascii: ",") else {
      throw error(at: offset, "expected ',' or ']' in array, found \(found)")
    }
    offset += 1
    skipWhitespace()
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
      throw error(at: offset, "expected a value after ',' in array, found ']'")
    }
    return true
  }

  /// Consumes the `{` or `[` at `offset` and opens a level.
  mutating func enter() throws(JSONError) {
    depth += 1
    // The top-level value is level 1; the limit counts what nests inside it.
    if depth - 1 > Self.maxDepth {
      throw error(.tooDeep, at: offset, "nesting deeper than \(Self.maxDepth) levels")
    }
    offset += 1
    atFirst = true
  }

  // MARK: - Any value

  /// Checks and skips one value of any kind, as strictly as reading it.
  public mutating func skipValue() throws(JSONError) {
    guard offset < bytes.count else {
      throw error(at: offset, "expected a value, found end of input")
    }
    switch bytes[offset] {
    case UInt8(ascii: "\""):
      _ = try readString()
    case UInt8(ascii: "{"):
      try beginObject()
      while try nextKey() != nil { try skipValue() }
    case UInt8(ascii: "["):
      try beginArray()
      while try nextElement() { try skipValue() }
    case UInt8(ascii: "t"): try readLiteral("true")
    case UInt8(ascii: "f"): try readLiteral("false")
    case UInt8(ascii: "n"): try readLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try readNumber()
    default:
      throw error(at: offset, "expected a value, found \(found)")
    }
  }
}
