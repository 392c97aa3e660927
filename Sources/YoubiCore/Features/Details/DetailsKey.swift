import TerminalUI

/// What a key does while the detail box has focus: the box takes every key until
/// Enter, Esc or q closes it; `o`, `y`, `m` and `f` still act on its serial, as the
/// page's own actions.
enum DetailsKey: Equatable {
  /// The box closes; the page has the keys again.
  case close
  /// The page's action on the selected serial runs, the box stays open.
  case pass
  /// Nothing happens (as the help box swallows keys).
  case swallow

  init(_ key: Key) {
    switch key {
    case .enter, .escape, .char("q"): self = .close
    case .char("o"), .char("y"), .char("m"), .char("f"): self = .pass
    case .char, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .tab,
      .backTab, .function:
      self = .swallow
    }
  }
}
