/// What a source said about a serial beyond a line in a weekday list: who it is there,
/// its titles in every language, how it airs, and its episode numbers when it has them.
///
/// A class, so a `Serial` grows by one reference: a schedule of a million hand-written
/// entries has none, and the entries a reader makes share theirs between the weekly
/// pieces one airing becomes (`LocalCalendar.place`). Immutable, so it is `Sendable`.
public final class Origin: Hashable, Sendable, CustomStringConvertible {
  /// The source's own id, prefixed by the source (`mal:5114`, `anilist:21`,
  /// `bangumi:<title>`): the same show in two pages of one source has the same id.
  public let id: String?
  /// Every title the source gives, the original first.
  public var titles: [Title] { body.titles }
  /// When it airs, as the source said it (zoned wall time, or instants); nil for an
  /// entry of Youbi's own format without a zone.
  public var airing: Airing? { body.airing }
  /// An episode number the source knows and the local date it comes out on; nil when
  /// the source has no episode numbers (then none is shown: none is invented).
  public var episode: EpisodeAnchor? { listing.episode }
  /// Links given whole.
  var givenLinks: [Link] { extras?.givenLinks ?? [] }
  /// Links made from a site's URL template and an id when asked for (bangumi-data has a
  /// dozen sites an item: kept as ids they cost a quarter of the memory).
  var siteLinks: SiteLinks? { extras?.siteLinks }
  /// Where the person is on a tracker's list (AniList, MyAnimeList), when the source is
  /// that list; nil for every other source.
  public var progress: TrackerProgress? { listing.progress }
  /// Whether the entry is a release only expected, not announced: a feed's next one on the
  /// slot its last releases keep, or its place in today's "no fixed day" list. It counts
  /// down, but it is never behind: nothing has come out.
  public let isExpected: Bool
  /// The id of this one release, when the source gives each release its own (a feed
  /// item's `guid`, Atom `id`, JSON Feed `id`, a MangaDex chapter's id): its mark is kept
  /// by it, so two releases of one date are marked apart and a release whose date the
  /// publisher edited keeps its mark. Nil for a weekly slot.
  public var release: String? { listing.release }
  /// The show's ids on trackers other than the source's own (`mal:5114` for an AniList
  /// show, `anilist:21` and `mal:21` for a bangumi-data item): what joins the same show
  /// of two sources, never its title.
  public var otherIDs: [String] { extras?.otherIDs ?? [] }
  /// Its streaming platforms' slots (bangumi-data's `sites` with a `begin` or a
  /// `broadcast`), in the source's order; empty for every other source.
  public var slots: [PlatformSlot] { extras?.slots ?? [] }
  /// The site whose slot placed it on the local calendar (`watch-on`): then `airing` is
  /// that slot's; nil when it is placed on its TV slot.
  public var platform: String? { listing.platform }
  /// The TV broadcast as the source gave it, when it is placed on a platform's slot
  /// (`airing` is then the platform's); nil otherwise.
  public var tvAiring: Airing? { extras?.tvAiring }
  /// What few origins have (every field above but `id`, `titles`, `airing` and
  /// `isExpected`), kept apart: nil when it would be empty, so the origin of a plain
  /// slot costs a third of what one with every field inline would.
  var extras: Extras? { body.extras }
  /// What the source said of the show, in the origin or still in a snapshot's bytes.
  let stored: Stored

  public convenience init(
    id: String? = nil, titles: [Title] = [], airing: Airing? = nil, episode: EpisodeAnchor? = nil,
    links: [Link] = [], isExpected: Bool = false, otherIDs: [String] = [],
    slots: [PlatformSlot] = [], platform: String? = nil, tvAiring: Airing? = nil
  ) {
    self.init(
      id: id, titles: titles, airing: airing, episode: episode, links: links, sites: nil,
      isExpected: isExpected, otherIDs: otherIDs, slots: slots, platform: platform,
      tvAiring: tvAiring)
  }

