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

extension JSONValue {
  /// Reads one JSON text into a tree, as `init(parsing:)` does, but hands each element of
  /// an array found at one of `paths` (keys from the top) to `element` as soon as it is
  /// read, with the path's place in `paths` and its index, leaving that array empty in the
  /// tree: a response of half a million airings is never one tree. A value at a path that
  /// is not an array stays in the tree.
  public init(
    parsing bytes: UnsafeBufferPointer<UInt8>, streaming paths: [[String]],
    element: (_ path: Int, _ index: Int, JSONValue) -> Void
  ) throws(JSONError) {
    var reader = JSONReader(bytes)
    try reader.begin()
    self = try reader.readValue(
      streaming: paths.enumerated().map { ($0.offset, $0.element[...]) }, element: element)
    if !reader.isAtEndAfterWhitespace() {
      throw reader.error(at: reader.offset, "unexpected \(reader.found) after the top-level value")
    }
  }
}

extension JSONReader {
  /// `readValue()`, with the arrays at `paths` (what is left of each, below this value)
  /// handed over element by element (`JSONValue.init(parsing:streaming:element:)`).
  mutating func readValue(
    streaming paths: [(id: Int, keys: ArraySlice<String>)],
    element: (Int, Int, JSONValue) -> Void
  ) throws(JSONError) -> JSONValue {
    let at = position(of: offset)
    if let whole = paths.first(where: { $0.keys.isEmpty }), nextKind == .array {
      try beginArray()
      var index = 0
      while try nextElement() {
        element(whole.id, index, try readValue())
        index += 1
      }
      return JSONValue(.array([]), position: at)
    }
    let deeper = paths.filter { !$0.keys.isEmpty }
    guard !deeper.isEmpty, nextKind == .object else { return try readValue() }
    try beginObject()
    var members: [JSONValue.Member] = []
    while let key = try nextKey() {
      let keyPosition = position(of: key.offset)
      let name = string(key.name)
      let below = deeper.filter { $0.keys.first == name }.map { ($0.id, $0.keys.dropFirst()) }
      let value =
        below.isEmpty ? try readValue() : try readValue(streaming: below, element: element)
      members.append(JSONValue.Member(name, value, keyPosition: keyPosition))
    }
    return JSONValue(.object(members), position: at)
  }
}
