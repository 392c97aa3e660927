/// The serials of one feed: by default the feed is one, its items its releases; a feed
/// that lists the releases of several series (MangaUpdates' release feed: "[Group] Series
/// v.2 c.14") is one serial a series.
struct FeedSeries: Sendable {
  var title: String
  var id: String
  var link: String?
  var items: [FeedItem]

  /// The serials of `document`, `fallback` titling one whose feed has no title.
  static func of(_ document: FeedDocument, fallback: String) -> [FeedSeries] {
    let title = document.title ?? fallback
    let id = document.id ?? "feed:" + (document.link ?? title)
    if let grouped = grouped(document.items, feed: id) { return grouped }
    return [FeedSeries(title: title, id: id, link: document.link, items: document.items)]
  }

  /// One serial a series when every item's title names its series as MangaUpdates does
  /// and there are two series or more; nil otherwise.
  static func grouped(_ items: [FeedItem], feed: String) -> [FeedSeries]? {
    var order: [String] = []
    var groups: [String: [FeedItem]] = [:]
    for item in items {
      guard let title = item.title, let (series, chapter) = release(title) else { return nil }
      if groups[series] == nil { order.append(series) }
      var numbered = item
      numbered.chapter = chapter
      groups[series, default: []].append(numbered)
    }
    guard order.count >= 2 else { return nil }
    return order.map { FeedSeries(title: $0, id: feed + "#" + $0, link: nil, items: groups[$0]!) }
  }

  /// The series and chapter of a release title "[Group] Series v.2 c.14" (the group and
  /// the volume optional, `c.14-16` the first of a run); nil for a title of any other shape.
  static func release(_ title: String) -> (String, Int?)? {
    var words = title.split(separator: " ").map(String.init)
    if words.first?.hasPrefix("[") == true {
      guard let close = words.firstIndex(where: { $0.hasSuffix("]") }) else { return nil }
      words.removeFirst(close + 1)
    }
    guard let marker = words.lastIndex(where: { $0.hasPrefix("c.") }), marker > 0 else {
      return nil
    }
    let digits = words[marker].dropFirst(2).prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    var end = marker
    if words[end - 1].hasPrefix("v."), end > 1 { end -= 1 }
    let series = words[..<end].joined(separator: " ")
    return series.isEmpty ? nil : (series, Int(digits))
  }
}
