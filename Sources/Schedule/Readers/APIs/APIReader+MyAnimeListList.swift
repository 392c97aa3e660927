import JSON

/// A user's list on MyAnimeList (`GET /users/NAME/animelist?fields=list_status,…`): each
/// `data[]` element holds its `list_status` beside the `node`, with the episodes seen
/// (`num_episodes_watched`) and when it changed (`updated_at`).
extension APIReader {
  /// From a user's list (an element with a `list_status`), gives the show placed since
  /// `before` its episode numbers (the first release on or after `start_date` is episode
  /// 1) and its progress. Other lists (a season, a ranking) are left as they were.
  mutating func myAnimeListEntry(
    _ element: JSONValue, node: JSONValue, since before: [Int], path: String
  ) {
    guard let status = element["list_status"], !status.isNull else { return }
    let placed = days.indices.flatMap { day in
      (before[day]..<days[day].count).map { (day, $0) }
    }
    if node["start_date"]?.string.flatMap(Self.date) != nil,
      let first = placed.compactMap({ days[$0.0][$0.1].start }).min()
    {
      let anchor = EpisodeAnchor(date: first, number: 1)
      var made: [ObjectIdentifier: Origin] = [:]
      for (day, i) in placed {
        guard let origin = days[day][i].origin else { continue }
        let given = made[ObjectIdentifier(origin)] ?? origin.with(episode: anchor)
        made[ObjectIdentifier(origin)] = given
        days[day][i].origin = given
      }
    }
    let statusPath = path.replacingSuffix(".node", with: ".list_status")
    guard
      let watched = integer(status["num_episodes_watched"], statusPath + ".num_episodes_watched")
    else { return }
    let updated = string(status["updated_at"], statusPath + ".updated_at").flatMap(Self.instant)
    attach(TrackerProgress(watched: watched, updatedAt: updated), since: before)
  }

  /// Seconds since 1970 of an RFC 3339 instant as MyAnimeList writes it
  /// (`2017-11-11T19:51:22+00:00`); nil for anything else.
  static func instant(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, let date = try? CivilDate(parsing: String(text.prefix(10))),
      bytes[10] == UInt8(ascii: "T")
    else { return nil }
    func number(_ from: Int, _ count: Int) -> Int64? {
      guard from + count <= bytes.count else { return nil }
      var n: Int64 = 0
      for b in bytes[from..<(from + count)] {
        guard (0x30...0x39).contains(b) else { return nil }
        n = n * 10 + Int64(b - 0x30)
      }
      return n
    }
    guard let h = number(11, 2), let m = number(14, 2), let s = number(17, 2) else { return nil }
    var offset: Int64 = 0
    let zone = bytes[19...].drop { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
    if let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      let at = zone.startIndex + 1
      guard let oh = number(at, 2), let om = number(at + 3, 2) else { return nil }
      offset = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    }
    return Int64(date.daysSince1970) * 86_400 + h * 3600 + m * 60 + s - offset
  }
}

extension String {
  /// The string with `suffix` replaced by `replacement` when it ends so.
  fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
  }
}
