/// The bytes of a snapshot being written: integers as LEB128 varints (signed ones
/// zigzagged), strings as a length and their UTF-8, optionals as a flag then the value.
///
/// Pure and small on purpose: each model type says its own fields in order
/// (`Snapshot+Model.swift`), so a field added to a type is one line here and one there.
///
/// The bytes are made in pieces of about `pieceSize`, each handed to `sink` once full
/// (kept in `pieces` when there is none): a buffer that doubles holds two copies of a
/// big schedule's bytes while it grows, and a snapshot written piece by piece is never
/// whole in memory.
public struct SnapshotEncoder {
  /// The bytes after the last full piece.
  var tail: [UInt8] = []
  /// The full pieces, in order, when there is no sink.
  var filled: [[UInt8]] = []
  /// How many bytes the full pieces held.
  var filledCount = 0
  /// Where each full piece goes; nil keeps them (`pieces`).
  var sink: (([UInt8]) -> Void)?
  /// Where the running checksum starts (the payload), once set, and the checksum of the
  /// bytes from there to the end of the last full piece.
  var summedFrom: Int?
  var sum = ScheduleSnapshot.checksumBasis
  /// Origins already written, by identity: the weekly pieces of one airing share theirs,
  /// and so do the decoded ones. Their places in 32 bits: a table of a hundred thousand
  /// is a quarter smaller.
  var origins: [ObjectIdentifier: Int32] = [:]
  /// Site tables already written, by identity (one per bangumi-data file).
  var templates: [ObjectIdentifier: Int] = [:]
  /// The origins whose bodies are written later, in this order (`OriginShelf`); nil
  /// while bodies are written in place.
  var shelved: [Origin]?

  /// The size a piece is filled to before the next begins.
  static let pieceSize = 1 << 16

  public init() {}

  /// How many bytes have been written.
  public var count: Int { filledCount + tail.count }

  /// Every byte written, in one array, when there is no sink (a test's).
  public var bytes: [UInt8] { pieces.flatMap { $0 } }

  /// The bytes written, in order, in pieces, when there is no sink.
  public var pieces: [[UInt8]] { tail.isEmpty ? filled : filled + [tail] }

  /// Starts a new piece once the last is full.
  mutating func spillIfFull() {
    guard tail.count >= Self.pieceSize else { return }
    spill()
    tail.reserveCapacity(Self.pieceSize + 64)
  }

  /// Hands the bytes after the last full piece on, as a piece.
  mutating func spill() {
    guard !tail.isEmpty else { return }
    sum = checksum(of: tail, at: filledCount)
    filledCount += tail.count
    if let sink { sink(tail) } else { filled.append(tail) }
    tail = []
  }

  /// The running checksum with `piece`, whose first byte is at `offset`, summed in.
  private func checksum(of piece: [UInt8], at offset: Int) -> UInt64 {
    guard let from = summedFrom else { return sum }
    return ScheduleSnapshot.checksum(piece[min(piece.count, max(0, from - offset))...], from: sum)
  }

  /// The FNV-1a 64 checksum of the bytes from `summedFrom` on
  /// (`ScheduleSnapshot.checksum`).
  var checksum: UInt64 { checksum(of: tail, at: filledCount) }

  public mutating func unsigned(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      tail.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    tail.append(UInt8(v))
    spillIfFull()
  }

  public mutating func int(_ value: Int64) {
    unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  public mutating func int(_ value: Int) { int(Int64(value)) }

  public mutating func bool(_ value: Bool) { tail.append(value ? 1 : 0) }

  /// A string: its length (shifted left one) and its UTF-8; or, for one written before,
  /// its place among the strings written inline (shifted left one, plus one). A
  /// bangumi-data item's title is its original and its Japanese one too, and every slot
  /// names its zone: read back, each is made once, and the copies share it.
  ///
  /// Only the last `recentStrings` written inline are looked up: a million titles met
  /// once each would make a table bigger than their bytes, while the copies worth
  /// sharing are near one another (an item's titles) or often met (a zone).
  public mutating func string(_ value: String) {
    if let k = written[value] {
      unsigned(UInt64(k) << 1 | 1)
      return
    }
    var value = value
    value.withUTF8 { utf8 in
      unsigned(UInt64(utf8.count) << 1)
      tail.append(contentsOf: utf8)
    }
    spillIfFull()
    if written.count == Self.recentStrings { written.removeAll(keepingCapacity: true) }
    written[value] = inlineCount
    inlineCount += 1
  }

  /// Some strings written inline (`string`), and their place among them all.
  var written: [String: Int] = [:]
  /// How many strings have been written inline.
  var inlineCount = 0
  /// How many strings written inline are remembered at most.
  static let recentStrings = 4096

  public mutating func raw(_ value: some Collection<UInt8>) {
    tail.append(contentsOf: value)
    spillIfFull()
  }

  /// Writes a fixed eight bytes, little-endian (the header's lengths and checksum).
  public mutating func fixed(_ value: UInt64) {
    for k in 0..<8 { tail.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
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
