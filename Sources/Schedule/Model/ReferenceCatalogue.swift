/// A bangumi-data catalogue read as a `reference`: not shown as a section, it enriches
/// the shows of every other source that it knows by id (an AniList show through the
/// item's `aniList` site, a MyAnimeList or Jikan show through `mal`), never by title.
///
/// Immutable once read, so it is shared between threads as it is.
public final class ReferenceCatalogue: Sendable {
  /// What an item gives the shows it matches.
  public struct Entry: Sendable {
    /// Every title, the original first.
    var titles: [Title]
    /// Its TV broadcast.
    var tv: Airing?
    /// Its platforms' slots.
    var slots: [PlatformSlot]
    /// Its places to watch and its trackers' pages, by id.
    var sites: SiteLinks?
    /// Its official site.
    var officialSite: WebURL?
  }

  /// By id: `anilist:21`, `mal:5114`.
  let entries: [String: Entry]
  /// Problems met reading it, which did not stop it.
  public let warnings: [Diagnostic]
  /// The items it knows by an id (each once, however many ids it has), and their
  /// platforms' slots: what `--check` says of it.
  public let shows: Int
  public let platformSlots: Int

  init(
    entries: [String: Entry], warnings: [Diagnostic] = [], shows: Int = 0, platformSlots: Int = 0
  ) {
    self.entries = entries
    self.warnings = warnings
    self.shows = shows
    self.platformSlots = platformSlots
  }

  /// A catalogue that knows nothing.
  public static let empty = ReferenceCatalogue(entries: [:])

  /// How many ids it knows.
  public var count: Int { entries.count }

  /// The entry for a show: by its own id, else by the other ids its tracker list gives
  /// (an AniList entry's MyAnimeList id).
  func entry(for origin: Origin) -> Entry? {
    if let id = origin.id, let found = entries[id] { return found }
    for id in origin.progress?.otherIDs ?? [] {
      if let found = entries[id] { return found }
    }
    return nil
  }

  /// Several catalogues as one: on an id two know, the first's entry.
  public static func merged(_ all: [ReferenceCatalogue]) -> ReferenceCatalogue {
    guard all.count != 1 else { return all[0] }
    var entries: [String: Entry] = [:]
    for catalogue in all {
      entries.merge(catalogue.entries) { first, _ in first }
    }
    return ReferenceCatalogue(
      entries: entries, warnings: all.flatMap(\.warnings), shows: all.map(\.shows).reduce(0, +),
      platformSlots: all.map(\.platformSlots).reduce(0, +))
  }
}
