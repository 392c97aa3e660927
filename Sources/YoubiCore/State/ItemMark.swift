import Schedule

/// The mark of one feed release, kept by its item's id (`Origin.release`): seen or not,
/// when that was set, the date the release had then, and its episode when known.
///
/// A feed names each item (a `guid`, an Atom `id`, a JSON Feed `id`, a MangaDex
/// chapter's id), so two chapters published on one date are two marks, and a chapter
/// whose date the publisher edited keeps its mark. The date is kept only to forget the
/// mark when its release is older than the state keeps (`Marks.prune`, `keptFrom`).
public struct ItemMark: Hashable, Comparable, Sendable {
  public var stamp: Stamp
  /// The release's date when it was marked.
  public var date: CivilDate
  public var episode: Int?

  public init(stamp: Stamp, date: CivilDate, episode: Int? = nil) {
    self.stamp = stamp
    self.date = date
    self.episode = episode
  }

  /// By stamp, the later change winning as for every mark; a tie (never met between two
  /// changes of one machine) is broken by date and episode, so a merge is still a join.
  public static func < (a: ItemMark, b: ItemMark) -> Bool {
    if a.stamp != b.stamp { return a.stamp < b.stamp }
    if a.date != b.date { return a.date < b.date }
    return (a.episode ?? .min) < (b.episode ?? .min)
  }
}

extension Serial {
  /// The id its release's mark is kept by, when its source names each release (a feed).
  var releaseID: String? { origin?.release }
}
