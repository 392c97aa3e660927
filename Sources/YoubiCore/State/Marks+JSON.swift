import JSON
import Schedule

/// The state file's JSON form of `Marks`: the one place that knows the format.
///
/// ```json
/// {
///   "format": "youbi-state",
///   "version": 1,
///   "horizon": "2025-W49",
///   "schedules": [
///     {
///       "path": "/home/me/week.json",
///       "serials": [
///         {
///           "title": "Frieren", "author": "Yamada",
///           "star": {"on": true, "at": 1795996800000},
///           "read": {"2026-W49": {"on": false, "at": 1796000000000}}
///         }
///       ]
///     }
///   ]
/// }
/// ```
///
/// A schedule is named by `path` or by `title`; a serial by `title` and
/// optional `author` (its `SerialID`). Each mark is `{"on", "at"}`: on or off
/// (a tombstone), and when, in milliseconds since the epoch. `horizon` is the
/// first week still kept. Output is deterministic (sorted keys and entries),
/// so the file diffs cleanly. Reading is strict about what it uses and
/// ignores members it does not know, so a later version can add some; a
/// larger `version` is refused rather than misread and overwritten.
extension Marks {
  /// The version this youbi writes and the newest it reads.
  public static let stateVersion = 1

  /// Why bytes are not marks youbi can use.
  public enum DecodeFailure: Error, Equatable {
    /// Not a state document of a version youbi knows: moved aside.
    case malformed(StateDecodeError)
    /// A state document from a newer youbi: left alone.
    case newerVersion(Int)
  }

  /// The state file's bytes for `marks`, ending in a newline.
  public static func stateJSON(_ marks: Marks) -> [UInt8] {
    var schedules: [(String, JSONValue)] = []
    for (key, entries) in marks.schedules {
      let name: JSONValue.Member
      switch key {
      case .path(let path): name = .init("path", .string(path))
      case .title(let title): name = .init("title", .string(title))
      }
      let serials = entries.sorted { order($0.key, $1.key) }.map { id, entry in
        var members: [JSONValue.Member] = [.init("title", .string(id.title))]
        if let author = id.author { members.append(.init("author", .string(author))) }
        if let star = entry.star { members.append(.init("star", json(star))) }
        if !entry.read.isEmpty {
          let weeks = entry.read.sorted { $0.key < $1.key }.map {
            JSONValue.Member($0.key.description, json($0.value))
          }
          members.append(.init("read", .object(weeks)))
        }
        return JSONValue.object(members)
      }
      schedules.append((key.description, .object([name, .init("serials", .array(serials))])))
    }
    var top: [JSONValue.Member] = [
      .init("format", .string("youbi-state")),
      .init("version", .number(stateVersion)),
    ]
    if let horizon = marks.horizon { top.append(.init("horizon", .string(horizon.description))) }
    if let notified = notifiedJSON(marks.notified) { top.append(.init("notified", notified)) }
    top.append(
      .init(
        "schedules",
        .array(
          schedules.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }.map { $0.1 })))
    // Keys are fixed or come from distinct dictionary keys: never duplicates.
    let bytes = (try? JSONWriter(sortedKeys: true, indent: 1).write(.object(top))) ?? []
    return bytes + [0x0A]
  }

  /// The marks in a state file's bytes.
  public static func decodeState(_ bytes: [UInt8]) -> Result<Marks, DecodeFailure> {
    let top: JSONValue
    do {
      top = try JSONValue(parsing: bytes)
    } catch {
      return .failure(.malformed(StateDecodeError("not JSON: \(error.message)")))
    }
    do {
      return .success(try marks(from: top))
    } catch {
      return .failure(error)
    }
  }

  private static func marks(from top: JSONValue) throws(DecodeFailure) -> Marks {
    guard top.members != nil else { throw malformed("the top level is not an object") }
    guard top["format"]?.string == "youbi-state" else {
      throw malformed("\"format\" is not \"youbi-state\"")
    }
    guard let version = top["version"]?.number?.int, version >= 1 else {
      throw malformed("\"version\" is not a positive integer")
    }
    if version > stateVersion { throw .newerVersion(version) }
    var horizon: ISOWeek? = nil
    if let text = top["horizon"] {
      guard let week = text.string.flatMap({ ISOWeek(parsing: $0) }) else {
        throw malformed("\"horizon\" is not a week such as \"2026-W49\"")
      }
      horizon = week
    }
    guard let schedules = top["schedules"]?.array else {
      throw malformed("\"schedules\" is not an array")
    }
    var result = Marks()
    for schedule in schedules {
      let key: ScheduleKey
      switch (schedule["path"]?.string, schedule["title"]?.string) {
      case (let path?, nil): key = .path(path)
      case (nil, let title?): key = .title(title)
      default: throw malformed("a schedule needs a \"path\" or a \"title\" string")
      }
      guard let serials = schedule["serials"]?.array else {
        throw malformed("\"serials\" of \(key) is not an array")
      }
      var entries: [SerialID: Entry] = [:]
      for serial in serials {
        guard let title = serial["title"]?.string else {
          throw malformed("a serial of \(key) has no \"title\" string")
        }
        let author = try optional(serial["author"], "author of \(title)") { $0.string }
        var entry = Entry()
        entry.star = try optional(serial["star"], "star of \(title)", stamp)
        if let read = serial["read"] {
          guard let weeks = read.members else { throw malformed("\"read\" of \(title)") }
          for week in weeks {
            guard let key = ISOWeek(parsing: week.key), let value = stamp(week.value) else {
              throw malformed("read mark \"\(week.key)\" of \(title)")
            }
            entry.read[key] = value
          }
        }
        // Two records of one serial (hand-edited, or whitespace normalised alike) merge.
        entries[SerialID(title: title, author: author), default: Entry()].merge(entry)
      }
      result.merge(Marks(schedules: [key: entries]))
    }
    if let horizon { result.prune(keepingFrom: horizon) }
    result.notified = try notified(from: top["notified"])
    return result
  }

  private static func stamp(_ value: JSONValue) -> Stamp? {
    guard let on = value["on"]?.bool, let at = value["at"]?.number?.int else { return nil }
    return Stamp(isOn: on, time: Int64(at))
  }

  private static func json(_ stamp: Stamp) -> JSONValue {
    .object([.init("at", .number(Int(stamp.time))), .init("on", .bool(stamp.isOn))])
  }

  private static func optional<T>(
    _ value: JSONValue?, _ what: String, _ read: (JSONValue) -> T?
  ) throws(DecodeFailure) -> T? {
    guard let value else { return nil }
    guard let result = read(value) else { throw malformed("bad \(what)") }
    return result
  }

  private static func malformed(_ message: String) -> DecodeFailure {
    .malformed(StateDecodeError(message))
  }

  /// Serials in a stable order: by title, then author, comparing UTF-8 bytes.
  private static func order(_ a: SerialID, _ b: SerialID) -> Bool {
    if a.title != b.title { return a.title.utf8.lexicographicallyPrecedes(b.title.utf8) }
    return (a.author ?? "").utf8.lexicographicallyPrecedes((b.author ?? "").utf8)
  }
}
