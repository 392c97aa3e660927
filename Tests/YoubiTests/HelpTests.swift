import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct HelpTests {
  func help(_ labels: Labels = .en, size: Size = Size(width: 80, height: 24)) -> Canvas {
    var state = AppState(
      schedule: testWeek(), day: .monday, labels: labels, size: size, wall: testWall)
    state.step(.keyPressed(.char("?")), at: .zero, effects: [.wake(at: beforeMidnight)])
    return state.render(at: .zero)
  }

  @Test func itListsEveryKeyAndHowItCloses() {
    let box = help().lines[1...22].map { String($0.dropFirst(17).prefix(45)) }
    #expect(
      box == [
        "┌─ Keys ────────────────────────────────────┐",
        "│ ← h  → l          previous / next day     │",
        "│ ↑ k  ↓ j          move                    │",
        "│ PgUp  PgDn Space  page up / down          │",
        "│ Home g  End G     first / last            │",
        "│ 1 … 7             jump to a weekday       │",
        "│ t                 today                   │",
        "│ c                 calendar / week         │",
        "│ [  ]              previous / next week    │",
        "│ r                 reload the schedule     │",
        "│ Tab  Shift-Tab    next / previous section │",
        "│ /                 search                  │",
        "│ n  N              next / previous match   │",
        "│ Enter             details                 │",
        "│ o  y              open / copy the link    │",
        "│ m  f              mark seen / star ★      │",
        "│ M                 catch up on older ones  │",
        "│ b                 what you are behind on  │",
        "│ *                 only starred / all      │",
        "│ mouse             tabs, wheel, drag       │",
        "│ q  Esc  Ctrl-C    quit                    │",
        "└─ ? Esc q close ───────────────────────────┘",
      ])
  }

  @Test func itFollowsTheLabels() {
    let text = help(.ja).description
    for words in ["キー", "前の日 / 次の日", "読み込み直す", "終了", "? Esc q で閉じる"] {
      #expect(text.contains(words), "\(words)")
    }
  }

  @Test(arguments: Labels.allCases)
  func atTheSmallestSizeTheQuitLineAndTheWayOutStay(labels: Labels) {
    let screen = help(labels, size: Layout.minimum)
    let lines = screen.lines
    #expect(lines[6].hasPrefix("│ q  Esc  Ctrl-C  "), "\(screen)")
    #expect(lines[7].hasPrefix("└─ ? Esc q "), "\(screen)")
    #expect(lines[1].hasPrefix("│ ← h  → l  "), "\(screen)")
  }
}
