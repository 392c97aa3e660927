/// JSON text being written (`JSONWriter`, `JSONStream`): one array that keeps room at its
/// end, filled through a pointer, so that an append is a bounds check and a copy rather
/// than one of `Array`'s generic `append(contentsOf:)` calls.
struct JSONText: Sendable {
  /// The text, then room: the first `count` bytes are written.
  private var storage: [UInt8]
  /// How many bytes are written.
  private(set) var count = 0

  init(capacity: Int = 0) {
    storage = Self.room(Swift.max(capacity, 64))
  }

  /// `count` bytes to write into, left as the allocator gave them: filling them with zeros
  /// first would make every page of a generous estimate resident (a week's document is
  /// sized at a kilobyte an entry and is about half of that). Only `count` of them are
  /// ever read, all written first.
  private static func room(_ count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// The text written.
  var bytes: [UInt8] { Array(storage[..<count]) }

  /// The text written, taking the buffer without a copy; empty after.
  mutating func take() -> [UInt8] {
    storage.removeLast(storage.count - count)
    count = 0
    defer { storage = [] }
    return storage
  }

  /// Hands the text written to `body`, then empties it, keeping its room.
  mutating func drain(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    count = 0
  }

  /// Makes room for `room` more bytes and calls `body` with where they go; `body`
  /// returns how many it wrote, at most `room`.
  mutating func write(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if storage.count - count < room {
      var larger = Self.room(storage.count + Swift.max(storage.count, room))
      larger.withUnsafeMutableBufferPointer { to in
        storage.withUnsafeBufferPointer { from in
          to.baseAddress!.update(from: from.baseAddress!, count: count)
        }
      }
      storage = larger
    }
    let start = count
    count += storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
  }

  mutating func append(_ byte: UInt8) {
    write(room: 1) { to in
      to.pointee = byte
      return 1
    }
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let from = bytes.baseAddress else { return }
    write(room: bytes.count) { to in
      to.update(from: from, count: bytes.count)
      return bytes.count
    }
  }

  /// A literal's bytes (`null`, `true`, …), as they are.
  mutating func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// The UTF-8 of `s`, as it is.
  mutating func append(contentsOf s: String) {
    var s = s
    s.withUTF8 { append($0) }
  }

  /// `s` as a JSON string: in quotes, escaped (`JSONWriter.quote`).
  mutating func appendQuoted(_ s: String) {
    // A native string lends its UTF-8 as it is, with no copy of the string made.
    let lent: Void? = s.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) }
    guard lent == nil else { return }
    var s = s
    s.withUTF8 { appendQuoted(utf8: $0) }
  }

  /// The valid UTF-8 `utf8` as a JSON string: in quotes, escaped.
  mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
    // An escape (`\u0001`) takes at most six bytes for each byte it stands for.
    write(room: 6 * utf8.count + 2) { JSONWriter.quote(utf8, to: $0) }
  }
}
