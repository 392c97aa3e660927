import JSON

/// JSON Feed 1.1 (and 1.0) and MangaDex's chapter feed, read from the JSON tree.
extension FeedReader {
  /// A JSON Feed: `title`, `home_page_url`, `authors[0].name` (1.0's `author.name`), and
  /// its items' `id`, `url`, `title` and `date_published` (else `date_modified`).
  static func jsonFeed(_ tree: JSONValue) throws(Diagnostic) -> FeedDocument {
    var document = FeedDocument(format: .jsonFeed)
    document.title = tree["title"]?.string
    document.link = tree["home_page_url"]?.string
    document.author = tree["authors"]?[0]?["name"]?.string ?? tree["author"]?["name"]?.string
    guard let items = tree["items"]?.array else {
      throw Diagnostic(
        .error, line: tree.position?.line, column: tree.position?.column, path: "items",
        "a JSON Feed needs an array of \"items\"")
    }
    for item in items {
      // An id may be a number in feeds written before 1.1 said it is a string.
      let id = item["id"]?.string ?? item["id"]?.number.map { "\($0)" }
      document.add(
        id: id, title: item["title"]?.string, link: item["url"]?.string,
        date: item["date_published"]?.string ?? item["date_modified"]?.string,
        line: item.position?.line, parse: ISOInstant.parse)
    }
    return document
  }

  /// A MangaDex chapter feed (`/manga/{id}/feed`): each chapter of `data` with its
  /// `attributes.publishAt`, `chapter` and `title`; the manga's title from the `manga`
  /// relationship's attributes (`includes[]=manga`), else `fallback`.
  static func mangaDex(_ tree: JSONValue, fallback: String) throws(Diagnostic) -> FeedDocument {
    if tree["result"]?.string == "error" {
      let detail = tree["errors"]?[0]?["detail"]?.string ?? tree["errors"]?[0]?["title"]?.string
      throw Diagnostic(
        .error, line: tree.position?.line, column: tree.position?.column, path: "errors",
        "MangaDex answered with an error: \(Excerpt.quoted(detail ?? "no detail"))")
    }
    guard let data = tree["data"]?.array else {
      throw Diagnostic(
        .error, line: tree.position?.line, column: tree.position?.column, path: "data",
        "a MangaDex chapter feed needs an array of chapters in \"data\"")
    }
    var document = FeedDocument(format: .mangaDex)
    for chapter in data {
      let manga = chapter["relationships"]?.array?.first { $0["type"]?.string == "manga" }
      if document.id == nil, let id = manga?["id"]?.string {
        document.id = "mangadex:" + id
        document.link = "https://mangadex.org/title/" + id
      }
      if document.title == nil, let titles = manga?["attributes"]?["title"]?.members {
        document.title = (titles.first { $0.key == "en" } ?? titles.first)?.value.string
      }
      let attributes = chapter["attributes"]
      let id = chapter["id"]?.string
      let number = attributes?["chapter"]?.string
      let name = attributes?["title"]?.string.flatMap { $0.isEmpty ? nil : $0 }
      let title = [number.map { "Chapter " + $0 }, name].compactMap { $0 }.joined(separator: ": ")
      document.add(
        id: id.map { "mangadex:chapter:" + $0 }, title: title.isEmpty ? nil : title,
        link: id.map { "https://mangadex.org/chapter/" + $0 },
        date: attributes?["publishAt"]?.string ?? attributes?["readableAt"]?.string,
        chapter: number, line: chapter.position?.line, parse: ISOInstant.parse)
    }
    if document.title == nil { document.title = fallback }
    return document
  }
}
