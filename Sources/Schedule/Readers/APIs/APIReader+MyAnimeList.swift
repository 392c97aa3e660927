import JSON

/// MyAnimeList's API v2 (https://myanimelist.net/apiconfig/references/api/v2): a list
/// whose `data[]` holds a `node` each (a season, a ranking, a user's list), asked with
/// `fields=broadcast,alternative_titles,start_date,end_date`. Broadcasts are in Japan time.
extension APIReader {
  mutating func myAnimeList(_ tree: JSONValue) throws(Diagnostic) {
    guard let list = tree["data"]?.array else {
      throw refuse(tree["data"], "data", "expected an array of {\"node\": …}")
    }
    for (index, element) in list.enumerated() { myAnimeListElement(element, index: index) }
  }

  /// One element of `data`: `{"node": an anime}`.
  mutating func myAnimeListElement(_ element: JSONValue, index: Int) {
    let path = "data[\(index)].node"
    guard let node = element["node"], node.members != nil else {
      problems.warn(at: element.position, path: "data[\(index)]", "expected {\"node\": an anime}")
      return
    }
    guard let (id, title) = identity(node, idKey: "id", path: path) else { return }
    var titles = [Title("original", title)]
    let alternative = node["alternative_titles"]
    for language in ["en", "ja"] {
      if let text = string(alternative?[language], path + ".alternative_titles.\(language)"),
        !text.isEmpty
      {
        titles.append(Title(language, text))
      }
    }
    for (i, synonym) in array(alternative?["synonyms"], path + ".alternative_titles.synonyms")
      .enumerated()
    {
      if let text = string(synonym, path + ".alternative_titles.synonyms[\(i)]") {
        titles.append(Title("synonym", text))
      }
    }
    let broadcast = node["broadcast"]
    guard
      let slot = slot(
        day: broadcast?["day_of_the_week"], time: broadcast?["start_time"], zone: "Asia/Tokyo",
        first: string(node["start_date"], path + ".start_date"),
        last: string(node["end_date"], path + ".end_date"), path: path + ".broadcast",
        keys: ("day_of_the_week", "start_time"))
    else { return }
    let url = try? WebURL(checking: "https://myanimelist.net/anime/\(id)")
    let before = days.map(\.count)
    add(Serial(title: title, url: url), .weekly(slot), id: "mal:\(id)", titles: titles)
    myAnimeListEntry(element, node: node, since: before, path: path)
  }
}
