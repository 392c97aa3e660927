import JSON
import Schedule

/// The state file's JSON form of `Marks`: the one place that knows the format.
///
/// ```json
/// {
///   "format": "youbi-state",
///   "version": 2,
///   "horizon": "2025-W49",
///   "schedules": [
///     {
///       "path": "/home/me/week.json",
///       "serials": [
///         {
///           "title": "Frieren",
///           "star": {"on": true, "at": 1795996800000},
///           "seen": {"2026-12-04": {"on": true, "at": 1796000000000, "episode": 9}}
///         },
///         {"id": "mal:52991", "read": {"2026-W48": {"on": true, "at": 1795400000000}}}
///       ]
///       ]
///     }
///   ]
/// }
/// ```
///
/// A schedule is named by `path` or by `title`; a serial by its `id` or its
/// `title` (its `SerialID`). `seen` marks releases by date, with the episode when it
/// was known; `read` holds the week marks of format 1, which still answer for their
/// week's release. Each mark is `{"on", "at"}`: on or off (a tombstone), and when,
/// in milliseconds since the epoch. `horizon` is the first week still kept. A serial
/// that matched nothing in its schedule for longer than the backlog looks back has a
/// `kept-from` date: its marks before it are forgotten, and stay so in a merge.
///
/// Format 3 adds a serial's `items`, the marks of feed releases by item id
/// (`Marks+ItemsJSON`); a file without one is written as format 2.
///
/// Format 1 (Youbi before release marks) is read as it is: its week marks carry
/// over, and its `author` is dropped, so two records of one title merge. Output is deterministic (sorted keys and entries),
/// so the file diffs cleanly. Reading is strict about what it uses and
/// ignores members of a schedule or a serial it does not know. A larger
/// `version`, or a top-level member this youbi does not know (a newer writer's
/// section), is refused rather than misread and overwritten: rewriting would lose it.
extension Marks {
  /// The version this youbi writes and the newest it reads.
  public static let stateVersion = 3

  /// Why bytes are not marks youbi can use.
  public enum DecodeFailure: Error, Equatable {
    /// Not a state document of a version youbi knows: moved aside.
    case malformed(StateDecodeError)
    /// A state document from a newer youbi: left alone.
    case newerVersion(Int)
    /// A document of a version youbi reads, with a top-level member it does not
    /// know (a newer writer's): left alone, as a newer version is.
    case unknownMember(version: Int, name: String)
  }

  /// The top-level members of every version this youbi reads.
  static let topMembers: Set<String> = ["format", "version", "horizon", "notified", "schedules"]

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
        var members: [JSONValue.Member] = [
          .init(id.isSourceID ? "id" : "title", .string(id.text))
        ]
        if let star = entry.star { members.append(.init("star", json(star))) }
        if let kept = entry.keptFrom {
          members.append(.init("kept-from", .string(kept.description)))
        }
        if !entry.seen.isEmpty {
          let dates = entry.seen.sorted { $0.key < $1.key }.map {
            JSONValue.Member($0.key.description, json($0.value, episode: entry.episodes[$0.key]))
          }
          members.append(.init("seen", .object(dates)))
        }
        if let items = itemsJSON(entry.items) { members.append(.init("items", items)) }
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
      .init("version", .number(version(of: marks))),
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
    if let unknown = top.members?.first(where: { !topMembers.contains($0.key) }) {
      throw .unknownMember(version: version, name: unknown.key)
    }
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
    for schedule in schedules { result.merge(try self.schedule(from: schedule, version: version)) }
    if let horizon { result.prune(keepingFrom: horizon) }
    result.notified = try notified(from: top["notified"])
    return result
  }

  /// One schedule's record: its key (a path or a title) and every serial's entry.
  private static func schedule(from schedule: JSONValue, version: Int) throws(DecodeFailure)
    -> Marks
  {
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
      let id: SerialID
      switch (serial["id"]?.string, serial["title"]?.string) {
      case (let text?, _) where version >= 2: id = SerialID(id: text)
      case (_, let text?): id = SerialID(title: text)
      default: throw malformed("a serial of \(key) has no \"title\" or \"id\" string")
      }
      // Two records of one serial (hand-edited, or whitespace normalised alike) merge.
      entries[id, default: Entry()].merge(try entry(from: serial, of: id.text, version: version))
    }
    return Marks(schedules: [key: entries])
  }

  /// One serial's record: its star, where its marks are kept from, its read weeks
  /// (format 1) and its releases seen (format 2).
  private static func entry(from serial: JSONValue, of title: String, version: Int)
    throws(DecodeFailure) -> Entry
  {
    var entry = Entry()
    entry.star = try optional(serial["star"], "star of \(title)", stamp)
    if let kept = serial["kept-from"], version >= 2 {
      guard let day = kept.string.flatMap({ try? CivilDate(parsing: $0) }) else {
        throw malformed("\"kept-from\" of \(title) is not a date such as \"2026-11-02\"")
      }
      entry.keptFrom = day
    }
    if let read = serial["read"] {
      guard let weeks = read.members else { throw malformed("\"read\" of \(title)") }
      for week in weeks {
        guard let key = ISOWeek(parsing: week.key), let value = stamp(week.value) else {
          throw malformed("read mark \"\(week.key)\" of \(title)")
        }
        entry.read[key] = value
      }
    }
    if let seen = serial["seen"], version >= 2 {
      guard let dates = seen.members else { throw malformed("\"seen\" of \(title)") }
      for date in dates {
        guard let day = try? CivilDate(parsing: date.key), let value = stamp(date.value) else {
          throw malformed("seen mark \"\(date.key)\" of \(title)")
        }
        entry.seen[day] = value
        if let episode = date.value["episode"]?.number?.int { entry.episodes[day] = episode }
      }
    }
    if version >= 3 { entry.items = try items(from: serial["items"], of: title) }
    return entry
  }

  private static func stamp(_ value: JSONValue) -> Stamp? {
    guard let on = value["on"]?.bool, let at = value["at"]?.number?.int else { return nil }
    return Stamp(isOn: on, time: Int64(at))
  }

  private static func json(_ stamp: Stamp, episode: Int? = nil) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("at", .number(Int(stamp.time))), .init("on", .bool(stamp.isOn)),
    ]
    if let episode { members.append(.init("episode", .number(episode))) }
    return .object(members)
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

  /// Serials in a stable order: titles before ids, each by UTF-8 bytes.
  private static func order(_ a: SerialID, _ b: SerialID) -> Bool {
    if a.isSourceID != b.isSourceID { return !a.isSourceID }
    return a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
  }
}
