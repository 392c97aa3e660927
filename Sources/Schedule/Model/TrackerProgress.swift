/// A show's entry on the person's tracker list: how many episodes they have seen there,
/// and when the entry last changed.
///
/// The tracker's count is where Youbi's marks start: episodes up to `watched` count as
/// seen, unless the person changed a mark here after the tracker's entry last changed
/// (the later change wins, as between two Youbis).
public struct TrackerProgress: Hashable, Sendable {
  /// Episodes seen, by the tracker's count (0: none yet).
  public var watched: Int
  /// When the entry last changed, in seconds since 1970; nil when the tracker does not say.
  public var updatedAt: Int64?
  /// The show's other ids on other trackers (`mal:5114` for an AniList show), for
  /// joining sources by id.
  public var otherIDs: [String]

  public init(watched: Int, updatedAt: Int64? = nil, otherIDs: [String] = []) {
    self.watched = max(0, watched)
    self.updatedAt = updatedAt
    self.otherIDs = otherIDs
  }
}
