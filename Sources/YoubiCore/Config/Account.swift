import Schedule

/// A person's list on a tracker, named in the config (`anilist = NAME`, `mal = NAME`):
/// a schedule source that is fetched like a subscription and, with a token, written back.
///
/// Its identity is the address of the list's own page (`https://anilist.co/user/NAME/
/// animelist`): the cache and the marks know it by that URL, as they know a subscription,
/// while the runtime asks the tracker's API (`api`) for it.
public struct Account: Hashable, Sendable {
  /// Which tracker holds the list.
  public enum Tracker: String, Hashable, Sendable, CaseIterable {
    case aniList = "anilist"
    case myAnimeList = "mal"

    /// Its name as people write it.
    public var name: String {
      switch self {
      case .aniList: "AniList"
      case .myAnimeList: "MyAnimeList"
      }
    }

    /// The prefix of its shows' ids (`anilist:21`, `mal:21`).
    public var idPrefix: String { rawValue + ":" }
  }

  public var tracker: Tracker
  /// The user name, checked to be letters, digits, `_` and `-`.
  public var name: String
  /// The API's address (a setting, so tests serve it from 127.0.0.1).
  public var api: WebURL
  /// MyAnimeList's client id (`X-MAL-CLIENT-ID`); nil for AniList.
  public var clientID: String?
  /// Where the token comes from; nil: the list is read, never written.
  public var token: TokenSource?

  public init(
    tracker: Tracker, name: String, api: WebURL, clientID: String? = nil,
    token: TokenSource? = nil
  ) {
    self.tracker = tracker
    self.name = name
    self.api = api
    self.clientID = clientID
    self.token = token
  }

  /// The address the list is known by: its page on the tracker's site.
  public var url: WebURL { Self.url(tracker, name) }

  /// The page of `name`'s list on `tracker`'s site.
  static func url(_ tracker: Tracker, _ name: String) -> WebURL {
    let (before, after) = pageParts(tracker)
    return try! WebURL(checking: before + name + after)
  }

  /// The address of a list's page before and after the user name.
  static func pageParts(_ tracker: Tracker) -> (String, String) {
    switch tracker {
    case .aniList: ("https://anilist.co/user/", "/animelist")
    case .myAnimeList: ("https://myanimelist.net/animelist/", "")
    }
  }

  /// The tracker and user of a list's page address; nil for any other URL.
  public static func list(at url: WebURL) -> (tracker: Tracker, name: String)? {
    let text = url.text
    for tracker in Tracker.allCases {
      let (before, after) = pageParts(tracker)
      guard text.hasPrefix(before), text.hasSuffix(after),
        text.utf8.count > before.utf8.count + after.utf8.count
      else { continue }
      let name = String(text.dropFirst(before.count).dropLast(after.count))
      if isName(name) { return (tracker, name) }
    }
    return nil
  }

  /// What its section is called: `NAME (AniList)`.
  public static func sectionName(_ tracker: Tracker, _ name: String) -> String {
    "\(name) (\(tracker == .aniList ? "AniList" : "MAL"))"
  }

  /// Whether `text` can be a user name: 1 to 40 letters, digits, `_` or `-`, so it
  /// goes into a URL's path and a GraphQL variable as it is.
  public static func isName(_ text: String) -> Bool {
    (1...40).contains(text.utf8.count)
      && text.utf8.allSatisfy {
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
      }
  }

  /// AniList's GraphQL API.
  public static let aniListAPI = try! WebURL(checking: "https://graphql.anilist.co")
  /// MyAnimeList's API v2.
  public static let myAnimeListAPI = try! WebURL(checking: "https://api.myanimelist.net/v2")
}

/// Where a tracker's token comes from: a file only its owner can read, or the first line
/// a command prints (`pass show anilist`). Read by the runtime when it writes, never kept.
public enum TokenSource: Hashable, Sendable {
  case file(String)
  /// A program and its arguments, split at spaces, never through a shell.
  case command([String])
}
