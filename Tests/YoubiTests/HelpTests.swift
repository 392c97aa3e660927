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
    expectScreen(
      help(),
      [
        "     Mon        T┌─ Keys ─────────────────────────────────────┐        Sun",
        " ━━━━━━━━━━━     │ ← h  → l          previous / next day      │",
        " Monday  40 seria│ ↑ k  ↓ j          move                     │            1/40",
        " ▸ Mon 01        │ PgUp  PgDn Space  page up / down           │        Author 1",
        "   Mon 02        │ Home g  End G     first / last             │        Author 2",
        "   Mon 03        │ 1 … 7             jump to a weekday        │        Author 3",
        "   Mon 04        │ t                 today                    │        Author 4",
        "   Mon 05        │ c  w              calendar / wide view     │        Author 5",
        "   Mon 06        │ [  ]              previous / next week     │        Author 6",
        "   Mon 07        │ r                 reload the schedule      │        Author 7",
        "   Mon 08        │ Tab  Shift-Tab    next / previous section  │        Author 8",
        "   Mon 09        │ /                 search                   │        Author 9",
        "   Mon 10        │ n  N              next / previous match    │       Author 10",
        "   Mon 11        │ Enter             details; 1 … 9 its links │       Author 11",
        "   Mon 12        │ o  y              open / copy the link     │       Author 12",
        "   Mon 13        │ m  f              mark seen / star ★       │       Author 13",
        "   Mon 14        │ M                 catch up on older ones   │       Author 14",
        "   Mon 15        │ b                 what you are behind on   │       Author 15",
        "   Mon 16        │ *                 only starred / all       │       Author 16",
        "   Mon 17        │ mouse             tabs, wheel, drag        │       Author 17",
        "   Mon 18        │ Esc               close / clear the search │       Author 18",
        "   Mon 19        │ q  Ctrl-C         quit                     │       Author 19",
        "  ‹ Sun          └─ ? Esc q close ────────────────────────────┘          Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func itFollowsTheLabels() {
    expectScreen(
      help(.ja),
      [
        "     月        ┌─ キー ────────────────────────────────────────┐       日",
        " ━━━━━━━━━━━   │ ← h  → l          前の日 / 次の日             │",
        " 月曜日  40作品│ ↑ k  ↓ j          移動                        │           1/40",
        " ▸ Mon 01      │ PgUp  PgDn Space  1ページ上 / 下              │       Author 1",
        "   Mon 02      │ Home g  End G     先頭 / 末尾                 │       Author 2",
        "   Mon 03      │ 1 … 7             曜日へ                      │       Author 3",
        "   Mon 04      │ t                 今日                        │       Author 4",
        "   Mon 05      │ c  w              カレンダー / 数日表示       │       Author 5",
        "   Mon 06      │ [  ]              前の週 / 次の週             │       Author 6",
        "   Mon 07      │ r                 読み込み直す                │       Author 7",
        "   Mon 08      │ Tab  Shift-Tab    次 / 前のセクション         │       Author 8",
        "   Mon 09      │ /                 検索                        │       Author 9",
        "   Mon 10      │ n  N              次 / 前の一致               │      Author 10",
        "   Mon 11      │ Enter             詳細 (1 … 9 でリンク)       │      Author 11",
        "   Mon 12      │ o  y              リンクを開く / コピー       │      Author 12",
        "   Mon 13      │ m  f              公開済みに印 / お気に入り ★ │      Author 13",
        "   Mon 14      │ M                 これまでの分もまとめて印    │      Author 14",
        "   Mon 15      │ b                 未消化の一覧                │      Author 15",
        "   Mon 16      │ *                 ★ だけ / すべて             │      Author 16",
        "   Mon 17      │ マウス            タブ・ホイール・ドラッグ    │      Author 17",
        "   Mon 18      │ Esc               閉じる / 検索を消す         │      Author 18",
        "   Mon 19      │ q  Ctrl-C         終了                        │      Author 19",
        "  ‹ 日         └─ ? Esc q で閉じる ────────────────────────────┘          火 ›",
        " ←→ 曜日  ↑↓ 移動  1-7 曜日へ  t 今日  c カレンダー  ? ヘルプ  / 検索  q 終了",
      ])
  }

  @Test(arguments: Labels.allCases)
  func atTheSmallestSizeTheQuitLineAndTheWayOutStay(labels: Labels) {
    let screen = help(labels, size: Layout.minimum)
    switch labels {
    case .en:
      expectScreen(
        screen,
        [
          "┌─ Keys ───────────────┐",
          "│ ← h  → l  previous … │",
          "│ ↑ k  ↓ j  move       │",
          "│ PgUp  PgDn Space  p… │",
          "│ Home g  End G  firs… │",
          "│ 1 … 7  jump to a we… │",
          "│ q  Ctrl-C  quit      │",
          "└─ ? Esc q clo ↓ more ─┘",
        ])
    case .ja:
      expectScreen(
        screen,
        [
          "┌─ キー ───────────────┐",
          "│ ← h  → l  前の日 / … │",
          "│ ↑ k  ↓ j  移動       │",
          "│ PgUp  PgDn Space  1… │",
          "│ Home g  End G  先頭… │",
          "│ 1 … 7  曜日へ        │",
          "│ q  Ctrl-C  終了      │",
          "└─ ? Esc q で  ↓ 続き ─┘",
        ])
    }
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
        "│ c  w  calendar / wide view           │",
        "│ [  ]  previous / next week           │",
        "│ r  reload the schedule               │",
        "│ q  Ctrl-C  quit                      │",
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
        "│ c  w  calendar / wide view           │",
        "│ [  ]  previous / next week           │",
        "│ r  reload the schedule               │",
        "│ Tab  Shift-Tab  next / previous sec… │",
        "│ q  Ctrl-C  quit                      │",
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