  convenience init(
    id: String?, titles: [Title], airing: Airing?, episode: EpisodeAnchor?, links: [Link],
    sites: SiteLinks?, progress: TrackerProgress? = nil, isExpected: Bool = false,
    release: String? = nil, otherIDs: [String] = [], slots: [PlatformSlot] = [],
    platform: String? = nil, tvAiring: Airing? = nil
  ) {
    let extras = Extras(
      episode: episode, givenLinks: links, siteLinks: sites, progress: progress, release: release,
      otherIDs: otherIDs, slots: slots, platform: platform, tvAiring: tvAiring)
    let body = Body(titles: titles, airing: airing, extras: extras.isEmpty ? nil : extras)
    self.init(id: id, isExpected: isExpected, stored: .here(body))
  }

  init(id: String?, isExpected: Bool, stored: Stored) {
    self.id = id
    self.isExpected = isExpected
    self.stored = stored
  }

  /// Other pages for it ("where to watch"), in the source's order; only checked http(s)
  /// URLs.
  public var links: [Link] { givenLinks + (siteLinks?.links ?? []) }

  /// Its pages on trackers and databases: the page of its own id on AniList or
  /// MyAnimeList, then bangumi-data's `info` sites (bangumi, AniDB, MyAnimeList) in the
  /// source's order; only checked http(s) URLs.
  public var trackerLinks: [Link] {
    let own = id.flatMap(Self.trackerPage).map { [$0] } ?? []
    return own + (siteLinks?.trackers ?? []).filter { link in !own.contains(link) }
  }

  /// The tracker page of an id `mal:N` or `anilist:N`; nil for any other.
  static func trackerPage(_ id: String) -> Link? {
    let parts = id.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, parts[1].allSatisfy(\.isASCII), Int(parts[1]) != nil else {
      return nil
    }
    let page: (String, String)? =
      switch parts[0] {
      case "mal": ("MyAnimeList", "https://myanimelist.net/anime/")
      case "anilist": ("AniList", "https://anilist.co/anime/")
      default: nil
      }
    guard let (name, prefix) = page, let url = try? WebURL(checking: prefix + parts[1]) else {
      return nil
    }
    return Link(name: name, url: url)
  }

  /// The TV broadcast: `airing` when it is placed on it, else the one kept beside.
  public var tv: Airing? { platform == nil ? airing : tvAiring }

  /// The same origin with `episode` replaced.
  public func with(episode: EpisodeAnchor?) -> Origin {
    copy(episode: episode, progress: progress, release: release, otherIDs: otherIDs)
  }

  /// The same origin with `progress` replaced.
  public func with(progress: TrackerProgress?) -> Origin {
    copy(episode: episode, progress: progress, release: release, otherIDs: otherIDs)
  }

  /// The same origin with `release` (the id of this one release) replaced.
  public func with(release: String?) -> Origin {
    copy(episode: episode, progress: progress, release: release, otherIDs: otherIDs)
  }

  /// The same origin with `otherIDs` replaced.
  public func with(otherIDs: [String]) -> Origin {
    copy(episode: episode, progress: progress, release: release, otherIDs: otherIDs)
  }

  /// The same origin with these fields as given, every other one as it is.
  private func copy(
    episode: EpisodeAnchor?, progress: TrackerProgress?, release: String?, otherIDs: [String]
  ) -> Origin {
    Origin(
      id: id, titles: titles, airing: airing, episode: episode, links: givenLinks,
      sites: siteLinks, progress: progress, isExpected: isExpected, release: release,
      otherIDs: otherIDs, slots: slots, platform: platform, tvAiring: tvAiring)
  }

  /// The title in `language`, if the source gives one (`original` always has the first).
  public func title(in language: TitleLanguage) -> String? {
    if language == .original { return titles.first?.text }
    return titles.first { $0.language == language.rawValue }?.text
  }

