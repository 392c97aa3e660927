import JSON

/// When a show comes out on one streaming platform, as bangumi-data's `sites` say it:
/// the site's name (`crunchyroll`) and its airing, a repeating interval like the TV's
/// (`R/2024-10-06T15:30:00.000Z/P7D`) or, with a `begin` and no `broadcast`, one release.
///
/// Plain and `Equatable`: an `Origin` keeps a list of them beside its TV airing.
public struct PlatformSlot: Hashable, Sendable {
  /// bangumi-data's key for the site (`crunchyroll`, `netflix`, `bilibili`).
  public var site: String
  /// `.repeating` for a weekly (or daily) slot, `.once` for a single release.
  public var airing: Airing

  public init(site: String, airing: Airing) {
    self.site = site
    self.airing = airing
  }

  /// The site's name as people know it (`Crunchyroll`), else its key.
  public var name: String { BangumiSites.name(of: site) }
}

/// The sites bangumi-data knows (its `data/sites/*.json`): the places to watch
/// (`onair`), the trackers and databases (`info`) and the download indexes
/// (`resource`), by key, with the names people know them by.
///
/// `watch-on` is checked against them, so a misspelt site is a config error with a
/// suggestion, not a silent fallback to the TV slot.
public enum BangumiSites {
  /// The places to watch, in bangumi-data's order, with their names.
  public static let onair: [(key: String, name: String)] = [
    ("acfun", "AcFun"), ("bilibili", "bilibili"), ("bilibili_hk_mo_tw", "bilibili HK/MO/TW"),
    ("bilibili_hk_mo", "bilibili HK/MO"), ("bilibili_tw", "bilibili TW"), ("youku", "Youku"),
    ("qq", "Tencent Video"), ("iqiyi", "iQIYI"), ("letv", "LeTV"), ("mgtv", "Mango TV"),
    ("nicovideo", "Niconico"), ("netflix", "Netflix"), ("gamer", "Bahamut Anime Crazy"),
    ("gamer_hk", "Bahamut Anime Crazy HK"), ("muse_hk", "Muse HK"), ("muse_tw", "Muse TW"),
    ("ani_one", "Ani-One"), ("ani_one_asia", "Ani-One Asia"), ("viu", "Viu"),
    ("mytv", "myTV SUPER"), ("disneyplus", "Disney+"), ("abema", "ABEMA"),
    ("unext", "U-NEXT"), ("crunchyroll", "Crunchyroll"), ("danime", "d Anime Store"),
    ("tropics", "Tropics"), ("prime", "Prime Video"), ("youtube", "YouTube"),
    ("mighty", "Mighty"),
  ]
  /// The trackers and databases, and the download indexes.
  public static let others: [(key: String, name: String)] = [
    ("bangumi", "bangumi"), ("tmdb", "TMDB"), ("anidb", "AniDB"), ("aniList", "AniList"),
    ("mal", "MyAnimeList"), ("dmhy", "dmhy"), ("mikan", "Mikan"), ("bangumi_moe", "bangumi.moe"),
  ]

  /// Every key, places to watch first.
  public static var keys: [String] { (onair + others).map(\.key) }

  /// The key `text` names, in any case (`Crunchyroll`, `aniList`, `anilist`); nil for
  /// a name bangumi-data does not have.
  public static func key(_ text: String) -> String? {
    let lower = text.lowercased()
    return keys.first { $0.lowercased() == lower }
  }

  /// The name of the site `key` (`Crunchyroll`), else the key itself.
  public static func name(of key: String) -> String {
    (onair + others).first { $0.key == key }?.name ?? key
  }

  /// The letter a row shows beside a time placed on `site`'s slot: the first letter of
  /// its name, in capitals (`C` for Crunchyroll, `N` for Netflix).
  public static func initial(of site: String) -> Character {
    let letter = name(of: site).unicodeScalars.first { $0.properties.isAlphabetic }
    return letter.map { Character(String($0).uppercased()) } ?? "?"
  }

  /// `unknown site "crunchyrol"; did you mean "crunchyroll"?`, or the places to watch.
  public static func unknown(_ text: String) -> String {
    let shown = "unknown site " + Excerpt.quoted(text)
    if let near = Suggestion.nearest(to: text.lowercased(), among: keys.map { $0.lowercased() }) {
      return "\(shown); did you mean \"\(key(near) ?? near)\"?"
    }
    let common = ["crunchyroll", "netflix", "bilibili", "unext", "danime", "abema", "prime"]
    return "\(shown); the sites include " + common.joined(separator: ", ")
  }
}
