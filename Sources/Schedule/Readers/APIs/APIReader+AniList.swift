import JSON

/// AniList's GraphQL API (https://docs.anilist.co): a page of airings
/// (`data.Page.airingSchedules`), or a user's list (`data.MediaListCollection`) whose
/// shows carry their `nextAiringEpisode`.
extension APIReader {
  mutating func aniList(_ tree: JSONValue) throws(Diagnostic) {
    let data = tree["data"]
    if let page = data?["Page"] {
      guard let list = page["airingSchedules"]?.array else {
        throw refuse(page, "data.Page", "expected \"airingSchedules\", an array")
      }
      for (index, airing) in list.enumerated() { aniListAiring(airing, index: index) }
      return
    }
    let collection = data?["MediaListCollection"]
    guard let lists = collection?["lists"]?.array else {
      throw refuse(collection, "data.MediaListCollection", "expected \"lists\", an array")
    }
    for (l, list) in lists.enumerated() {
      for (e, entry) in array(list["entries"], "data.MediaListCollection.lists[\(l)].entries")
        .enumerated()
      {
        aniListListEntry(entry, path: "data.MediaListCollection.lists[\(l)].entries[\(e)]")
      }
    }
  }

  /// One airing of the page: an episode at an instant.
  mutating func aniListAiring(_ airing: JSONValue, index: Int) {
    let path = "data.Page.airingSchedules[\(index)]"
    guard let at = instant(airing["airingAt"], path + ".airingAt") else {
      problems.warn(at: airing.position, path: path, "airing has no \"airingAt\"")
      return
    }
    guard let show = aniListMedia(airing["media"], path: path + ".media") else { return }
    let episode = airing["episode"]
    let number = integer(episode, path + ".episode", in: Self.episodes)
    guard number != nil || episode == nil || episode!.isNull else { return }
    add(
      show.serial, .once(Int64(at)), id: show.id, titles: show.titles,
      episode: number.map { (0, $0) }, key: "\(show.id)@\(at)", otherIDs: show.otherIDs)
  }

  /// One show of a user's list: a weekly slot from its next episode, counted back to the
  /// first and on to the last when `episodes` says how many.
  mutating func aniListEntry(_ entry: JSONValue, path: String) {
    let media = entry["media"]
    guard let show = aniListMedia(media, path: path + ".media") else { return }
    guard let next = media?["nextAiringEpisode"], !next.isNull else {
      problems.leave(out: "no next episode (finished, or not scheduled yet)", line: nil)
      return
    }
    let nextPath = path + ".media.nextAiringEpisode"
    guard let at = instant(next["airingAt"], nextPath + ".airingAt"),
      let number = integer(next["episode"], nextPath + ".episode", in: 1...Self.episodes.upperBound)
    else {
      problems.warn(
        at: next.position, path: nextPath, "expected \"airingAt\" and \"episode\" (from 1)")
      return
    }
    let episodes = media?["episodes"]
    let total = integer(episodes, path + ".media.episodes", in: Self.episodes)
    guard total != nil || episodes == nil || episodes!.isNull else { return }
    // Both in range: at most 100,000 weeks (1,917 years) either side of a year 1900–9999.
    let week: Int64 = 7 * 86_400
    let first = at - Int64(number - 1) * week
    let last = total.flatMap { $0 >= number ? first + Int64($0 - 1) * week : nil }
    add(
      show.serial, .repeating(first: first, everyDays: 7, last: last), id: show.id,
      titles: show.titles, episode: (0, 1), otherIDs: show.otherIDs)
  }

  /// A `media`: its id, titles (romaji, English, native), `siteUrl`, and its MyAnimeList
  /// id (`idMal`) when it has one.
  mutating func aniListMedia(_ media: JSONValue?, path: String) -> (
    id: String, serial: Serial, titles: [Title], otherIDs: [String]
  )? {
    guard let media, media.members != nil else {
      problems.warn(at: media?.position, path: path, "expected a media (an object)")
      return nil
    }
    guard let id = integer(media["id"], path + ".id") else {
      problems.warn(at: media.position, path: path, "media has no \"id\"")
      return nil
    }
    let title = media["title"]
    let romaji = string(title?["romaji"], path + ".title.romaji")
    let english = string(title?["english"], path + ".title.english")
    let native = string(title?["native"], path + ".title.native")
    guard let original = romaji ?? native ?? english, !original.isEmpty else {
      problems.warn(at: media.position, path: path, "media has no title")
      return nil
    }
    var titles = [Title("original", original)]
    if let native { titles.append(Title("ja", native)) }
    if let english { titles.append(Title("en", english)) }
    if let romaji { titles.append(Title("ja-Latn", romaji)) }
    let url = string(media["siteUrl"], path + ".siteUrl").flatMap { try? WebURL(checking: $0) }
    let mal = integer(media["idMal"], path + ".idMal").map { ["mal:\($0)"] } ?? []
    return ("anilist:\(id)", Serial(title: original, url: url), titles, mal)
  }
}
