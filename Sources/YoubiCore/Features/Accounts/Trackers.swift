import Schedule

/// What the core knows of the trackers beyond their lists: which lists are written back
/// and the progress each show is known to have there.
public struct Trackers: Equatable, Sendable {
  /// The lists written back (a token is set), by their address.
  public var writable: Set<WebURL> = []
  /// The highest progress known on the tracker or sent to it, by list and show id: a
  /// write is asked for only above it, so a mark removed here never lowers the tracker.
  var known: [WebURL: [String: Int]] = [:]
  /// The lists whose refused token (401) the footer has said.
  var refusalSaid: Set<WebURL> = []

  public init(writable: Set<WebURL> = []) { self.writable = writable }

  /// The progress known for `show` on `account`'s list (0: none).
  func progress(of show: String, on account: WebURL) -> Int { known[account]?[show] ?? 0 }

  /// Raises what is known for `show` to `progress` (never lowers it).
  mutating func raise(_ show: String, on account: WebURL, to progress: Int) {
    known[account, default: [:]][show] = max(self.progress(of: show, on: account), progress)
  }
}

extension AppState {
  /// Writes progress back to the lists at `accounts` (those with a token).
  public mutating func writeBack(_ accounts: Set<WebURL>) { trackers.writable = accounts }
}
