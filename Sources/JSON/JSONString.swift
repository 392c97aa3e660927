/// A JSON string as read: a range of the input when it had no escapes, else
/// its decoded UTF-8.
///
/// Only the reader that produced it can turn it into text
/// (`JSONReader.string(_:)`), since a range means nothing without the input.
public struct JSONString: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case raw(Range<Int>)
    case decoded([UInt8])
  }

  @usableFromInline
  let storage: Storage

  init(_ storage: Storage) { self.storage = storage }

  /// The string's decoded UTF-8 as a copy.
  func bytes(in buf: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    switch storage {
    case .raw(let r): Array(buf[r])
    case .decoded(let a): a
    }
  }

  /// Calls `body` with the decoded UTF-8, without copying raw strings.
  @inlinable
  func withUTF8<R>(in buf: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R)
    -> R
  {
    switch storage {
    case .raw(let r): body(UnsafeBufferPointer(rebasing: buf[r]))
    case .decoded(let a): a.withUnsafeBufferPointer(body)
    }
  }

  func equals(_ other: JSONString, in buf: UnsafeBufferPointer<UInt8>) -> Bool {
    switch (storage, other.storage) {
    case (.raw(let x), .raw(let y)): buf[x].elementsEqual(buf[y])
    case (.raw(let x), .decoded(let y)), (.decoded(let y), .raw(let x)): buf[x].elementsEqual(y)
    case (.decoded(let x), .decoded(let y)): x == y
    }
  }
}

/// An object key and the offset of its opening quote.
public struct JSONKey: Sendable {
  public let name: JSONString
  public let offset: Int
}

extension JSONReader {
  // MARK: - Strings as text

  /// The text of `s`.
  @inlinable
  public func string(_ s: JSONString) -> String {
    s.withUTF8(in: bytes) { String(decoding: $0, as: UTF8.self) }
  }

  /// The length of `s` in UTF-8 bytes.
  @inlinable
  public func utf8Count(_ s: JSONString) -> Int {
    switch s.storage {
    case .raw(let r): r.count
    case .decoded(let a): a.count
    }
  }

  /// Calls `body` with the UTF-8 of `s`, without copying it.
  @inlinable
  public func withUTF8<R>(_ s: JSONString, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    s.withUTF8(in: bytes, body)
  }

  /// True when `s` is exactly `word`; allocates nothing.
  ///
  /// Inlinable, like the other small accessors here, so that a caller
  /// comparing every key with a few names pays a few byte compares, not a
  /// call that copies the reader.
  @inlinable
  public func matches(_ s: JSONString, _ word: StaticString) -> Bool {
    s.withUTF8(in: bytes) { utf8 in
      guard utf8.count == word.utf8CodeUnitCount else { return false }
      for k in 0..<utf8.count where utf8[k] != word.utf8Start[k] { return false }
      return true
    }
  }

  /// `s` quoted for a message, cut to a short prefix (`Excerpt`).
  public func quoted(_ s: JSONString) -> String {
    s.withUTF8(in: bytes) { Excerpt.quoted(utf8: $0) }
  }
}
