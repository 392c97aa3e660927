import Schedule
import YoubiCore
import YoubiRuntime

extension Launch {
  /// The run's snapshots at wall second `now`, unless they are off (`YOUBI_SNAPSHOTS=0`,
  /// for comparing) or there is no cache.
  ///
  /// A `reference` enriches every source read, so who each one is joins the key (a file's
  /// identity, a URL's cached copy's), and a source of any size is snapshotted: reading
  /// the reference is the cost a snapshot saves. None when a reference cannot say who it
  /// is now (a file missing, a URL with no copy or one due to be fetched again): then
  /// everything is read, and the reference's warnings said, as without a cache.
  func snapshots(now: Int64) -> SnapshotKeeper? {
    guard environment["YOUBI_SNAPSHOTS"] != "0",
      let store = SnapshotStore(environment: environment)
    else { return nil }
    var settings = [
      "youbi \(youbiVersion)", "zone \(SnapshotStore.zoneIdentity(environment: environment))",
      "day-starts \(self.settings.dayStartHour)", "titles \(self.settings.titles.rawValue)",
      "watch-on \(self.settings.watchOn.joined(separator: ","))",
    ]
    var keeper = SnapshotKeeper(store: store, settings: "")
    for reference in references.sources {
      guard let path = referencePath(reference, now: now),
        let identity = SnapshotStore.identity(of: path, atLeast: 0)
      else { return nil }
      keeper.references.append(.init(path: path, identity: identity))
      settings.append("reference \(path)\nreference-file \(identity)")
    }
    if !keeper.references.isEmpty { keeper.smallest = 0 }
    keeper.settings = settings.joined(separator: "\n")
    return keeper
  }

  /// The file a reference is read from at `now`, when reading it would read just that
  /// file: a file, or a URL's cached copy that is not due to be fetched again
  /// (`References.load`).
  func referencePath(_ source: ScheduleSource, now: Int64) -> String? {
    switch source {
    case .file(let path): return path
    case .url(let url):
      guard let fetcher, let copy = Subscriptions.copy(of: url, in: fetcher.cache) else {
        return nil
      }
      if let at = fetcher.cache.fetchedAt(url, now: now), now - at >= references.refresh {
        return nil
      }
      return copy
    case .standardInput, .demo: return nil
    }
  }

  /// The file a source is read from, when a snapshot can stand for it: a file, or a
  /// subscription's cached copy.
  func snapshotPath(_ source: ScheduleSource) -> String? {
    switch source {
    case .demo, .standardInput: return nil
    case .file(let path): return path
    case .url(let url): return Subscriptions.copy(of: url, in: fetcher?.cache)
    }
  }
}
