/// What the app remembers between updates about announcing releases.
///
/// The scan of every serial runs only when something it depends on changed (a
/// schedule loaded, the marks synced, a star) or when the time it found comes; in
/// between an update costs one comparison.
public struct NotificationPlan: Equatable, Sendable {
  /// Releases this process has asked to announce: never asked twice, even before the
  /// state file has answered, and across a reload.
  public var asked: Set<NotificationKey> = []
  /// When to look again, local seconds since 1970: the next release to announce, or a
  /// day on when none is near.
  public var nextAt: Int64?
  /// Something changed since the last scan.
  public var stale = true

  public init() {}
}
