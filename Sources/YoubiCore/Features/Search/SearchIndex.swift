import Schedule

/// Every serial of a week, folded once for search: typing a query then costs
/// one pass over one buffer, however many serials there are.
///
/// Built once per schedule, never per keystroke: on the loader's thread for a
/// schedule read behind the first frame, at the first search for one read
/// before it (`SafeSchedule.searchIndex`). Each serial's title, author and
/// note are folded with `SearchFolding` into UTF-8, each field followed by a 0
/// byte, so a match never runs from one field into the next (folded text has
/// no U+0000) and, UTF-8 being self-synchronising, a match always starts on a
/// character.
///
/// A long field (`sharedLength` bytes or more) is folded once however many
/// serials have it, in a second buffer that lists who has each: one iCalendar
/// event with a long description may become a thousand entries, and the index
/// must stay the size of the file, not a thousand times it.
///
/// The weekly pieces of one show (seven a week for a daily show, twice that where
/// daylight saving moves it) have the same fields and the same source: they share
/// one unit of the text, and each piece holds only its number (4 bytes).
///
/// The scan looks for the query's rarest byte (by a histogram of the text
/// taken when indexing), then compares the whole query there: for a Japanese
/// query that skips the lead bytes (`E3`) that nearly every kana shares.
/// After a match the scan jumps to the next unit. Plain loops over buffers,
/// so the core needs no libc.
public struct SearchIndex: Sendable {
  /// The folded fields of each distinct serial, each field ending in 0 (a long field:
  /// only its 0).
  private let text: Folded
  /// The long fields, each once.
  private let shared: Folded
  /// The units of `text` that have each long field, in order.
  private let sharers: [[UInt32]]
  /// The titles a source gives each show (its `Origin`), folded once for all the weekly
  /// pieces that share the origin: bangumi-data's thousands of shows become several
  /// pieces each where daylight saving moves them.
  private let titles: Folded
  /// For each unit of `text`, the unit of `titles` of its show; -1 for none, and none
  /// at all past the last unit with one (a week of Youbi's own has no titles).
  private let titlesOf: [Int32]
  /// For each serial (numbered from Monday's first), its unit of `text`; empty when
  /// each serial is a unit of its own, in order (a week of Youbi's own).
  private let unitOf: [UInt32]
  /// The number of the first serial of each day (Monday = 0), plus the total.
  private let dayStarts: [Int]

  /// How many bytes a field has, at least, to be folded once for every serial that has it.
  static let sharedLength = 256

  /// Folds every title, author and note of `days` (indexed by `Weekday.rawValue`), and
  /// every other title a source gives a show.
  ///
  /// - Complexity: O(total text), each long text and each origin's titles counted once
  ///   (and hashed once per use).
  init(days: [[Serial]]) {
    var builder = Builder(days: days)
    builder.reserve(for: days)
    for serials in days {
      builder.dayStarts.append(builder.number)
      for serial in serials { builder.add(serial) }
    }
    builder.dayStarts.append(builder.number)
    builder.text.finish()
    builder.shared.finish()
    builder.titles.finish()
    text = builder.text
    shared = builder.shared
    sharers = builder.sharers
    titles = builder.titles
    titlesOf = builder.titlesOf
    // Each serial its own unit: the numbers are the units.
    unitOf = builder.unitOf.count == builder.text.starts.count - 1 ? [] : builder.unitOf
    dayStarts = builder.dayStarts
  }

  /// The title `serial` is folded with, nil when its source's titles (folded once for
  /// all its pieces) have it.
  static func ownTitle(_ serial: Serial) -> String? {
    serial.origin?.titles.contains { $0.text == serial.title } == true ? nil : serial.title
  }

  /// The number of serials indexed.
  public var count: Int { dayStarts.last ?? 0 }

  /// The number of distinct serials folded (the weekly pieces of a show are one).
  var unitCount: Int { text.starts.count - 1 }

  /// The bytes the index holds: its folded text, long fields and each show's titles
  /// counted once.
  public var byteCount: Int { text.bytes.count + shared.bytes.count + titles.bytes.count }

  /// The serials whose title, author or note contains `query` (already folded,
  /// as UTF-8), as (day, position) pairs in order: Monday first, then down the list.
  ///
  /// - Complexity: O(indexed text), plus O(serials) when anything matches.
  public func matches(_ query: [UInt8]) -> [(day: Weekday, index: Int)] {
    var units = text.units(containing: query)
    var more = shared.units(containing: query).flatMap { sharers[$0].map(Int.init) }
    let titled = titles.units(containing: query)
    if !titled.isEmpty {
      var hit = [Bool](repeating: false, count: titles.starts.count)
      for unit in titled { hit[unit] = true }
      for (unit, titles) in titlesOf.enumerated() where titles >= 0 && hit[Int(titles)] {
        more.append(unit)
      }
    }
    if !more.isEmpty {
      units = Array(Set(units).union(more)).sorted()
    }
    guard !units.isEmpty else { return [] }
    var serials = units
    if !unitOf.isEmpty {
      var hit = [Bool](repeating: false, count: unitCount)
      for unit in units { hit[unit] = true }
      serials = unitOf.indices.filter { hit[Int(unitOf[$0])] }
    }
    var found: [(day: Weekday, index: Int)] = []
    found.reserveCapacity(serials.count)
    var day = 0
    for serial in serials {
      while dayStarts[day + 1] <= serial { day += 1 }
      found.append((Weekday(rawValue: day)!, serial - dayStarts[day]))
    }
    return found
  }
}

extension SearchIndex {
  /// Folded text cut into units (a serial's fields, or one long field), with a
  /// histogram of its bytes.
  struct Folded: Sendable {
    var bytes: [UInt8] = []
    /// Where each unit starts in `bytes`, plus the end (once finished).
    var starts: [Int] = []
    /// How often each byte value occurs in `bytes`.
    var histogram: [Int] = []

    /// Closes the last unit and counts the bytes.
    mutating func finish() {
      starts.append(bytes.count)
      histogram = [Int](repeating: 0, count: 256)
      for byte in bytes { histogram[Int(byte)] += 1 }
    }

    /// The units that contain `query`, in order.
    ///
    /// - Complexity: O(bytes).
    func units(containing query: [UInt8]) -> [Int] {
      guard !query.isEmpty, query.count <= bytes.count else { return [] }
      // The anchor: the query's rarest byte in this text.
      var anchor = 0
      for i in query.indices where histogram[Int(query[i])] < histogram[Int(query[anchor])] {
        anchor = i
      }
      guard histogram[Int(query[anchor])] > 0 else { return [] }
      var found: [Int] = []
      bytes.withUnsafeBufferPointer { hay in
        query.withUnsafeBufferPointer { needle in
          let byte = needle[anchor]
          let end = hay.count - needle.count + anchor  // the last offset the anchor can be at
          var unit = 0
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
            unit = unitContaining(at, from: unit)
            found.append(unit)
            next = starts[unit + 1] + anchor  // one match per unit is enough
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

    /// The unit whose bytes hold offset `at`, searching on from unit `from`.
    ///
    /// Steps a few units linearly (dense matches), then bisects (sparse ones).
    private func unitContaining(_ at: Int, from: Int) -> Int {
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
}
