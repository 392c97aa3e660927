import Schedule
import YoubiCore
import YoubiRuntime

/// The tracker accounts: the sender of progress writes, and `youbi --sync`.
extension Launch {
  /// What sends progress back: the accounts with a token, and the queue beside the state
  /// file; nil when no account has a token (or there is no state directory).
  func syncer(clock: SystemClock) -> Syncer? {
    guard accounts.contains(where: { $0.token != nil }),
      let queue = SyncQueue(environment: environment)
    else { return nil }
    return Syncer(
      queue: queue, accounts: accounts, environment: environment, clock: clock,
      version: youbiVersion)
  }
}
