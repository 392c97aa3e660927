/// The `reference` catalogues (config `reference = FILE|URL`): read behind the first
/// frame, and again on `r` or when a reference file changes, one read at a time; each
/// read makes every section be read again, enriched by them.
public struct ReferenceReads: Equatable, Sendable {
  /// Whether the config names any.
  public internal(set) var configured = false
  /// The reference files, watched with the sections' files.
  public internal(set) var paths: [String] = []
  /// When to read them again after a file changed: once the burst of changes has been
  /// quiet for `AppState.reloadQuiet`, at most `reloadMaxWait` after its first (as a
  /// section's file); nil when no change waits.
  var changedDue: Duration?
  /// The first change of the burst `changedDue` is settling.
  var burstStart: Duration?
  /// `r` asked for a read, to start once the one under way is done.
  var due = false
  /// A read is under way (`.loadReferences` went out, `.referencesLoaded` not back yet).
  var reading = false
  /// Not read yet: every section came from a snapshot the references enriched, and they
  /// are read first when a section is to be read whole (`readWholeIfNeeded`).
  var deferred = false
}

extension AppState {
  /// The config names references, and their first read goes out with the run's first
  /// effects (`.loadReferences`), or when `deferred`, once a section shown from a snapshot
  /// they enriched is to be read whole; `paths`, the files among them, are watched from
  /// the start (`launch`, called after), and a change to one reads them all again.
  public mutating func readsReferences(watching paths: [String] = [], deferred: Bool = false) {
    references.configured = true
    references.reading = !deferred
    references.deferred = deferred
    references.paths = paths
  }

  /// The read of the references put off at the start (`readsReferences(deferred:)`), now
  /// that more than the snapshots is needed: every section's file is read again, whole,
  /// when it is back (`referencesLoaded`), enriched.
  mutating func readDeferredReferences() -> [Effect] {
    guard references.deferred else { return [] }
    references.deferred = false
    references.reading = true
    return [.loadReferences]
  }

  /// A reference file changed: the references are read again once the burst settles.
  mutating func referenceChanged(_ path: String, at now: Duration) {
    guard references.paths.contains(path) else { return }
    let start = references.burstStart ?? now
    references.burstStart = start
    references.changedDue = min(now + Self.reloadQuiet, start + Self.reloadMaxWait)
  }

  /// When the references are to be read after a change; nil when none waits (or a read
  /// is under way: its end looks again).
  func referencesDeadline(after now: Duration) -> Duration? {
    guard let due = references.changedDue, !references.reading else { return nil }
    return max(due, now)
  }

  /// `r`: the references are read again too (a URL fetched when its copy is older than
  /// `refresh`).
  mutating func requestReferences() {
    if references.configured { references.due = true }
  }

  /// The read `r` or a changed file asked for, once none is under way.
  mutating func referencesIfDue(at now: Duration) -> [Effect] {
    if let due = references.changedDue, due <= now {
      references.changedDue = nil
      references.burstStart = nil
      references.due = true
    }
    guard references.due, !references.reading else { return [] }
    references.due = false
    references.deferred = false
    references.reading = true
    return [.loadReferences]
  }

  /// The `reference` catalogues were read: every section is read again now, enriched
  /// by them (nothing is fetched); a reference that could not be read is said in the
  /// footer, and the rest works.
  mutating func referencesLoaded(_ warnings: [String], at now: Duration) {
    references.reading = false
    if let first = warnings.first {
      let more = warnings.count > 1 ? " (+\(warnings.count - 1))" : ""
      notice = Notice(.reference, Self.footerReference(first) + more, isError: true)
    }
    for i in sections.indices where sections[i].reloadPath != nil {
      sections[i].reload.due = now
      sections[i].reload.burstStart = nil
    }
  }

  /// `youbi: reference: /a/b/bangumi.json: cannot open` as the footer says it, the
  /// file by its name: `reference: bangumi.json: cannot open`.
  static func footerReference(_ warning: String) -> String {
    var text = Substring(warning)
    if text.hasPrefix("youbi: ") { text = text.dropFirst("youbi: ".count) }
    let head = "reference: "
    guard text.hasPrefix(head) else { return String(text) }
    let rest = text.dropFirst(head.count)
    guard let colon = rest.firstIndex(of: ":") else { return String(text) }
    let path = rest[..<colon]
    let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
    return head + name + rest[colon...]
  }
}