  public static func == (a: Origin, b: Origin) -> Bool {
    a === b
      || (a.id == b.id && a.titles == b.titles && a.airing == b.airing && a.episode == b.episode
        && a.givenLinks == b.givenLinks && a.siteLinks == b.siteLinks
        && a.progress == b.progress && a.isExpected == b.isExpected && a.release == b.release
        && a.otherIDs == b.otherIDs && a.slots == b.slots && a.platform == b.platform
        && a.tvAiring == b.tvAiring)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(titles)
  }

  public var description: String {
    "Origin(\(id ?? "-"), \(titles.map(\.text)), \(airing.map { "\($0)" } ?? "-"))"
  }
}

/// A title and its language: a BCP 47 tag (`en`, `ja`, `zh-Hans`), `original` for the
/// title in the work's own language, or `synonym`.
public struct Title: Hashable, Sendable {
  public var language: String
  public var text: String

  public init(_ language: String, _ text: String) {
    self.language = language
    self.text = text
  }
}

/// The languages `titles =` can pick from.
public enum TitleLanguage: String, CaseIterable, Sendable {
  case original, en, ja
  case zhHans = "zh-Hans"
  case zhHant = "zh-Hant"

  /// Reads `original`, `en`, `ja`, `zh-Hans`, `zh-Hant` (any case); nil otherwise.
  public init?(parsing text: String) {
    guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
    else { return nil }
    self = found
  }
}

/// An episode number known for one date: episode `number` comes out on `date`, and one
/// more each week after (one less each week before).
public struct EpisodeAnchor: Hashable, Sendable {
  public var date: CivilDate
  public var number: Int

  public init(date: CivilDate, number: Int) {
    self.date = date
    self.number = number
  }

  /// The episode of the release on `release`: weeks are counted to the nearest, so a
  /// release a time change moved to the day before or after still counts as its week.
  public func number(on release: CivilDate) -> Int {
    number + Int(floorDivide(Int64(date.days(to: release) + 3), 7))
  }
}

/// Links to sites by id, made with the sites' URL templates when asked for.
struct SiteLinks: Hashable, Sendable {
  /// Each site's name and its URL template, cut at the id, and whether it is a tracker
  /// or database (`info`) rather than a place to watch.
  final class Templates: Sendable {
    typealias Site = (name: String, before: String, after: String, isTracker: Bool)
    let sites: [Site]
    init(_ sites: [Site]) { self.sites = sites }
  }

  let templates: Templates
  /// Index into `templates.sites`, and the id (or the whole URL when `index` is -1).
  let ids: [(index: Int32, id: String)]

  /// The places to watch (a whole URL given is one).
  var links: [Link] { made(trackers: false) }

  /// The trackers' and databases' pages.
  var trackers: [Link] { made(trackers: true) }

  private func made(trackers: Bool) -> [Link] {
    ids.compactMap { index, id in
      let site = index < 0 ? nil : templates.sites[Int(index)]
      guard (site?.isTracker ?? false) == trackers else { return nil }
      let text = site.map { $0.before + id + $0.after } ?? id
      return (try? WebURL(checking: text)).map { Link(name: site?.name ?? "", url: $0) }
    }
  }

  /// The same tables (one read back from a snapshot is another object with the same
  /// sites) and the same ids.
  static func == (a: SiteLinks, b: SiteLinks) -> Bool {
    (a.templates === b.templates
      || a.templates.sites.elementsEqual(b.templates.sites) { $0 == $1 })
      && a.ids.elementsEqual(b.ids) { $0 == $1 }
  }

  func hash(into hasher: inout Hasher) { hasher.combine(ids.count) }
}

/// A named link: where to watch, a database page.
public struct Link: Hashable, Sendable {
  public var name: String
  public var url: WebURL

  public init(name: String, url: WebURL) {
    self.name = name
    self.url = url
  }
}

/// Division rounding towards minus infinity.
func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
