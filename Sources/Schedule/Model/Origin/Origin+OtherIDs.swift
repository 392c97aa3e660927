/// The ids a show has on trackers other than its source's own: how two sources are
/// joined (the same show from a tracker's list and from bangumi-data shows once).
extension Origin {
  /// The id a tracker knows a show by, from a site's name and its id there: `mal:5114`
  /// for `mal` (or `myanimelist`) and `5114`, `anilist:21` for `anilist` and `21`; nil
  /// for any other site, or an id that is not a number.
  public static func trackerID(site: String, id: String) -> String? {
    guard !id.isEmpty, id.utf8.count <= 18, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    switch site.lowercased() {
    case "mal", "myanimelist": return "mal:" + id
    case "anilist": return "anilist:" + id
    default: return nil
    }
  }

  /// Gives the entries placed for one show `otherIDs`; the pieces of it that shared an
  /// origin still share one.
  static func give(_ otherIDs: [String], to entries: inout [(Weekday, Serial)]) {
    guard !otherIDs.isEmpty else { return }
    var made: [ObjectIdentifier: Origin] = [:]
    for i in entries.indices {
      guard let origin = entries[i].1.origin else { continue }
      let key = ObjectIdentifier(origin)
      let given = made[key] ?? origin.with(otherIDs: otherIDs)
      made[key] = given
      entries[i].1.origin = given
    }
  }
}
