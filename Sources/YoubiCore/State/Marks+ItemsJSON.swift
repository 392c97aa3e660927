import JSON
import Schedule

/// The state file's form of the marks of feed releases kept by item (`ItemMark`), in a
/// serial's record:
///
/// ```json
/// "items": {"https://example.com/ch/12": {"on": true, "at": 1796000000000,
///                                         "date": "2026-12-04", "episode": 12}}
/// ```
///
/// Format 3 adds them; a file holds `"version": 3` only when it has one, so a file
/// without (and the Youbi before) stays format 2. A Youbi of format 2 refuses a
/// format-3 file and leaves it alone rather than drop what it cannot read.
extension Marks {
  /// The version of the state file for `marks`: 3 when a mark is kept by item, else 2.
  static func version(of marks: Marks) -> Int {
    let byItem = marks.schedules.values.contains { $0.values.contains { !$0.items.isEmpty } }
    return byItem ? 3 : 2
  }

  /// The `items` member of a serial's record, sorted by id; nil when it has none.
  static func itemsJSON(_ items: [String: ItemMark]) -> JSONValue? {
    guard !items.isEmpty else { return nil }
    let members = items.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
      id, mark in
      var fields: [JSONValue.Member] = [
        .init("at", .number(Int(mark.stamp.time))), .init("date", .string(mark.date.description)),
        .init("on", .bool(mark.stamp.isOn)),
      ]
      if let episode = mark.episode { fields.append(.init("episode", .number(episode))) }
      return JSONValue.Member(id, .object(fields))
    }
    return .object(members)
  }

  /// The marks by item of a serial's `items` member (`title` names it in messages).
  static func items(from value: JSONValue?, of title: String) throws(DecodeFailure)
    -> [String: ItemMark]
  {
    guard let value else { return [:] }
    guard let members = value.members else {
      throw .malformed(StateDecodeError("\"items\" of \(title) is not an object"))
    }
    var items: [String: ItemMark] = [:]
    for member in members {
      let mark = member.value
      guard let on = mark["on"]?.bool, let at = mark["at"]?.number?.int,
        let date = mark["date"]?.string.flatMap({ try? CivilDate(parsing: $0) })
      else {
        throw .malformed(StateDecodeError("item mark \"\(member.key)\" of \(title)"))
      }
      let read = ItemMark(
        stamp: Stamp(isOn: on, time: Int64(at)), date: date,
        episode: mark["episode"]?.number?.int)
      items[member.key] = max(items[member.key] ?? read, read)
    }
    return items
  }
}
