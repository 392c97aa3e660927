extension JSONValue {
  /// Reads one JSON text (any value at the top level) into a tree.
  ///
  /// As strict as `JSONReader`: UTF-8 checked, a byte order mark allowed,
  /// duplicate keys and trailing text rejected, nesting limited.
  public init(parsing bytes: [UInt8]) throws(JSONError) {
    self = try bytes.withUnsafeBufferPointer { (buf) throws(JSONError) -> JSONValue in
      var reader = JSONReader(buf)
      try reader.begin()
      let value = try reader.readValue()
      if !reader.isAtEndAfterWhitespace() {
        throw reader.error(
          at: reader.offset, "unexpected \(reader.found) after the top-level value")
      }
      return value
    }
  }

  /// Reads one JSON text from a string.
  public init(parsing text: String) throws(JSONError) {
    try self.init(parsing: Array(text.utf8))
  }
}

extension JSONReader {
  /// Reads the value at `offset` into a tree.
  ///
  /// - Complexity: O(size of the value); recursion is bounded by `maxDepth`.
  public mutating func readValue() throws(JSONError) -> JSONValue {
    guard let kind = nextKind else {
      throw error(at: offset, "expected a value, found \(found)")
    }
    let at = position(of: offset)
    switch kind {
    case .object:
      try beginObject()
      var members: [JSONValue.Member] = []
      while let key = try nextKey() {
        let keyPosition = position(of: key.offset)
        members.append(
          JSONValue.Member(string(key.name), try readValue(), keyPosition: keyPosition))
      }
      return JSONValue(.object(members), position: at)
    case .array:
      try beginArray()
      var elements: [JSONValue] = []
      while try nextElement() { elements.append(try readValue()) }
      return JSONValue(.array(elements), position: at)
    case .string:
      return JSONValue(.string(string(try readString())), position: at)
    case .number:
      let range = try readNumber()
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      return JSONValue(.number(JSONNumber(checkedText: text)), position: at)
    case .bool:
      return JSONValue(.bool(try readBool()), position: at)
    case .null:
      try readLiteral("null")
      return JSONValue(.null, position: at)
    }
  }
}
