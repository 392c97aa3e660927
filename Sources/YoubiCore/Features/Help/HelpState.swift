import TerminalUI

/// The help feature's own state and key map: how far the box is scrolled.
///
/// Pure and small, so it is tested alone: a key and the box at the current size
/// in, the new offset (or "closed") out. `AppState` holds it in `Focus.help`.
public struct HelpState: Equatable, Sendable {
  /// How many lines of the help are scrolled above its box (a short screen).
  public internal(set) var offset = 0

  public init(offset: Int = 0) { self.offset = offset }

  /// A key while the help is up: j/k, the arrows, the page keys, Home and End
  /// scroll it; `?`, Esc and q close it (as its frame says), which returns false.
  /// Every other key is swallowed.
  mutating func handle(_ key: Key, box: HelpBox) -> Bool {
    let page = max(1, box.scrolledRows - 1)
    switch key {
    case .char("?"), .escape, .char("q"): return false
    case .down, .char("j"): scroll(by: 1, in: box)
    case .up, .char("k"): scroll(by: -1, in: box)
    case .pageDown, .char(" "): scroll(by: page, in: box)
    case .pageUp: scroll(by: -page, in: box)
    case .home, .char("g"): offset = 0
    case .end, .char("G"): offset = box.maxOffset
    case .char, .left, .right, .enter, .backspace, .tab, .backTab, .function: break
    }
    return true
  }

  /// Scrolls by `delta` lines, within the box's lines.
  mutating func scroll(by delta: Int, in box: HelpBox) {
    offset = min(max(0, offset + delta), box.maxOffset)
  }
}
