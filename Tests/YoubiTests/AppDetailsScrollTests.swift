import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// A detail box taller than the screen scrolls (↓ ↑, j k, Page Down, Home, End), says
/// which way the rest is, and its numbered links open whether in view or not.
@Suite struct AppDetailsScrollTests {
  func state() throws -> AppState {
    try AppDetailsSlotsTests().state(
      .en, watchOn: ["crunchyroll"], size: Size(width: 40, height: 12))
  }

  func press(_ key: Key, _ times: Int = 1, on state: inout AppState) -> [Effect] {
    var effects: [Effect] = []
    for _ in 0..<times {
      effects += state.checkedUpdate(.keyPressed(key), at: Moment(uptime: .zero, wall: state.wall))
    }
    return effects
  }

  @Test func theEndOfATallBoxIsReachedAndItsFooterSaysSo() throws {
    var state = try state()
    let top = state.render(at: .zero).lines
    #expect(top.last == "└─ Enter Esc close ↓ ──────────────────┘", "\(top)")
    #expect(!top.contains { $0.contains("l.com/series/G1") })
    _ = press(.end, on: &state)
    let end = state.render(at: .zero).lines
    #expect(end.contains { $0.contains("l.com/series/G1") }, "\(end)")
    #expect(end.last == "└─ Enter Esc close ↑ ──────────────────┘", "\(end)")
    #expect(state.showDetails)
    // Home, and j then k, come back to the top.
    _ = press(.home, on: &state)
    #expect(state.render(at: .zero).lines == top)
    _ = press(.char("j"), 3, on: &state)
    #expect(state.render(at: .zero).lines.last == "└─ Enter Esc close ↑↓ ─────────────────┘")
    _ = press(.char("k"), 3, on: &state)
    #expect(state.render(at: .zero).lines == top)
    // No further than the end, however many presses.
    _ = press(.down, 200, on: &state)
    #expect(state.render(at: .zero).lines == end)
  }

  @Test func aLinkOutOfViewStillOpensByItsNumber() throws {
    var state = try state()
    let box = try #require(state.detailsBox())
    #expect(!box.lines.contains { $0.action != nil && $0.action != .open && $0.action != .copy })
    let last = try #require(box.linkURLs.last)
    let key = Key.char(Unicode.Scalar(UInt8(48 + box.linkURLs.count)))
    #expect(press(key, on: &state).contains(.open(last)))
  }

  @Test func itOpensAtTheTopAgain() throws {
    var state = try state()
    _ = press(.end, on: &state)
    _ = press(.escape, on: &state)
    _ = press(.enter, on: &state)
    #expect(state.detailsBox()?.scroll == 0)
  }
}
