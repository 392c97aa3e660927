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
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━     ┌─ Keys ────────────────────────────────────┐",
        " Monday  40 seria│ ← h  → l          previous / next day     │             1/40",
        " ▸ Mon 01        │ ↑ k  ↓ j          move                    │         Author 1",
        "   Mon 02        │ PgUp  PgDn Space  page up / down          │         Author 2",
        "   Mon 03        │ Home g  End G     first / last            │         Author 3",
        "   Mon 04        │ 1 … 7             jump to a weekday       │         Author 4",
        "   Mon 05        │ t                 today                   │         Author 5",
        "   Mon 06        │ c                 calendar / week         │         Author 6",
        "   Mon 07        │ [  ]              previous / next week    │         Author 7",
        "   Mon 08        │ r                 reload the schedule     │         Author 8",
        "   Mon 09        │ Tab  Shift-Tab    next / previous section │         Author 9",
        "   Mon 10        │ /                 search                  │        Author 10",
        "   Mon 11        │ n  N              next / previous match   │        Author 11",
        "   Mon 12        │ Enter             details                 │        Author 12",
        "   Mon 13        │ o  y              open / copy the link    │        Author 13",
        "   Mon 14        │ m  f              mark seen / star ★      │        Author 14",
        "   Mon 15        │ M                 catch up on older ones  │        Author 15",
        "   Mon 16        │ b                 what you are behind on  │        Author 16",
        "   Mon 17        │ *                 only starred / all      │        Author 17",
        "   Mon 18        │ mouse             tabs, wheel, drag       │        Author 18",
        "   Mon 19        │ q  Esc  Ctrl-C    quit                    │        Author 19",
        "  ‹ Sun          └─ ? Esc q close ───────────────────────────┘           Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func itFollowsTheLabels() {
    expectScreen(
      help(.ja),
      [
        "     月         火         水         木         金         土         日",
        " ━━━━━━━━━━━   ┌─ キー ────────────────────────────────────────┐",
        " 月曜日  40作品│ ← h  → l          前の日 / 次の日             │           1/40",
        " ▸ Mon 01      │ ↑ k  ↓ j          移動                        │       Author 1",
        "   Mon 02      │ PgUp  PgDn Space  1ページ上 / 下              │       Author 2",
        "   Mon 03      │ Home g  End G     先頭 / 末尾                 │       Author 3",
        "   Mon 04      │ 1 … 7             曜日へ                      │       Author 4",
        "   Mon 05      │ t                 今日                        │       Author 5",
        "   Mon 06      │ c                 カレンダー / 曜日表示       │       Author 6",
        "   Mon 07      │ [  ]              前の週 / 次の週             │       Author 7",
        "   Mon 08      │ r                 読み込み直す                │       Author 8",
        "   Mon 09      │ Tab  Shift-Tab    次 / 前のセクション         │       Author 9",
        "   Mon 10      │ /                 検索                        │      Author 10",
        "   Mon 11      │ n  N              次 / 前の一致               │      Author 11",
        "   Mon 12      │ Enter             詳細                        │      Author 12",
        "   Mon 13      │ o  y              リンクを開く / コピー       │      Author 13",
        "   Mon 14      │ m  f              公開済みに印 / お気に入り ★ │      Author 14",
        "   Mon 15      │ M                 これまでの分もまとめて印    │      Author 15",
        "   Mon 16      │ b                 未消化の一覧                │      Author 16",
        "   Mon 17      │ *                 ★ だけ / すべて             │      Author 17",
        "   Mon 18      │ マウス            タブ・ホイール・ドラッグ    │      Author 18",
        "   Mon 19      │ q  Esc  Ctrl-C    終了                        │      Author 19",
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
          "│ q  Esc  Ctrl-C  quit │",
          "└─ ? Esc q close ──────┘",
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
          "│ q  Esc  Ctrl-C  終了 │",
          "└─ ? Esc q で閉じる ───┘",
        ])
    }
  }
}
