import Schedule
import TerminalUI

/// The page's key map: what a key does when no part is open over the week (or the
/// calendar), the keys that act on the selected serial among them (Enter, `o`, `y`,
/// `m`, `M`, `b`, `f`, `*`); the detail box passes those it lets through.
extension AppState {
  /// A key on the page; returns what it decided (a quit among them).
  mutating func pageKey(_ key: Key, at now: Duration) -> [Effect] {
    let page = listRows
    switch key {
    case .left, .char("h"): pager.step(.backward, at: now)
    case .right, .char("l"): pager.step(.forward, at: now)
    case .up, .char("k"): moveCursor { $0.move(by: -1, count: $1, rows: $2) }
    case .down, .char("j"): moveCursor { $0.move(by: 1, count: $1, rows: $2) }
    case .pageUp: moveCursor { $0.move(by: -(page - 1), count: $1, rows: $2) }
    case .pageDown, .char(" "): moveCursor { $0.move(by: page - 1, count: $1, rows: $2) }
    case .home, .char("g"): moveCursor { $0.move(to: 0, count: $1, rows: $2) }
    case .end, .char("G"): moveCursor { $0.move(to: $1 - 1, count: $1, rows: $2) }
    case .char("t"): goToToday(at: now)
    case .char("c"): toggleCalendar(at: now)
    case .char("w"): switchColumns()
    case .char("["): stepWeek(.backward, at: now)
    case .char("]"): stepWeek(.forward, at: now)
    case .char("?"): openHelp()
    case .char("r"): requestReload(at: now)
    case .char("/"): startSearch(at: now)
    case .char("n"): stepSearch(.forward, at: now)
    case .char("N"): stepSearch(.backward, at: now)
    case .escape: escapeOnPage()
    case .char("q"): return requestQuit(0, at: now)
    // The keys that act on the selected serial.
    case .enter:
      if selectedSerial != nil {
        focus = .details
        detailsScroll = 0
      }
    case .char("o"): return openSelected()
    case .char("y"): return copySelected()
    case .char("m"): return toggleSeenSelected(ahead: showDetails)
    case .char("M"): return catchUpSelected()
    case .char("b"): focus = .behind(BehindList())
    case .char("f"): return toggleStarSelected()
    case .char("*"):
      starredOnly.toggle()
      refreshStarFilter()
    case .char(let c) where ("1"..."7").contains(c):
      goTo(weekday: Weekday(rawValue: Int(c.value - 0x31))!, at: now)
    case .tab: sectionPager.step(.forward, at: now)
    case .backTab: sectionPager.step(.backward, at: now)
    case .char, .backspace, .function:
      break
    }
    return []
  }

  /// Esc on the page closes what is left open, a kept search's highlights; with
  /// nothing open it quits nothing (one Esc too many must not drop the person into
  /// the shell) and says how to quit.
  mutating func escapeOnPage() {
    if search != nil {
      search = nil
    } else {
      notice = Notice(.hint, labels.escapeDoesNotQuit)
    }
  }
}
