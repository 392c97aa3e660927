/// Writes JSON text as it goes, value by value, in exactly the bytes `JSONWriter` writes
/// for the same tree (members in the order given, `indent` spaces a level): for a big
/// document made once (`--format json`), with no tree of `JSONValue`s built first.
///
/// The caller nests the calls as the document nests; keys are the caller's to keep
/// distinct (the writer's check is not made here). Every call appends to one buffer
/// (`JSONText`): a line break and its indentation go out as one copy, and a string with
/// nothing to escape as one copy of its UTF-8.
public struct JSONStream: Sendable {
  /// The text so far.
  public var bytes: [UInt8] { text.bytes }

  /// The text, taking the stream's buffer without a copy: for a document done with.
  public mutating func takeBytes() -> [UInt8] { text.take() }
  /// How many bytes are written and not yet drained.
  public var count: Int { text.count }
  /// Hands the text written so far to `body` and empties the buffer: a long document is
  /// handed out in pieces, never whole. What follows continues it.
  public mutating func drain(_ body: (UnsafeBufferPointer<UInt8>) -> Void) { text.drain(body) }
  private var text: JSONText
  /// Spaces per level; 0 writes everything on one line.
  public let indent: Int
  /// For each container open around the innermost one, whether it has a member yet.
  private var outer: [Bool] = []
  /// How many containers are open.
  private var depth = 0
  /// Whether the innermost container open has a member yet.
  private var filled = false
  /// Whether a key was just written (its value comes next, with no separator).
  private var afterKey = false
  /// A line break and the spaces of the deepest level yet: a level's line break is its
  /// first `1 + level * indent` bytes.
  private var lineBreaks: [UInt8] = [0x0A]

  /// A stream of `indent` spaces a level, its buffer sized for `capacity` bytes.
  public init(indent: Int = 0, capacity: Int = 0) {
    self.indent = indent
    text = JSONText(capacity: capacity)
  }

  public mutating func beginObject() { open(UInt8(ascii: "{")) }
  public mutating func endObject() { close(UInt8(ascii: "}")) }
  public mutating func beginArray() { open(UInt8(ascii: "[")) }
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// A member's key; its value is the next call.
  public mutating func key(_ key: String) {
    separate()
    text.appendQuoted(key)
    text.append(indent > 0 ? ": " : ":")
    afterKey = true
  }

  /// A member whose value is a string, or `null` for nil.
  public mutating func member(_ key: String, _ value: String?) {
    self.key(key)
    string(value)
  }

  /// A member's key made once into the bytes the stream writes for it (`"name":`), for a
  /// key that a document repeats: each use is then one copy.
  public struct Key: Sendable {
    let written: [UInt8]

    public init(_ name: String) {
      var text = JSONText()
      text.appendQuoted(name)
      text.append(UInt8(ascii: ":"))
      written = text.bytes
    }
  }

  /// A member's key made before; its value is the next call.
  public mutating func key(_ key: Key) {
    separate()
    key.written.withUnsafeBufferPointer { text.append($0) }
    if indent > 0 { text.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  /// A member under a key made before, whose value is a string, or `null` for nil.
  public mutating func member(_ key: Key, _ value: String?) {
    self.key(key)
    string(value)
  }

  public mutating func string(_ value: String) {
    separate()
    text.appendQuoted(value)
  }

  /// A string, or `null` for nil.
  public mutating func string(_ value: String?) {
    guard let value else { return null() }
    string(value)
  }

  public mutating func number(_ value: Int) {
    separate()
    text.append(contentsOf: String(value))
  }

  public mutating func bool(_ value: Bool) {
    separate()
    text.append(value ? "true" : "false")
  }

  public mutating func null() {
    separate()
    text.append("null")
  }

  /// Ends the text with a line break, as a file of text ends: after the last value.
  public mutating func endLine() { text.append(0x0A) }

  /// Before a value or a key: the comma and the line break its place asks for.
  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard depth > 0 else { return }
    if filled { text.append(UInt8(ascii: ",")) }
    filled = true
    newline(depth)
  }

  private mutating func open(_ bracket: UInt8) {
    separate()
    text.append(bracket)
    outer.append(filled)
    filled = false
    depth += 1
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    // An empty container closes on its line: `{}`, `[]`.
    if filled { newline(depth) }
    text.append(bracket)
    filled = outer.removeLast()
  }

  /// A line break and the spaces of `level`, as one copy.
  private mutating func newline(_ level: Int) {
    guard indent > 0 else { return }
    let count = 1 + level * indent
    if lineBreaks.count < count {
      let spaces = repeatElement(UInt8(ascii: " "), count: count - lineBreaks.count)
      lineBreaks.append(contentsOf: spaces)
    }
    lineBreaks.withUnsafeBufferPointer { text.append(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }
}
