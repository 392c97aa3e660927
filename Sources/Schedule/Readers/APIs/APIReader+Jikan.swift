import JSON

/// Jikan v4 (https://docs.api.jikan.moe): any response whose `data` is a list of anime
/// (`/schedules`, `/seasons/now`, `/top/anime`, a search).
extension APIReader {
  mutating func jikan(_ tree: JSONValue) throws(Diagnostic) {
    guard let list = tree["data"]?.array else {
      throw refuse(tree["data"], "data", "expected an array of anime")
    }
    for (index, anime) in list.enumerated() { jikanAnime(anime, path: "data[\(index)]") }
  }

  /// One anime: `broadcast` (day, time, timezone), `aired` (from, to), the titles, `url`.
  mutating func jikanAnime(_ anime: JSONValue, path: String) {
    guard anime.members != nil else {
      problems.warn(
        at: anime.position, path: path, "expected an anime (an object), found \(kind(anime))")
      return
    }
    guard let (id, title) = identity(anime, idKey: "mal_id", path: path) else { return }
    var titles = [Title("original", title)]
    if let text = string(anime["title_japanese"], path + ".title_japanese") {
      titles.append(Title("ja", text))
    }
    if let text = string(anime["title_english"], path + ".title_english") {
      titles.append(Title("en", text))
    }
    for (i, entry) in array(anime["titles"], path + ".titles").enumerated() {
      let kind = string(entry["type"], path + ".titles[\(i)].type") ?? "Synonym"
      if let text = string(entry["title"], path + ".titles[\(i)].title"),
        !titles.contains(where: { $0.text == text })
      {
        titles.append(Title(Self.jikanLanguage(kind), text))
      }
    }
    let broadcast = anime["broadcast"]
    let zone = string(broadcast?["timezone"], path + ".broadcast.timezone") ?? "Asia/Tokyo"
    let aired = anime["aired"]
    guard
      let slot = slot(
        day: broadcast?["day"], time: broadcast?["time"], zone: zone,
        first: string(aired?["from"], path + ".aired.from"),
        last: string(aired?["to"], path + ".aired.to"), path: path + ".broadcast")
    else { return }
    let url = string(anime["url"], path + ".url").flatMap { try? WebURL(checking: $0) }
    add(Serial(title: title, url: url), .weekly(slot), id: "mal:\(id)", titles: titles)
  }

  /// The language of a Jikan title `type`.
  static func jikanLanguage(_ type: String) -> String {
    switch type {
    case "Default": "original"
    case "Japanese": "ja"
    case "English": "en"
    case "German": "de"
    case "Spanish": "es"
    case "French": "fr"
    default: "synonym"
    }
  }
}
