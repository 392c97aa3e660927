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

/// The help on a short screen: it scrolls, says there is more, and the footer always
/// names it.
@Suite struct HelpScrollTests {
  let size = Size(width: 40, height: 12)

  func opened() -> AppState {
    var state = AppState(
      schedule: testWeek(), day: .monday, labels: .en, size: size, wall: testWall)
    state.step(.keyPressed(.char("?")), at: .zero, effects: [.wake(at: beforeMidnight)])
    return state
  }

  @Test func at40x12ItShowsThereIsMoreAndJScrollsIt() {
    var state = opened()
    expectScreen(
      state.render(at: .zero),
      [
        "┌─ Keys ───────────────────────────────┐",
        "│ ← h  → l  previous / next day        │",
        "│ ↑ k  ↓ j  move                       │",
        "│ PgUp  PgDn Space  page up / down     │",
        "│ Home g  End G  first / last          │",
        "│ 1 … 7  jump to a weekday             │",
        "│ t  today                             │",
        "│ c  calendar / week                   │",
        "│ [  ]  previous / next week           │",
        "│ r  reload the schedule               │",
        "│ q  Esc  Ctrl-C  quit                 │",
        "└─ ? Esc q close ───────────── ↓ more ─┘",
      ])
    state.step(.keyPressed(.char("j")), at: ms(1), effects: [.wake(at: beforeMidnight + ms(1))])
    expectScreen(
      state.render(at: ms(1)),
      [
        "┌─ Keys ─────────────────────────── ↑ ─┐",
        "│ ↑ k  ↓ j  move                       │",
        "│ PgUp  PgDn Space  page up / down     │",
        "│ Home g  End G  first / last          │",
        "│ 1 … 7  jump to a weekday             │",
        "│ t  today                             │",
        "│ c  calendar / week                   │",
        "│ [  ]  previous / next week           │",
        "│ r  reload the schedule               │",
        "│ Tab  Shift-Tab  next / previous sec… │",
        "│ q  Esc  Ctrl-C  quit                 │",
        "└─ ? Esc q close ───────────── ↓ more ─┘",
      ])
  }

  @Test func everyLineCanBeReachedAndTheEndsStop() {
    var state = opened()
    let all = Labels.en.helpLines.count
    var seen = Set<String>()
    for i in 0..<(all + 3) {  // past the end: it stays there
      seen.formUnion(state.render(at: .milliseconds(i)).lines.map { $0 })
      state.step(
        .keyPressed(.down), at: .milliseconds(i),
        effects: [.wake(at: beforeMidnight + .milliseconds(i))])
    }
    for (keys, meaning) in Labels.en.helpLines {
      #expect(seen.contains { $0.contains(keys + "  " + meaning.prefix(10)) }, "\(keys)")
    }
    let bottom = state.render(at: ms(99)).lines
    #expect(bottom.first?.contains(" ↑ ") == true && bottom.last?.contains("more") == false)
    #expect(state.helpOffset == all - 1 - 9)
    state.step(.keyPressed(.char("g")), at: ms(100), effects: [.wake(at: beforeMidnight + ms(100))])
    #expect(state.helpOffset == 0)
    state.step(.keyPressed(.up), at: ms(101), effects: [.wake(at: beforeMidnight + ms(101))])
    #expect(state.helpOffset == 0)
    state.step(.keyPressed(.end), at: ms(102), effects: [.wake(at: beforeMidnight + ms(102))])
    #expect(state.helpOffset == all - 1 - 9)
    // Closed and opened again: from the top.
    state.step(.keyPressed(.char("?")), at: ms(103), effects: [.wake(at: beforeMidnight + ms(103))])
    #expect(state.render(at: ms(103)).lines[3].hasPrefix(" ▸ Mon 01"))
    state.step(.keyPressed(.char("?")), at: ms(104), effects: [.wake(at: beforeMidnight + ms(104))])
    #expect(state.helpOffset == 0)
  }

  /// The footer cut at any width kept its first hints and lost `? help` (at 40 columns
  /// it ended in "c …"): now the hints that fit come first and `? help` stays.
  @Test(arguments: [24, 30, 40, 50, 60, 72, 74, 80])
  func theFooterNamesTheHelpAtAnyWidth(width: Int) {
    for labels in Labels.allCases {
      var state = AppState(
        schedule: testWeek(), day: .monday, labels: labels,
        size: Size(width: width, height: 12), wall: testWall)
      let footer = state.render(at: .zero).lines.last ?? ""
      #expect(
        footer.hasSuffix(labels.helpKey) || footer.contains(labels.helpKey + "  "), "\(footer)")
      #expect(!footer.contains("…"), "\(footer)")
      state.stepQuietly(.keyPressed(.char("c")), at: ms(1))
      let calendar = state.render(at: ms(1)).lines.last ?? ""
      #expect(calendar.contains(labels.helpKey), "\(width) \(calendar)")
    }
  }
}
