/// One release a feed lists.
struct FeedItem: Sendable, Equatable {
  /// Its guid, id or link: what identifies it.
  var id: String
  var title: String?
  var link: String?
  /// When it came out, in seconds since 1970 UTC.
  var published: Int64
  /// Its chapter or episode number, when it has a whole one.
  var chapter: Int?
  var line: Int?
}
