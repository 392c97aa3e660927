import TerminalUI

/// What a key does while the detail box has focus: the box takes every key until
/// Enter, Esc or q closes it; `o`, `y`, `m` and `f` still act on its serial, as the
/// page's own actions; `1` to `9` open the box's numbered links; ↑ ↓ (k j), Page Up and
/// Down, Home and End scroll a box taller than the screen.
enum DetailsKey: Equatable {
  /// The box closes; the page has the keys again.
  case close
  /// The page's action on the selected serial runs, the box stays open.
  case pass
  /// Nothing happens (as the help box swallows keys).
  case swallow
  /// The box's link numbered so (1 to 9: a place to watch, a tracker) opens.
  case link(Int)
  /// The box scrolls by this many lines (`Int.min`, `Int.max`: to the top, the end);
  /// a page is `page` lines, the box's height.
  case scroll(Int, page: Bool)

  init(_ key: Key) {
    switch key {
    case .enter, .escape, .char("q"): self = .close
    case .char("o"), .char("y"), .char("m"), .char("f"): self = .pass
    case .char(let c) where ("1"..."9").contains(c): self = .link(Int(String(c))!)
    case .down, .char("j"): self = .scroll(1, page: false)
    case .up, .char("k"): self = .scroll(-1, page: false)
    case .pageDown, .char(" "): self = .scroll(1, page: true)
    case .pageUp: self = .scroll(-1, page: true)
    case .home: self = .scroll(Int.min, page: false)
    case .end: self = .scroll(Int.max, page: false)
    case .char, .left, .right, .backspace, .tab, .backTab, .function:
      self = .swallow
    }
  }
}
