/// An OPML subscription list, as newsboat, Thunderbird and most feed readers export one:
/// every `outline` with an `xmlUrl`, at any depth of the `body`, read through Expat as
/// the feeds are (`XMLTreeReader`).
public enum OPML {
  /// The feeds an OPML file lists, and how many outlines named a URL that is not an
  /// http(s) one (left out).
  public struct Subscriptions: Equatable, Sendable {
    public var urls: [WebURL]
    public var leftOut: Int
  }

  /// Reads the OPML file at `path` (`-` is standard input); one line when it cannot.
  public static func read(path: String) throws(ScheduleError) -> Subscriptions {
    let source = ScheduleLoader.sourceName(path: path)
    let bytes = try ScheduleLoader.readAll(path: path, source: source)
    do {
      return try subscriptions(bytes)
    } catch {
      throw ScheduleError(error, source: source)
    }
  }

  /// The subscriptions of an OPML document.
  static func subscriptions(_ bytes: [UInt8]) throws(Diagnostic) -> Subscriptions {
    let root = try XMLTreeReader.read(bytes)
    guard root.name == "opml", let body = root.child("body") else {
      throw Diagnostic(
        .error, line: root.line, column: root.column,
        "expected an OPML document, an <opml> with a <body>")
    }
    var found = Subscriptions(urls: [], leftOut: 0)
    collect(body, into: &found)
    return found
  }

  /// The `xmlUrl` of every outline under `element`, in document order, each once.
  static func collect(_ element: XMLElement, into found: inout Subscriptions) {
    for outline in element.children("outline") {
      if let text = outline.attributes["xmlUrl"]?.trimmingXMLSpace(), !text.isEmpty {
        if let url = try? WebURL(checking: text) {
          if !found.urls.contains(url) { found.urls.append(url) }
        } else {
          found.leftOut += 1
        }
      }
      collect(outline, into: &found)
    }
  }
}
