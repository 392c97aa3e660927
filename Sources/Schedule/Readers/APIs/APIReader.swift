import JSON

/// What the readers of API responses share (Jikan, MyAnimeList, AniList): a response is
/// small (a page of 25 to 500 shows), so it is read into a tree and walked, each value
/// checked where it is used and a wrong one reported with its path.
struct APIReader {
  var placer: LocalCalendar.Placer
  var problems = SourceProblems()
  var days: [[Serial]] = Array(repeating: [], count: 7)
  /// The shows placed, by the source's id, so one listed twice shows once.
  var seen: Set<String> = []

  /// For each weekday, its dates in `calendar.listing`, when the calendar lists only
  /// those: an entry listed on none of them is left out as it is read (a slot seen from
  /// a zone whose offset changes is a piece a change, two years each way).
  let listing: [[CivilDate]]?

  init(calendar: LocalCalendar) {
    placer = LocalCalendar.Placer(calendar)
    listing = calendar.listedDates
  }

  /// The format of a response, from its shape; nil when it is none of them.
  static func format(of tree: JSONValue) -> ScheduleFormat? {
    guard let data = tree["data"] else { return nil }
    if let list = data.array {
      return list.first?["node"] != nil ? .myAnimeList : .jikan
    }
    if data["Page"] != nil || data["MediaListCollection"] != nil { return .aniList }
    return nil
  }

  /// The arrays of a response read element by element (`schedule(parsing:calendar:)`):
  /// Jikan's and MyAnimeList's `data`, AniList's page of airings.
  static let streamed = [["data"], ["data", "Page", "airingSchedules"]]

  /// Reads a response of any of the three APIs from its bytes: the long arrays
  /// (`streamed`) an element at a time, each element's tree let go once it is placed, so
  /// a response costs what its shows do, not a tree of it whole.
  static func schedule(parsing bytes: UnsafeBufferPointer<UInt8>, calendar: LocalCalendar)
    throws(Diagnostic) -> Schedule
  {
    var reader = APIReader(calendar: calendar)
    // `data`'s elements say whose list it is: MyAnimeList's each hold a `node`.
    var list: ScheduleFormat?
    let tree = try ScheduleLoader.tree {
      () throws(JSONError) in
      try JSONValue(parsing: bytes, streaming: streamed) { path, index, element in
        if path == 1 { return reader.aniListAiring(element, index: index) }
        if list == nil { list = element["node"] != nil ? .myAnimeList : .jikan }
        if list == .myAnimeList {
          reader.myAnimeListElement(element, index: index)
        } else {
          reader.jikanAnime(element, path: "data[\(index)]")
        }
      }
    }
    guard let found = list ?? format(of: tree) else {
      throw Diagnostic(
        .error, line: tree["data"]?.position?.line, column: tree["data"]?.position?.column,
        path: "data",
        "expected a list of anime (Jikan, MyAnimeList) or an AniList Page or MediaListCollection")
    }
    // What was not streamed: the lists of a user, or a `data` that is no list, refused.
    try reader.read(tree, format: found)
    return reader.finished(format: found)
  }

  /// Reads the shows of `tree`, a response of `format`.
  mutating func read(_ tree: JSONValue, format: ScheduleFormat) throws(Diagnostic) {
    switch format {
    case .jikan: try jikan(tree)
    case .myAnimeList: try myAnimeList(tree)
    case .aniList: try aniList(tree)
    case .youbi, .iCalendar, .bangumiData, .rss, .atom, .jsonFeed, .mangaDex:
      throw Diagnostic(.error, "not an API response")
    }
  }

  /// The schedule of the shows read, as a response of `format` (the reader's lists
  /// handed over).
  mutating func finished(format: ScheduleFormat) -> Schedule {
    let days = self.days
    self.days = []
    return problems.schedule(
      title: format.name, days: days, format: format, unknownZones: placer.unknownZones)
  }

  /// Places one show unless its id was placed already.
  mutating func add(
    _ serial: Serial, _ airing: Airing, id: String, titles: [Title], links: [Link] = [],
    episode: (index: Int, number: Int)? = nil, key: String? = nil, otherIDs: [String] = []
  ) {
    guard seen.insert(key ?? id).inserted else { return }
    guard
      var entries = placer.place(
        serial, airing, id: id, titles: titles, links: links, episode: episode)
    else { return }
    Origin.give(otherIDs, to: &entries)
    for (day, entry) in entries
    where listing?[day.rawValue].contains(where: entry.isScheduled(on:)) ?? true {
      days[day.rawValue].appendSparingly(entry)
    }
  }

  // MARK: - Values

  /// The string at `value`; nil when absent or null, and after a warning naming `path`
  /// when it is something else.
  mutating func string(_ value: JSONValue?, _ path: String) -> String? {
    guard let value, !value.isNull else { return nil }
    guard let text = value.string else {
      problems.warn(
        at: value.position, path: path, "expected a string or null, found \(kind(value))")
      return nil
    }
    return text
  }

