/// RSS 2.0 and Atom 1.0, read from the tree Expat gives (`XMLTreeReader`).
extension FeedReader {
  /// The dc namespace, whose `creator` and `date` many RSS feeds use.
  static let dublinCore = "http://purl.org/dc/elements/1.1/"

  /// The feed an XML document is: RSS by its `rss` root, Atom by its `feed` root in the
  /// Atom namespace; any other root is refused, naming the two.
  static func xmlDocument(_ bytes: [UInt8]) throws(Diagnostic) -> FeedDocument {
    let root = try XMLTreeReader.read(bytes)
    if root.name == "rss", let channel = root.child("channel") { return rss(channel) }
    if root.name == XMLElement.atom + " feed" { return atom(root) }
    throw Diagnostic(
      .error, line: root.line, column: root.column,
      "expected an RSS 2.0 <rss> with a <channel> or an Atom 1.0 <feed>, found <"
        + root.localName.prefix(40) + ">"
    )
  }

  /// An RSS 2.0 channel: `title`, `link`, `managingEditor` or `dc:creator`, and its items'
  /// `title`, `link`, `guid` and `pubDate` (RFC 822; `dc:date` in RFC 3339 when it has none).
  static func rss(_ channel: XMLElement) -> FeedDocument {
    var document = FeedDocument(format: .rss)
    document.title = channel.text(of: "title")
    document.link = channel.text(of: "link")
    document.author =
      channel.text(of: dublinCore + " creator") ?? channel.text(of: "managingEditor")
    for item in channel.children("item") {
      let date = item.text(of: "pubDate") ?? item.text(of: dublinCore + " date")
      document.add(
        id: item.text(of: "guid"), title: item.text(of: "title"), link: item.text(of: "link"),
        date: date, line: item.line, parse: FeedDate.parse)
    }
    return document
  }

  /// An Atom 1.0 feed: `title`, the `alternate` link, `author/name`, and its entries' `id`,
  /// `title`, `alternate` link and `published` (else `updated`), in RFC 3339.
  static func atom(_ feed: XMLElement) -> FeedDocument {
    let ns = XMLElement.atom + " "
    var document = FeedDocument(format: .atom)
    document.title = feed.text(of: ns + "title")
    document.link = alternate(feed)
    document.author = feed.child(ns + "author")?.text(of: ns + "name")
    for entry in feed.children(ns + "entry") {
      let date = entry.text(of: ns + "published") ?? entry.text(of: ns + "updated")
      document.add(
        id: entry.text(of: ns + "id"), title: entry.text(of: ns + "title"),
        link: alternate(entry), date: date, line: entry.line, parse: FeedDate.parse)
    }
    return document
  }

  /// The `href` of an Atom element's `alternate` link (a link without `rel` is one).
  static func alternate(_ element: XMLElement) -> String? {
    let links = element.children(XMLElement.atom + " link")
    let found = links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" }
    return found?.attributes["href"]?.trimmingXMLSpace()
  }
}
