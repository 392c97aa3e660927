/// The keys of one object, to reject duplicates.
///
/// A short array is scanned (most objects have a handful of keys, and keys
/// without escapes are kept as ranges of the input, not copied); past 16 keys
/// a dictionary takes over so hostile objects stay O(n).
struct JSONKeySet {
  /// A key and where it is. A struct, not a tuple, so that clearing the
  /// array between objects is specialised code rather than the runtime's
  /// generic tuple destroy.
  private struct Entry {
    let key: JSONString
    let at: Int
  }

  private var small: [Entry] = []
  private var large: [[UInt8]: Int]?

  mutating func removeAll() {
    small.removeAll(keepingCapacity: true)
    large = nil
  }

  /// Records `key`; returns the offset of an earlier equal key, if any.
  mutating func insert(_ key: JSONString, at offset: Int, in buf: UnsafeBufferPointer<UInt8>)
    -> Int?
  {
    if large != nil {
      let k = key.bytes(in: buf)
      if let previous = large![k] { return previous }
      large![k] = offset
      return nil
    }
    for entry in small where entry.key.equals(key, in: buf) { return entry.at }
    small.append(Entry(key: key, at: offset))
    if small.count > 16 {
      var table: [[UInt8]: Int] = [:]
      for entry in small { table[entry.key.bytes(in: buf)] = entry.at }
      large = table
    }
    return nil
  }
}
