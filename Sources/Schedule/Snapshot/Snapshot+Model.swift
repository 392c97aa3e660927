/// A model type a snapshot holds: written field by field, read back in the same order.
///
/// `snapshotFields` is how many stored properties the encoding writes. A test holds it
/// to the type's stored properties (`Mirror`), so a field added to a model type and not
/// to its encoding fails the tests rather than vanishing from warm runs: add it to
/// `write(to:)` and `read(from:)`, raise the count, and raise
/// `ScheduleSnapshot.formatVersion` so snapshots of the old layout are parsed anew.
public protocol SnapshotCodable {
  static var snapshotFields: Int { get }
  func write(to encoder: inout SnapshotEncoder)
  static func read(from decoder: inout SnapshotDecoder) throws(SnapshotError) -> Self
}

extension SnapshotEncoder {
  public mutating func value(_ value: some SnapshotCodable) { value.write(to: &self) }
}

extension SnapshotDecoder {
  public mutating func value<T: SnapshotCodable>(_: T.Type = T.self) throws(SnapshotError) -> T {
    try T.read(from: &self)
  }
}

extension CivilDate: SnapshotCodable {
  public static let snapshotFields = 1
  public func write(to e: inout SnapshotEncoder) { e.int(daysSince1970) }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> CivilDate {
    CivilDate(daysSince1970: try d.int())
  }
}

extension ReleaseTime: SnapshotCodable {
  public static let snapshotFields = 1
  public func write(to e: inout SnapshotEncoder) { e.int(minutes) }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> ReleaseTime {
    guard let time = ReleaseTime(minutes: try d.int()) else { throw SnapshotError("a time") }
    return time
  }
}

extension WebURL: SnapshotCodable {
  public static let snapshotFields = 1
  public func write(to e: inout SnapshotEncoder) { e.string(text) }
  /// Checked again: only a checked URL is ever a `WebURL`.
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> WebURL {
    guard let url = try? WebURL(checking: try d.string()) else { throw SnapshotError("a URL") }
    return url
  }
}

extension Weekday {
  static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Weekday {
    guard let day = Weekday(rawValue: try d.int()) else { throw SnapshotError("a weekday") }
    return day
  }
}

extension Title: SnapshotCodable {
  public static let snapshotFields = 2
  public func write(to e: inout SnapshotEncoder) {
    e.string(language)
    e.string(text)
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Title {
    Title(try d.string(), try d.string())
  }
}

extension Link: SnapshotCodable {
  public static let snapshotFields = 2
  public func write(to e: inout SnapshotEncoder) {
    e.string(name)
    e.value(url)
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Link {
    Link(name: try d.string(), url: try d.value())
  }
}

extension EpisodeAnchor: SnapshotCodable {
  public static let snapshotFields = 2
  public func write(to e: inout SnapshotEncoder) {
    e.value(date)
    e.int(number)
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> EpisodeAnchor {
    EpisodeAnchor(date: try d.value(), number: try d.int())
  }
}

extension TrackerProgress: SnapshotCodable {
  public static let snapshotFields = 3
  public func write(to e: inout SnapshotEncoder) {
    e.int(watched)
    e.optional(updatedAt) { $0.int($1) }
    e.array(otherIDs) { $0.string($1) }
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> TrackerProgress {
    TrackerProgress(
      watched: try d.int(), updatedAt: try d.optional { d throws(SnapshotError) in try d.int64() },
      otherIDs: try d.array { d throws(SnapshotError) in try d.string() })
  }
}

extension ZonedSlot: SnapshotCodable {
  public static let snapshotFields = 6
  public func write(to e: inout SnapshotEncoder) {
    e.int(weekday.rawValue)
    e.int(minutes)
    e.string(zone)
    e.optional(first) { $0.value($1) }
    e.optional(last) { $0.value($1) }
    e.array(skip) { $0.value($1) }
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> ZonedSlot {
    ZonedSlot(
      weekday: try Weekday.read(from: &d), minutes: try d.int(), zone: try d.string(),
      first: try d.optional { d throws(SnapshotError) in try d.value() },
      last: try d.optional { d throws(SnapshotError) in try d.value() },
      skip: try d.array { d throws(SnapshotError) in try d.value() })
  }
}

extension Airing: SnapshotCodable {
  /// The cases: a case added is a count raised, as for a field.
  public static let snapshotFields = 3
  public func write(to e: inout SnapshotEncoder) {
    switch self {
    case .repeating(let first, let everyDays, let last):
      e.int(0)
      e.int(first)
      e.int(everyDays)
      e.optional(last) { $0.int($1) }
    case .weekly(let slot):
      e.int(1)
      e.value(slot)
    case .once(let t):
      e.int(2)
      e.int(t)
    }
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Airing {
    switch try d.int() {
    case 0:
      return .repeating(
        first: try d.int64(), everyDays: try d.int(),
        last: try d.optional { d throws(SnapshotError) in try d.int64() })
    case 1: return .weekly(try d.value())
    case 2: return .once(try d.int64())
    default: throw SnapshotError("an airing of no known kind")
    }
  }
}
