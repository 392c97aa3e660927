import TerminalUI

/// What a key does while the detail box has focus: the box takes every key until
/// Enter, Esc or q closes it; `o`, `y`, `m` and `f` still act on its serial, as the
/// page's own actions; `1` to `9` open the box's numbered links.
enum DetailsKey: Equatable {
  /// The box closes; the page has the keys again.
  case close
  /// The page's action on the selected serial runs, the box stays open.
  case pass
  /// Nothing happens (as the help box swallows keys).
  case swallow
  /// The box's link numbered so (1 to 9: a place to watch, a tracker) opens.
  case link(Int)

  init(_ key: Key) {
    switch key {
    case .enter, .escape, .char("q"): self = .close
    case .char("o"), .char("y"), .char("m"), .char("f"): self = .pass
    case .char(let c) where ("1"..."9").contains(c): self = .link(Int(String(c))!)
    case .char, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .tab,
      .backTab, .function:
      self = .swallow
    }
  }
}
