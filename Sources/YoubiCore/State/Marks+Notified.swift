import JSON
import Schedule

/// The releases already announced: kept beside the marks, merged the same way (a
/// union: once announced, announced), and written in the state file as
///
/// ```json
/// "notified": [{"path": "/home/me/week.json", "title": "Frieren",
///               "date": "2026-12-05", "time": "23:30", "at": 1796000000000}]
/// ```
///
/// (`title` instead of `path` for a schedule known by its title, in a member named
/// `schedule`; `id` instead of `title` for a serial known by its id). Releases more than `notifiedDays` before today are forgotten.
extension Marks {
  /// How many days an announced release is remembered.
  public static let notifiedDays = 7

  /// Whether the release `key` has been announced.
  public func wasNotified(_ key: NotificationKey) -> Bool { notified[key] != nil }

  /// Records that `key` was announced at `wall`.
  public mutating func recordNotified(_ key: NotificationKey, at wall: WallTime) {
    notified[key] = max(notified[key] ?? 0, wall.seconds * 1000)
  }

  /// Forgets releases listed before `date`.
  public mutating func pruneNotified(before date: CivilDate) {
    notified = notified.filter { $0.key.date >= date }
  }

  /// The `notified` member of the state file; nil when nothing is recorded.
  static func notifiedJSON(_ notified: [NotificationKey: Int64]) -> JSONValue? {
    guard !notified.isEmpty else { return nil }
    let records = notified.map { key, at -> ([UInt8], JSONValue) in
      var members: [JSONValue.Member] = []
      switch key.schedule {
      case .path(let path): members.append(.init("path", .string(path)))
      case .title(let title): members.append(.init("schedule", .string(title)))
      }
      members.append(.init(key.serial.isSourceID ? "id" : "title", .string(key.serial.text)))
      members += [
        .init("date", .string(key.date.description)),
        .init(
          "time",
          .string(ReleaseTime(hour: key.minutes / 60, minute: key.minutes % 60)!.description)),
        .init("at", .number(Int(at))),
      ]
      let value = JSONValue.object(members)
      return ((try? JSONWriter(sortedKeys: true).write(value)) ?? [], value)
    }
    // Sorted by their own text: the file diffs cleanly.
    return .array(records.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1))
  }

  /// Reads the `notified` member (absent: none).
  static func notified(from value: JSONValue?) throws(DecodeFailure) -> [NotificationKey: Int64] {
    guard let value else { return [:] }
    guard let records = value.array else {
      throw .malformed(StateDecodeError("\"notified\" is not an array"))
    }
    var result: [NotificationKey: Int64] = [:]
    for record in records {
      let schedule: ScheduleKey
      switch (record["path"]?.string, record["schedule"]?.string) {
      case (let path?, nil): schedule = .path(path)
      case (nil, let title?): schedule = .title(title)
      default:
        throw .malformed(StateDecodeError("a notified release needs a \"path\" or a \"schedule\""))
      }
      let serial: SerialID
      switch (record["id"]?.string, record["title"]?.string) {
      case (let id?, _): serial = SerialID(id: id)
      case (nil, let title?): serial = SerialID(title: title)
      default: throw .malformed(StateDecodeError("a notified release of \(schedule) has no title"))
      }
      guard let date = record["date"]?.string.flatMap({ try? CivilDate(parsing: $0) }),
        let time = record["time"]?.string.flatMap(ReleaseTime.init(parsing:)),
        let at = record["at"]?.number?.int
      else { throw .malformed(StateDecodeError("a notified release of \(schedule) is incomplete")) }
      // Format 1 also had the author: no longer part of who a serial is.
      let key = NotificationKey(
        schedule: schedule, serial: serial, date: date, minutes: time.minutes)
      result[key] = max(result[key] ?? 0, Int64(at))
    }
    return result
  }
}
