/// Writes JSON text as it goes, value by value, in exactly the bytes `JSONWriter` writes
/// for the same tree (members in the order given, `indent` spaces a level): for a big
/// document made once (`--format json`), with no tree of `JSONValue`s built first.
///
/// The caller nests the calls as the document nests; keys are the caller's to keep
/// distinct (the writer's check is not made here).
public struct JSONStream: Sendable {
  /// The text so far.
  public private(set) var bytes: [UInt8] = []
  /// Spaces per level; 0 writes everything on one line.
  public let indent: Int
  /// For each container open, whether it has a member yet.
  private var filled: [Bool] = []
  /// Whether a key was just written (its value comes next, with no separator).
  private var afterKey = false

  public init(indent: Int = 0, capacity: Int = 0) {
    self.indent = indent
    bytes.reserveCapacity(capacity)
  }

  public mutating func beginObject() { open(UInt8(ascii: "{")) }
  public mutating func endObject() { close(UInt8(ascii: "}")) }
  public mutating func beginArray() { open(UInt8(ascii: "[")) }
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// A member's key; its value is the next call.
  public mutating func key(_ key: String) {
    separate()
    JSONWriter.writeString(key, into: &bytes)
    bytes.append(UInt8(ascii: ":"))
    if indent > 0 { bytes.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  /// A member whose value is a string, or `null` for nil.
  public mutating func member(_ key: String, _ value: String?) {
    self.key(key)
    string(value)
  }

  public mutating func string(_ value: String) {
    separate()
    JSONWriter.writeString(value, into: &bytes)
  }

  /// A string, or `null` for nil.
  public mutating func string(_ value: String?) {
    guard let value else { return null() }
    string(value)
  }

  public mutating func number(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
  }

  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  public mutating func null() {
    separate()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Before a value or a key: the comma and the line break its place asks for.
  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard !filled.isEmpty else { return }
    if filled[filled.count - 1] { bytes.append(UInt8(ascii: ",")) }
    filled[filled.count - 1] = true
    newline(filled.count)
  }

  private mutating func open(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    filled.append(false)
  }

  private mutating func close(_ bracket: UInt8) {
    // An empty container closes on its line: `{}`, `[]`.
    if filled.removeLast() { newline(filled.count) }
    bytes.append(bracket)
  }

  private mutating func newline(_ level: Int) {
    guard indent > 0 else { return }
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * indent))
  }
}
