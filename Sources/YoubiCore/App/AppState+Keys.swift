import TerminalUI

/// The one key router: a key goes to the part that has focus, the page being the
/// fallback. Keys that mean the same everywhere (Ctrl-C, and resizing, which is no
/// key) are handled in `update` before any part sees them.
extension AppState {
  /// Sends `key` to the part with focus and returns what it decided.
  mutating func route(_ key: Key, at now: Duration) -> [Effect] {
    clearNotices(before: key)
    switch focus {
    case .page: return pageKey(key, at: now)
    case .search:
      searchKey(key, at: now)
      return []
    case .details: return detailsKey(key, at: now)
    case .help(let help):
      helpKey(key, help)
      return []
    case .behind(let list): return behindListKey(key, list)
    }
  }

  /// Sends a mouse event to the part with focus: the detail box takes its clicks,
  /// the help its wheel; everything else goes to the page.
  mutating func route(_ mouse: MouseEvent, at now: Duration) -> [Effect] {
    switch focus {
    case .details:
      if let acted = clickDetails(mouse) { return acted }
    case .help where mouse.kind == .wheelUp || mouse.kind == .wheelDown:
      scrollHelp(by: mouse.kind == .wheelUp ? -3 : 3)
      return []
    case .help:
      if mouse.kind == .press { focus = .page }  // a click anywhere closes it, then acts
    case .page, .search, .behind: break
    }
    handle(mouse, at: now)
    return []
  }

  /// What the last action said stays until the next key, whatever it does: the
  /// footer's word on a link, the clipboard, a mark, a notification or a hint, and
  /// a search that wrapped (except under the help, which hides the footer's keys).
  private mutating func clearNotices(before key: Key) {
    switch notice?.topic {
    case .link?, .clipboard?, .notification?, .marks?, .hint?, .reference?: notice = nil
    case .search?:
      if help == nil { notice = nil }
    case .stateFile?, .stateFileMovedAside?, .account?, nil: break
    }
  }
}
