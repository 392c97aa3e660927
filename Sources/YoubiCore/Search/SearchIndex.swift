import Schedule

/// Every serial of a week, folded once for search: typing a query then costs
/// one pass over one buffer, however many serials there are.
///
/// Built when a schedule arrives (on the loader's thread for a large file),
/// never per keystroke. Each serial's title, author and note are folded with
/// `SearchFolding` into UTF-8, each field followed by a 0 byte, so a match
/// never runs from one field into the next (folded text has no U+0000) and,
/// UTF-8 being self-synchronising, a match always starts on a character.
///
/// The scan looks for the query's rarest byte (by a histogram of the text
/// taken when indexing), then compares the whole query there: for a Japanese
/// query that skips the lead bytes (`E3`) that nearly every kana shares.
/// After a match the scan jumps to the next serial. Plain loops over buffers,
/// so the core needs no libc.
public struct SearchIndex: Sendable {
  /// Folded fields of every serial, Monday's first, each field ending in 0.
  private let text: [UInt8]
  /// Where each serial's fields start in `text`, plus the end.
  private let starts: [Int]
  /// The number of the first serial of each day (Monday = 0), plus the total.
  private let dayStarts: [Int]
  /// How often each byte value occurs in `text`.
  private let histogram: [Int]

  /// Folds every title, author and note of `days` (indexed by `Weekday.rawValue`), and
  /// every other title a source gives a show.
  ///
  /// - Complexity: O(total text).
  init(days: [[Serial]]) {
    var text: [UInt8] = []
    var starts: [Int] = []
    var dayStarts: [Int] = []
    var bytes = 0
    for serials in days {
      for serial in serials {
        bytes +=
          serial.title.utf8.count + (serial.author?.utf8.count ?? 0)
          + (serial.note?.utf8.count ?? 0) + 3
        for other in serial.origin?.titles ?? [] { bytes += other.text.utf8.count + 1 }
      }
    }
    text.reserveCapacity(bytes)
    for serials in days {
      dayStarts.append(starts.count)
      starts.reserveCapacity(starts.count + serials.count)
      for serial in serials {
        starts.append(text.count)
        SearchFolding.appendFolded(serial.title, to: &text)
        text.append(0)
        if let author = serial.author { SearchFolding.appendFolded(author, to: &text) }
        text.append(0)
        if let note = serial.note { SearchFolding.appendFolded(note, to: &text) }
        text.append(0)
        // The show's other titles, whichever is shown: `one piece` finds ワンピース.
        var seen: Set<String> = [serial.title]
        for other in serial.origin?.titles ?? [] where seen.insert(other.text).inserted {
          SearchFolding.appendFolded(other.text, to: &text)
          text.append(0)
        }
      }
    }
    dayStarts.append(starts.count)
    starts.append(text.count)
    var histogram = [Int](repeating: 0, count: 256)
    for byte in text { histogram[Int(byte)] += 1 }
    self.text = text
    self.starts = starts
    self.dayStarts = dayStarts
    self.histogram = histogram
  }

  /// The number of serials indexed.
  public var count: Int { starts.count - 1 }

  /// The serials whose title, author or note contains `query` (already folded,
  /// as UTF-8), as (day, position) pairs in order: Monday first, then down the list.
  ///
  /// - Complexity: O(indexed text).
  public func matches(_ query: [UInt8]) -> [(day: Weekday, index: Int)] {
    guard !query.isEmpty, query.count <= text.count else { return [] }
    // The anchor: the query's rarest byte in this text.
    var anchor = 0
    for i in query.indices where histogram[Int(query[i])] < histogram[Int(query[anchor])] {
      anchor = i
    }
    guard histogram[Int(query[anchor])] > 0 else { return [] }
    var found: [(day: Weekday, index: Int)] = []
    text.withUnsafeBufferPointer { hay in
      query.withUnsafeBufferPointer { needle in
        let byte = needle[anchor]
        let end = hay.count - needle.count + anchor  // the last offset the anchor can be at
        var serial = 0
        var day = 0
        var next = anchor  // where the anchor byte may be found next
        while next <= end {
          guard let hit = Self.firstIndex(of: byte, in: hay, from: next, through: end) else {
            break
          }
          let at = hit - anchor
          var same = true
          for k in 0..<needle.count where hay[at + k] != needle[k] {
            same = false
            break
          }
          guard same else {
            next = hit + 1
            continue
          }
          serial = serialContaining(at, from: serial)
          while dayStarts[day + 1] <= serial { day += 1 }
          found.append((Weekday(rawValue: day)!, serial - dayStarts[day]))
          next = starts[serial + 1] + anchor  // one match per serial is enough
        }
      }
    }
    return found
  }

  /// The first offset in `from...through` of `hay` that holds `byte`.
  ///
  /// Reads eight bytes at a time and tests them all at once (the "has a zero
  /// byte" word trick), about as fast as libc's `memchr` without needing libc.
  ///
  /// - Complexity: O(through − from).
  static func firstIndex(
    of byte: UInt8, in hay: UnsafeBufferPointer<UInt8>, from: Int, through: Int
  ) -> Int? {
    var i = from
    if let base = hay.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let pattern = UInt64(byte) &* ones
      while i + 8 <= through + 1 {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let x = word ^ pattern
        let found = (x &- ones) & ~x & highs
        if found != 0 { return i + found.trailingZeroBitCount / 8 }
        i += 8
      }
    }
    while i <= through {
      if hay[i] == byte { return i }
      i += 1
    }
    return nil
  }

  /// The serial whose bytes hold offset `at`, searching on from serial `from`.
  ///
  /// Steps a few serials linearly (dense matches), then bisects (sparse ones).
  private func serialContaining(_ at: Int, from: Int) -> Int {
    var lo = from
    for _ in 0..<8 {
      if starts[lo + 1] > at { return lo }
      lo += 1
    }
    var hi = starts.count - 1  // starts[hi] > at always holds (the end)
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if starts[mid] <= at { lo = mid } else { hi = mid }
    }
    return lo
  }
}
