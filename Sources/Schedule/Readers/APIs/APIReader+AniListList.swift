import JSON

/// A user's list on AniList (`MediaListCollection`): besides each show's slot, where the
/// person is on it (`progress`, `updatedAt`) and the show's MyAnimeList id (`media.idMal`).
extension APIReader {
  /// One entry of the list: the show placed as `aniListEntry` places it, then given the
  /// entry's progress when the response has one.
  mutating func aniListListEntry(_ entry: JSONValue, path: String) {
    let before = days.map(\.count)
    aniListEntry(entry, path: path)
    guard let watched = integer(entry["progress"], path + ".progress") else { return }
    guard watched >= 0 else {
      problems.warn(at: entry["progress"]?.position, path: path + ".progress", "expected 0 or more")
      return
    }
    let updated = integer(entry["updatedAt"], path + ".updatedAt").map(Int64.init)
    let mal = integer(entry["media"]?["idMal"], path + ".media.idMal")
    let progress = TrackerProgress(
      watched: watched, updatedAt: updated, otherIDs: mal.map { ["mal:\($0)"] } ?? [])
    attach(progress, since: before)
  }

  /// Gives every entry placed since the counts `before` the tracker's `progress`; the
  /// pieces of one show keep sharing one origin.
  mutating func attach(_ progress: TrackerProgress, since before: [Int]) {
    var made: [ObjectIdentifier: Origin] = [:]
    for day in days.indices where days[day].count > before[day] {
      for i in before[day]..<days[day].count {
        guard let origin = days[day][i].origin else { continue }
        let key = ObjectIdentifier(origin)
        let given = made[key] ?? origin.with(progress: progress)
        made[key] = given
        days[day][i].origin = given
      }
    }
  }
}
