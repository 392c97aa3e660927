/// The `reference` catalogues (config `reference = FILE|URL`): read behind the first
/// frame, and again on `r`, one read at a time; each read makes every section be read
/// again, enriched by them.
public struct ReferenceReads: Equatable, Sendable {
  /// Whether the config names any.
  public internal(set) var configured = false
  /// `r` asked for a read, to start once the one under way is done.
  var due = false
  /// A read is under way (`.loadReferences` went out, `.referencesLoaded` not back yet).
  var reading = false
}

extension AppState {
  /// The config names references, and their first read goes out with the run's first
  /// effects (`.loadReferences`).
  public mutating func readsReferences() {
    references.configured = true
    references.reading = true
  }

  /// `r`: the references are read again too (a URL fetched when its copy is older than
  /// `refresh`).
  mutating func requestReferences() {
    if references.configured { references.due = true }
  }

  /// The read `r` asked for, once none is under way.
  mutating func referencesIfDue() -> [Effect] {
    guard references.due, !references.reading else { return [] }
    references.due = false
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
