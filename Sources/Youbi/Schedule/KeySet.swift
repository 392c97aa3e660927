/// The keys of one object, to reject duplicates.
///
/// A short array is scanned (objects here have a handful of keys, and keys
/// without escapes are kept as ranges of the input, not copied); past 16 keys
/// a dictionary takes over so hostile objects stay O(n).
struct KeySet {
  private var small: [(key: ScheduleParser.Str, at: Int)] = []
  private var large: [[UInt8]: Int]?

  mutating func removeAll() {
    small.removeAll(keepingCapacity: true)
    large = nil
  }

  /// Records `key`; returns the offset of an earlier equal key, if any.
  mutating func insert(
    _ key: ScheduleParser.Str, at offset: Int, in buf: UnsafeBufferPointer<UInt8>
  )
    -> Int?
  {
    if large != nil {
      let k = Self.bytes(key, buf)
      if let previous = large![k] { return previous }
      large![k] = offset
      return nil
    }
    for entry in small where Self.equal(entry.key, key, buf) { return entry.at }
    small.append((key, offset))
    if small.count > 16 {
      var table: [[UInt8]: Int] = [:]
      for entry in small { table[Self.bytes(entry.key, buf)] = entry.at }
      large = table
    }
    return nil
  }

  static func bytes(_ s: ScheduleParser.Str, _ buf: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    switch s {
    case .raw(let r): Array(buf[r])
    case .decoded(let a): a
    }
  }

  static func equal(
    _ a: ScheduleParser.Str, _ b: ScheduleParser.Str, _ buf: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    switch (a, b) {
    case (.raw(let x), .raw(let y)): buf[x].elementsEqual(buf[y])
    case (.raw(let x), .decoded(let y)), (.decoded(let y), .raw(let x)): buf[x].elementsEqual(y)
    case (.decoded(let x), .decoded(let y)): x == y
    }
  }
}
