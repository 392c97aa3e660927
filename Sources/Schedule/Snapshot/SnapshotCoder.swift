/// The bytes of a snapshot being written: integers as LEB128 varints (signed ones
/// zigzagged), strings as a length and their UTF-8, optionals as a flag then the value.
///
/// Pure and small on purpose: each model type says its own fields in order
/// (`Snapshot+Model.swift`), so a field added to a type is one line here and one there.
public struct SnapshotEncoder {
  public private(set) var bytes: [UInt8] = []
  /// Origins already written, by identity: the weekly pieces of one airing share theirs,
  /// and so do the decoded ones.
  var origins: [ObjectIdentifier: Int] = [:]
  /// Site tables already written, by identity (one per bangumi-data file).
  var templates: [ObjectIdentifier: Int] = [:]
  /// The origins whose bodies are written later, in this order (`OriginShelf`); nil
  /// while bodies are written in place.
  var shelved: [Origin]?

  public init() {}

  public mutating func unsigned(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  public mutating func int(_ value: Int64) {
    unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  public mutating func int(_ value: Int) { int(Int64(value)) }

  public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// A string: its length (shifted left one) and its UTF-8; or, for one written before,
  /// its place among the strings written inline (shifted left one, plus one). A
  /// bangumi-data item's title is its original and its Japanese one too, and every slot
  /// names its zone: read back, each is made once, and the copies share it.
  public mutating func string(_ value: String) {
    if let k = written[value] {
      unsigned(UInt64(k) << 1 | 1)
      return
    }
    var value = value
    value.withUTF8 { utf8 in
      unsigned(UInt64(utf8.count) << 1)
      bytes.append(contentsOf: utf8)
    }
    written[value] = written.count
  }

  /// Every string written inline, and its place among them.
  var written: [String: Int] = [:]

  public mutating func raw(_ value: some Collection<UInt8>) { bytes.append(contentsOf: value) }

  /// Writes a fixed eight bytes, little-endian (the header's lengths and checksum).
  public mutating func fixed(_ value: UInt64) {
    for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
  }

  /// Writes `value` over the eight bytes at `offset` that `fixed` wrote.
  public mutating func patch(_ value: UInt64, at offset: Int) {
    for k in 0..<8 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
  }

  /// A flag, then the value when there is one.
  public mutating func optional<T>(_ value: T?, _ write: (inout Self, T) -> Void) {
    bool(value != nil)
    if let value { write(&self, value) }
  }

  /// A count, then each element.
  public mutating func array<T>(_ values: [T], _ write: (inout Self, T) -> Void) {
    unsigned(UInt64(values.count))
    for value in values { write(&self, value) }
  }
}

/// A snapshot that cannot be read: cut short, or bytes that make no value. Whoever reads
/// one parses the source instead.
public struct SnapshotError: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}

/// Reads what `SnapshotEncoder` wrote; every read is bounds-checked, so bytes of any
/// shape end in a `SnapshotError`, never a trap.
public struct SnapshotDecoder: Sendable {
  let bytes: [UInt8]
  public private(set) var offset: Int
  let end: Int
  var origins: [Origin] = []
  var templates: [SiteLinks.Templates] = []
  /// Where shelved origins' bodies are read from, and how many were shelved so far.
  var shelf: OriginShelf?
  var shelvedCount = 0

  public init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil) {
    self.bytes = bytes
    self.offset = offset
    self.end = min(end ?? bytes.count, bytes.count)
  }

  public var isAtEnd: Bool { offset == end }

  public mutating func unsigned() throws(SnapshotError) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < end, shift < 64 else { throw SnapshotError("a number is cut short") }
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7f) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  public mutating func int64() throws(SnapshotError) -> Int64 {
    let u = try unsigned()
    return Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
  }

  public mutating func int() throws(SnapshotError) -> Int {
    let value = try int64()
    guard let fits = Int(exactly: value) else { throw SnapshotError("a number too large") }
    return fits
  }

  /// A count of things still to read: never more than the bytes left, so a wrong count
  /// cannot make a huge array.
  public mutating func count() throws(SnapshotError) -> Int {
    let n = try unsigned()
    guard n <= UInt64(end - offset) else { throw SnapshotError("a count past the end") }
    return Int(n)
  }

  public mutating func bool() throws(SnapshotError) -> Bool {
    guard offset < end else { throw SnapshotError("a flag is cut short") }
    defer { offset += 1 }
    switch bytes[offset] {
    case 0: return false
    case 1: return true
    default: throw SnapshotError("a flag that is neither 0 nor 1")
    }
  }

  public mutating func string() throws(SnapshotError) -> String {
    let tag = try unsigned()
    if tag & 1 == 1 {
      guard tag >> 1 < UInt64(strings.count) else { throw SnapshotError("a string not seen") }
      return strings[Int(tag >> 1)]
    }
    guard tag >> 1 <= UInt64(end - offset) else { throw SnapshotError("a string past the end") }
    let n = Int(tag >> 1)
    defer { offset += n }
    let value = String(decoding: bytes[offset..<(offset + n)], as: UTF8.self)
    strings.append(value)
    return value
  }

  /// The strings read inline, in order (`SnapshotEncoder.string`).
  var strings: [String] = []

  public mutating func raw(_ n: Int) throws(SnapshotError) -> ArraySlice<UInt8> {
    guard n >= 0, n <= end - offset else { throw SnapshotError("bytes cut short") }
    defer { offset += n }
    return bytes[offset..<(offset + n)]
  }

  public mutating func fixed() throws(SnapshotError) -> UInt64 {
    let eight = try raw(8)
    var value: UInt64 = 0
    for (k, byte) in eight.enumerated() { value |= UInt64(byte) << (8 * UInt64(k)) }
    return value
  }

  public mutating func optional<T>(_ read: (inout Self) throws(SnapshotError) -> T)
    throws(SnapshotError) -> T?
  {
    try bool() ? try read(&self) : nil
  }

  public mutating func array<T>(_ read: (inout Self) throws(SnapshotError) -> T)
    throws(SnapshotError) -> [T]
  {
    let n = try count()
    var values: [T] = []
    values.reserveCapacity(n)
    for _ in 0..<n { values.append(try read(&self)) }
    return values
  }
}
