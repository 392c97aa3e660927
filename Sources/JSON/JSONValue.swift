/// A JSON value as a tree, with where each part was read.
///
/// For small files whose shape is easier to walk than to stream (settings,
/// state): `JSONValue(parsing:)` reads one with the same strictness as
/// `JSONReader`, and `JSONWriter` writes one. Objects keep their members in
/// order. Two values are equal when their contents are: positions say where
/// a value was, not what it is, and values built in code have none.
public struct JSONValue: Sendable, CustomStringConvertible {
  public enum Content: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  /// One `"key": value` of an object.
  public struct Member: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    /// Where the key's opening quote was read; nil when built in code.
    public var keyPosition: JSONPosition?

    public init(_ key: String, _ value: JSONValue, keyPosition: JSONPosition? = nil) {
      self.key = key
      self.value = value
      self.keyPosition = keyPosition
    }

    /// Keys and values; not positions.
    public static func == (a: Member, b: Member) -> Bool { a.key == b.key && a.value == b.value }
  }

  public var content: Content
  /// Where the value's first character was read; nil when built in code.
  public var position: JSONPosition?

  public init(_ content: Content, position: JSONPosition? = nil) {
    self.content = content
    self.position = position
  }

  public static let null = JSONValue(.null)
  public static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
  public static func number(_ n: Int) -> JSONValue { JSONValue(.number(JSONNumber(n))) }
  public static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
  public static func array(_ a: [JSONValue]) -> JSONValue { JSONValue(.array(a)) }
  public static func object(_ members: [Member]) -> JSONValue { JSONValue(.object(members)) }

  // MARK: - Reading parts

  /// The value of the first member named `key`, for an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = content else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The element at `index`, for an array with one there.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = content, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  public var isNull: Bool { content == .null }

  public var bool: Bool? {
    if case .bool(let b) = content { return b }
    return nil
  }

  public var number: JSONNumber? {
    if case .number(let n) = content { return n }
    return nil
  }

  public var string: String? {
    if case .string(let s) = content { return s }
    return nil
  }

  public var array: [JSONValue]? {
    if case .array(let a) = content { return a }
    return nil
  }

  public var members: [Member]? {
    if case .object(let m) = content { return m }
    return nil
  }

  /// Compact JSON with keys in their order, for debugging and test logs.
  public var description: String {
    (try? JSONWriter().string(self)) ?? "<object with duplicate keys>"
  }
}

extension JSONValue: Equatable {
  /// Contents only: positions are where a value was, not what it is.
  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.content == b.content }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self.init(.null) }
  public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
  public init(integerLiteral value: Int) { self.init(.number(JSONNumber(value))) }
  /// A literal is finite, so this never fails.
  public init(floatLiteral value: Double) { self.init(.number(JSONNumber(value)!)) }
  public init(stringLiteral value: String) { self.init(.string(value)) }
  public init(arrayLiteral elements: JSONValue...) { self.init(.array(elements)) }
  /// Members in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(.object(elements.map { Member($0.0, $0.1) }))
  }
}
