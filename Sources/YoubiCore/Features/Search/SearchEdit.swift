import TerminalUI

/// What a key does to the open search prompt: the prompt's own key map.
///
/// Pure: `Search.edit(_:)` reads the query and the key, and `AppState` carries the
/// result out (finding the hits, moving the view), so the key map is tested alone.
enum SearchEdit: Equatable {
  /// The query becomes this text.
  case query(String)
  /// Enter: the prompt closes and the result stays.
  case keep
  /// Esc, or Backspace on an empty prompt: back to where the search started.
  case cancel
  /// A key that moves the view, ignored: the view stays on the match.
  case none
}

extension Search {
  /// What `key` does to the prompt holding `query`: text goes in, Ctrl-U clears
  /// the line, Backspace takes a whole character off.
  func edit(_ key: Key) -> SearchEdit {
    switch key {
    case .char("\u{15}"): return .query("")
    case .char(let c):
      let text = Search.promptText(String(c))
      return text.isEmpty ? .none : .query(query + text)
    case .backspace:
      guard !query.isEmpty else { return .cancel }
      var shorter = query
      shorter.removeLast()  // a whole character, however many scalars it has
      return .query(shorter)
    case .enter: return .keep
    case .escape: return .cancel
    case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab, .function:
      return .none
    }
  }
}
