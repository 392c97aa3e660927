/// One zone of the system's zone database, read from its TZif file (RFC 8536): its
/// changes of offset, and the POSIX TZ rule that goes on after the last of them.
///
/// Read in Swift rather than through libc so that converting a time in another zone
/// touches no process-wide state: libc knows one zone per process, chosen by `TZ`,
/// and setting `TZ` races with every thread that reads the environment.
struct TZif: Sendable, Equatable {
  /// The instants (seconds since 1970 UTC) at which the offset changes, ascending.
  let transitions: [Int64]
  /// The offset (seconds east of UTC) that begins at each of `transitions`.
  let offsets: [Int]
  /// The offset before the first transition (the file's local time type 0).
  let initial: Int
  /// What comes after the last transition (the file's footer); nil when the last
  /// offset goes on for ever.
  let rule: TZRule?

  /// Seconds east of UTC at the instant `utc`.
  func offset(at utc: Int64) -> Int {
    guard let last = transitions.last, utc >= transitions[0] else {
      return transitions.isEmpty ? rule?.offset(at: utc) ?? initial : initial
    }
    if utc >= last, let rule { return rule.offset(at: utc) }
    var low = 0
    var high = transitions.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle] <= utc { low = middle } else { high = middle - 1 }
    }
    return offsets[low]
  }

  /// The instant the zone's wall clocks show `local`: the first of two when the clocks
  /// went back, and for a time skipped when they went forward, the one reckoned with
  /// the offset before the change (as `mktime` does, and RFC 5545 §3.3.5).
  func instant(ofLocal wall: Int64) -> Int64 {
    // No wall clock shows a time past a million years (nor a day and a half more).
    let local = min(max(wall, -TZRule.reach), TZRule.reach)
    // Every offset within a day and a half either way (no zone moves twice in that).
    let near = Set([-129_600, 0, 129_600].map { offset(at: local + Int64($0)) })
    let consistent = near.filter { offset(at: local - Int64($0)) == $0 }
    if let largest = consistent.max() { return local - Int64(largest) }
    let before = near.map { offset(at: local - Int64($0)) }.min()!
    return local - Int64(before)
  }
}

extension TZif {
  /// Reads a TZif file; nil unless it is well formed. From version 2 on, the 64-bit
  /// block and the footer are read and the 32-bit block skipped.
  init?(bytes: [UInt8]) {
    var reader = Reader(bytes: bytes)
    guard let header = reader.header() else { return nil }
    guard header.version != 0 else {
      guard let block = reader.block(header, timeSize: 4) else { return nil }
      self.init(block: block, rule: nil)
      return
    }
    guard reader.skip(header.size(timeSize: 4)), let second = reader.header(),
      second.version != 0, let block = reader.block(second, timeSize: 8),
      let footer = reader.footer()
    else { return nil }
    var rule: TZRule? = nil
    if !footer.isEmpty {
      guard let parsed = TZRule(footer) else { return nil }
      rule = parsed
    }
    self.init(block: block, rule: rule)
  }

  private init(block: Reader.Block, rule: TZRule?) {
    transitions = block.times
    offsets = block.kinds.map { block.types[Int($0)] }
    initial = block.types[0]
    self.rule = rule
  }
}

/// Reads the parts of a TZif file in order, checking each count against what is left.
private struct Reader {
  let bytes: [UInt8]
  var at = 0

  struct Header {
    var version: UInt8
    var isUT, isStd, leaps, times, types, chars: Int

    func size(timeSize: Int) -> Int {
      times * (timeSize + 1) + types * 6 + chars + leaps * (timeSize + 4) + isStd + isUT
    }
  }

  struct Block {
    var times: [Int64]
    var kinds: [UInt8]
    var types: [Int]
  }

  mutating func header() -> Header? {
    guard at + 44 <= bytes.count, Array(bytes[at..<at + 4]) == Array("TZif".utf8) else {
      return nil
    }
    let version = bytes[at + 4]
    guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "9")).contains(version) else {
      return nil
    }
    at += 20
    let counts = (0..<6).map { _ in Int(integer(size: 4)) }
    let header = Header(
      version: version, isUT: counts[0], isStd: counts[1], leaps: counts[2], times: counts[3],
      types: counts[4], chars: counts[5])
    guard header.types >= 1, header.types <= 256, header.chars >= 1,
      header.isUT == 0 || header.isUT == header.types,
      header.isStd == 0 || header.isStd == header.types,
      counts.allSatisfy({ $0 >= 0 && $0 < 1 << 24 })
    else { return nil }
    return header
  }

  mutating func skip(_ count: Int) -> Bool {
    guard at + count <= bytes.count else { return false }
    at += count
    return true
  }

  mutating func block(_ header: Header, timeSize: Int) -> Block? {
    guard at + header.size(timeSize: timeSize) <= bytes.count else { return nil }
    let times = (0..<header.times).map { _ in integer(size: timeSize) }
    let kinds = (0..<header.times).map { _ in UInt8(integer(size: 1)) }
    var types: [Int] = []
    for _ in 0..<header.types {
      let offset = Int(integer(size: 4))
      let isDST = integer(size: 1)
      let name = Int(integer(size: 1))
      guard offset != Int(Int32.min), isDST <= 1, name < header.chars else { return nil }
      types.append(offset)
    }
    at += header.chars + header.leaps * (timeSize + 4) + header.isStd + header.isUT
    guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }),
      kinds.allSatisfy({ Int($0) < header.types })
    else { return nil }
    return Block(times: times, kinds: kinds, types: types)
  }

  /// The TZ string between the two newlines that end the file.
  mutating func footer() -> String? {
    guard at < bytes.count, bytes[at] == UInt8(ascii: "\n") else { return nil }
    let rest = bytes[(at + 1)...]
    guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    return String(decoding: rest[..<end], as: UTF8.self)
  }

  /// A big-endian signed integer of `size` bytes (1 byte is read unsigned).
  private mutating func integer(size: Int) -> Int64 {
    var value: UInt64 = 0
    for byte in bytes[at..<at + size] { value = value << 8 | UInt64(byte) }
    at += size
    guard size > 1 else { return Int64(value) }
    let shift = UInt64(64 - size * 8)
    return Int64(bitPattern: value << shift) >> shift
  }
}
