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

extension Launch {
  /// `youbi --sync`: sends the progress queued for each account, then fetches its list;
  /// one line an account on standard output; 0 when every one is current, 75 when not.
  func sync(clock: SystemClock) throws(Exit) -> Int32 {
    guard !accounts.isEmpty else {
      throw Exit(
        ScheduleError.noInput,
        "youbi: --sync: no account to sync (write anilist = NAME or mal = NAME in the config)")
    }
    guard let fetcher else {
      throw Exit(
        ConfigError.exitCode,
        "youbi: --sync: no cache directory to fetch into: set HOME or XDG_CACHE_HOME")
    }
    let sent = syncer(clock: clock)?.send().outcomes ?? []
    let now = clock.now().wall.seconds
    var status: Int32 = 0
    for account in accounts {
      var words: [String] = []
      if let outcome = sent.first(where: { $0.0 == account.url })?.1 {
        switch outcome {
        case .current: words.append("progress sent")
        case .refused: words.append("token refused; progress kept to send later")
        case .waiting(let reason): words.append("progress not sent: " + reason)
        }
        if outcome != .current { status = Subscriptions.tempFail }
      }
      let fetched = fetcher.fetch(account.url, at: now)
      if case .failed = fetched { status = Subscriptions.tempFail }
      words.append("list " + Fetcher.status(fetched))
      let name = Account.sectionName(account.tracker, account.name)
      try writeOutput("\(name): \(words.joined(separator: "; "))\n")
    }
    return status
  }
}