  /// The integer at `value`, as `string(_:_:)`.
  mutating func integer(_ value: JSONValue?, _ path: String) -> Int? {
    guard let value, !value.isNull else { return nil }
    guard let number = value.number?.int else {
      problems.warn(at: value.position, path: path, "expected a whole number, found \(kind(value))")
      return nil
    }
    return number
  }

  /// The integer at `value` when it is within `range`; nil when absent or null, and
  /// after a warning naming `path` when it is something else or out of range (a number
  /// no source means, which the arithmetic on it must never meet).
  mutating func integer(_ value: JSONValue?, _ path: String, in range: ClosedRange<Int>) -> Int? {
    guard let number = integer(value, path) else { return nil }
    guard range.contains(number) else {
      problems.warn(
        at: value?.position, path: path,
        "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(number)")
      return nil
    }
    return number
  }

  /// The instant at `value`, seconds since 1970 UTC from 1900 to 9999 (`ISOInstant.range`),
  /// as `integer(_:_:in:)`.
  mutating func instant(_ value: JSONValue?, _ path: String) -> Int64? {
    let range = Int(ISOInstant.range.lowerBound)...Int(ISOInstant.range.upperBound)
    return integer(value, path, in: range).map(Int64.init)
  }

  /// The episode numbers (and counts) a source may give.
  static let episodes = 0...100_000

  /// The array at `value`, or a warning; empty when absent or null.
  mutating func array(_ value: JSONValue?, _ path: String) -> [JSONValue] {
    guard let value, !value.isNull else { return [] }
    guard let list = value.array else {
      problems.warn(at: value.position, path: path, "expected an array, found \(kind(value))")
      return []
    }
    return list
  }

  /// An anime's id (under `idKey`) and `title`; nil, after a warning, without either.
  mutating func identity(_ anime: JSONValue, idKey: String, path: String) -> (Int, String)? {
    guard let id = integer(anime[idKey], path + "." + idKey) else {
      problems.warn(at: anime.position, path: path, "anime has no \"\(idKey)\"")
      return nil
    }
    guard let title = string(anime["title"], path + ".title"), !title.isEmpty else {
      problems.warn(at: anime.position, path: path, "anime has no \"title\"")
      return nil
    }
    return (id, title)
  }

  /// What a value is, for messages: `a number`, `"text"`.
  func kind(_ value: JSONValue) -> String {
    switch value.content {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): "the number \(Excerpt.cut(n.text))"
    case .string(let s): Excerpt.quoted(s)
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// An error that refuses the response: its shape is not the format's.
  func refuse(_ value: JSONValue?, _ path: String, _ message: String) -> Diagnostic {
    Diagnostic(
      .error, line: value?.position?.line, column: value?.position?.column, path: path, message)
  }

  /// A weekly slot from a day name (`Saturdays`, `saturday`) and `HH:MM` in `zone`, with
  /// first and last dates (`YYYY-MM-DD`, or the date part of an instant, or `YYYY-MM`);
  /// nil when the day or the time is missing (counted as left out) or cannot be read
  /// (a warning).
  mutating func slot(
    day: JSONValue?, time: JSONValue?, zone: String, first: String?, last: String?, path: String,
    keys: (day: String, time: String) = ("day", "time")
  ) -> ZonedSlot? {
    guard let dayText = string(day, path + "." + keys.day),
      let timeText = string(time, path + "." + keys.time)
    else {
      problems.leave(out: "no broadcast day and time", line: nil)
      return nil
    }
    var name = dayText.lowercased()
    if name.hasSuffix("days") { name.removeLast() }
    guard let weekday = Weekday(parsing: name) else {
      problems.warn(
        at: day?.position, path: path + "." + keys.day,
        "expected a weekday, found \(Excerpt.quoted(dayText))")
      return nil
    }
    guard let time = ReleaseTime(parsing: String(timeText.prefix(5))) else {
      problems.warn(
        at: time?.position, path: path + "." + keys.time,
        "expected a time HH:MM, found \(Excerpt.quoted(timeText))")
      return nil
    }
    return ZonedSlot(
      weekday: weekday, minutes: time.minutes, zone: zone, first: first.flatMap(Self.date),
      last: last.flatMap(Self.date))
  }

  /// The date an API writes: `2023-10-07`, `2023-10-07T00:00:00+00:00` (the date as
  /// written), `2023-10` (its first day); nil for anything else.
  static func date(_ text: String) -> CivilDate? {
    if let date = try? CivilDate(parsing: String(text.prefix(10))) { return date }
    if text.count == 7 { return try? CivilDate(parsing: text + "-01") }
    return nil
  }
}
