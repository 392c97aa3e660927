import Schedule

/// One progress write for a tracker: set show `show` of the list at `account` to
/// `progress` episodes seen.
///
/// The core decides it (`Effect.sync`) when a release of a tracked show is marked seen;
/// the runtime queues it durably and sends it. Setting the same progress twice is one
/// result, and the runtime never sends a number below the tracker's own.
public struct SyncRequest: Hashable, Sendable {
  /// The list's address (`Account.url`), which says the tracker and the user.
  public var account: WebURL
  /// The show's id on the tracker, with its prefix (`anilist:21`, `mal:21`).
  public var show: String
  /// Episodes seen: the highest episode marked.
  public var progress: Int

  public init(account: WebURL, show: String, progress: Int) {
    self.account = account
    self.show = show
    self.progress = progress
  }

  /// The show's number on its tracker (`21` of `anilist:21`); nil for another id.
  public var mediaID: Int? {
    guard let colon = show.firstIndex(of: ":") else { return nil }
    return Int(show[show.index(after: colon)...])
  }
}

/// How sending the queue for one account went, as the footer and `--sync` say it.
public enum SyncOutcome: Equatable, Sendable {
  /// Every write queued for it is on the tracker (or the tracker was already ahead).
  case current
  /// The tracker refused the token (401): said once; the queue is kept.
  case refused
  /// Not sent this time (offline, 429 or 5xx, no token): the queue is kept and tried again.
  case waiting(String)
}
