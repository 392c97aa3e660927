/// A snapshot of the part of a schedule some dates need: what a run over a big source
/// keeps in the cache so the next run, with the same source and settings, need not parse
/// it again.
///
/// Pure: the bytes are made and checked here; reading and writing files is the
/// runtime's (`SnapshotStore`). The layout:
///
/// ```
/// "YOUBI-SNAPSHOT\n"  magic
/// u64 format version   `formatVersion`
/// u64 key length, key  what identifies the source and the settings (compared whole)
/// u64 payload length   what follows, exactly: a torn file is shorter
/// u64 checksum         FNV-1a 64 of the payload
/// payload              the window's first and end day, the span, then the schedule
///                      and the bodies of its origins (`OriginShelf`), read on first use
/// ```
///
/// The schedule holds only the serials listed on some date of `window`
/// (`Schedule.window(_:)`), or with a release within `span` (`Schedule.keeping(_:)`):
/// the weeks around today, or the next day's releases. Any date or instant outside them
/// is the caller's to refuse.
public struct ScheduleSnapshot: Equatable, Sendable {
  /// Raised whenever the layout or a model type's encoding changes.
  public static let formatVersion: UInt64 = 6
  static let magic = Array("YOUBI-SNAPSHOT\n".utf8)

  /// The dates the schedule is complete for.
  public var window: Range<CivilDate>
  /// The local seconds (from 1970 on the local wall clock) through which the schedule
  /// holds every release: a snapshot of what comes next. Nil for one of whole dates.
  public var span: ClosedRange<Int64>?
  /// The serials listed on those dates, in their order, with the source's title,
  /// sections and warnings.
  public var schedule: Schedule

  public init(window: Range<CivilDate>, span: ClosedRange<Int64>? = nil, schedule: Schedule) {
    self.window = window
    self.span = span
    self.schedule = schedule
  }

  /// The snapshot of `full` for the dates of `window`.
  public init(of full: Schedule, window: Range<CivilDate>) {
    self.init(window: window, schedule: full.window(window))
  }

  /// The file's bytes under `key`.
  public func encoded(key: String) -> [UInt8] {
    var pieces: [[UInt8]] = []
    let header = Self.encode(
      schedule, keeping: { _, _, _ in true }, window: window, span: span, key: key,
      to: { pieces.append($0) })
    var bytes = pieces.flatMap { $0 }
    bytes.replaceSubrange(header.at..<(header.at + header.bytes.count), with: header.bytes)
    return bytes
  }

  /// Writes the snapshot of the serials of `full` that `keep` accepts (by section,
  /// weekday and position), under `key`, to `sink` piece by piece, and returns the
  /// payload's length and checksum, to be put over the sixteen bytes at `at` the pieces
  /// hold zeros in: written straight from `full`, so a run that has just parsed a big
  /// file holds no second copy of its part, nor more than a piece of the snapshot.
  public static func encode(
    _ full: Schedule, keeping keep: (Int, Weekday, Int) -> Bool, window: Range<CivilDate>,
    span: ClosedRange<Int64>? = nil, key: String, to sink: @escaping ([UInt8]) -> Void
  ) -> (bytes: [UInt8], at: Int) {
    var file = SnapshotEncoder()
    file.sink = sink
    file.raw(magic)
    file.fixed(formatVersion)
    let keyBytes = Array(key.utf8)
    file.fixed(UInt64(keyBytes.count))
    file.raw(keyBytes)
    let lengths = file.count
    file.fixed(0)  // the payload's length and checksum, once it is written
    file.fixed(0)
    let payload = file.count
    file.summedFrom = payload
    file.value(window.lowerBound)
    file.value(window.upperBound)
    file.optional(span) { e, span in
      e.int(span.lowerBound)
      e.int(span.upperBound)
    }
    file.shelved = []
    full.write(to: &file, keeping: keep)
    let shelved = file.shelved ?? []
    file.shelved = nil
    file.unsigned(UInt64(shelved.count))
    for origin in shelved { origin.writeBody(to: &file) }
    var header = SnapshotEncoder()
    header.fixed(UInt64(file.count - payload))
    header.fixed(file.checksum)
    file.spill()
    return (header.tail, lengths)
  }

  /// The snapshot in `bytes` when they are one of this format, under `key`, whole and
  /// unchanged; a `SnapshotError` saying why not otherwise (foreign, stale, torn,
  /// corrupted).
  public static func decode(_ bytes: [UInt8], key: String) throws(SnapshotError)
    -> ScheduleSnapshot
  {
    var d = SnapshotDecoder(bytes)
    guard try d.raw(magic.count).elementsEqual(magic) else { throw SnapshotError("foreign") }
    guard try d.fixed() == formatVersion else { throw SnapshotError("another format") }
    let keyLength = try d.fixed()
    guard keyLength <= UInt64(bytes.count), try d.raw(Int(keyLength)).elementsEqual(key.utf8)
    else { throw SnapshotError("stale: another source or settings") }
    let length = try d.fixed()
    let sum = try d.fixed()
    guard length == UInt64(bytes.count - d.offset) else {
      throw SnapshotError("torn: not the length the header says")
    }
    guard checksum(bytes[d.offset...]) == sum else { throw SnapshotError("checksum") }
    var body = SnapshotDecoder(bytes, from: d.offset)
    let first: CivilDate = try body.value()
    let end: CivilDate = try body.value()
    guard first <= end else { throw SnapshotError("a window that ends before it starts") }
    let span = try body.optional { d throws(SnapshotError) -> ClosedRange<Int64> in
      let (from, through) = (try d.int64(), try d.int64())
      guard from <= through else { throw SnapshotError("a span that ends before it starts") }
      return from...through
    }
    let shelf = OriginShelf()
    body.shelf = shelf
    let schedule: Schedule = try body.value()
    guard try body.count() == body.shelvedCount else { throw SnapshotError("the origins") }
    shelf.stock(body, count: body.shelvedCount)
    return ScheduleSnapshot(window: first..<end, span: span, schedule: schedule)
  }

  /// The key the snapshot in `bytes` was written under, as its header says (nothing of
  /// it checked but the magic and the format); nil when they are not one of this format.
  public static func storedKey(_ bytes: [UInt8]) -> String? {
    var d = SnapshotDecoder(bytes)
    guard (try? d.raw(magic.count).elementsEqual(magic)) == true,
      (try? d.fixed()) == formatVersion, let length = try? d.fixed(),
      length <= UInt64(bytes.count), let key = try? d.raw(Int(length))
    else { return nil }
    return String(decoding: key, as: UTF8.self)
  }

  /// FNV-1a's starting value.
  static let checksumBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  /// FNV-1a, 64 bits; from `hash`, the checksum of the bytes before.
  static func checksum(_ bytes: ArraySlice<UInt8>, from hash: UInt64 = checksumBasis) -> UInt64 {
    var hash = hash
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// Whether the window holds every date of `dates`.
  public func covers(_ dates: ClosedRange<CivilDate>) -> Bool {
    window.lowerBound <= dates.lowerBound && dates.upperBound < window.upperBound
  }
}
