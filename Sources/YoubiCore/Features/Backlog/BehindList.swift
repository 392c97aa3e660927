import TerminalUI

/// The `b` list's own state and key map: where its cursor is, and what a key asks for.
///
/// The list shows the backlog's items; marking one changes marks, which belong to
/// the app, so a key returns what it asks for and `AppState` carries that out (as a
/// TCA child reducer hands a delegate action to its parent).
public struct BehindList: Equatable, Sendable {
  /// The cursor: an index into the backlog's items.
  public internal(set) var row = 0

  public init(row: Int = 0) { self.row = row }

  /// What a key asks of the app.
  enum Request: Equatable {
    /// Nothing beyond the list's own state (the cursor moved, or the key was swallowed).
    case none
    /// Close the list: the page has the keys again.
    case close
    /// Mark the release under the cursor seen (`m`).
    case mark(Int)
    /// Mark it and every older release of its serial seen (`M`).
    case catchUp(Int)
    /// Open the release's link (`o`): a feed's chapter, else the serial's.
    case open(Int)
    /// Enter: a feed's release opens its chapter's link; anything else closes the list.
    case choose(Int)
  }

  /// A key while the list is open, over `count` items: it takes every key.
  mutating func handle(_ key: Key, count: Int) -> Request {
    clamp(count: count)
    switch key {
    case .escape, .char("b"), .char("q"): return .close
    case .enter: return row < count ? .choose(row) : .close
    case .down, .char("j"): row = min(row + 1, max(0, count - 1))
    case .up, .char("k"): row = max(row - 1, 0)
    case .char("m"): return row < count ? .mark(row) : .none
    case .char("M"): return row < count ? .catchUp(row) : .none
    case .char("o"): return row < count ? .open(row) : .none
    case .char, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .tab, .backTab,
      .function:
      break
    }
    return .none
  }

  /// Keeps the cursor on an item when the backlog shrinks.
  mutating func clamp(count: Int) { row = max(0, min(row, count - 1)) }
}
