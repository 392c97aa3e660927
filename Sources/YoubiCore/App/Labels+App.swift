import TerminalUI

/// The app's own words beyond the weekday labels: notices and the help box.
extension Labels {
  /// The footer of the built-in week: that it is a demo, and how to have your own.
  var demoNotice: String {
    switch self {
    case .ja: "デモの週です · 自分の週は youbi --init"
    case .en: "Demo week · make your own: youbi --init"
    }
  }

  /// A loaded schedule has warnings: how many, and the command that lists them.
  func warnings(_ count: Int, path: String) -> String {
    let command = "youbi --check " + SafeText.sanitize(path)
    switch self {
    case .ja: return "警告 \(count) 件 — \(command)"
    case .en: return "\(count) warning\(count == 1 ? "" : "s") — \(command)"
    }
  }

  /// Before the error of a read that failed; the week on screen is the last good one.
  var notReloaded: String {
    switch self {
    case .ja: "再読み込みできません: "
    case .en: "not reloaded: "
    }
  }

  /// Before the reason changes are not being watched.
  var notWatching: String {
    switch self {
    case .ja: "変更を監視できません (r で再読み込み): "
    case .en: "not watching for changes (r reloads): "
    }
  }

  /// The short key hint beside a footer notice.
  var helpAndQuit: String {
    switch self {
    case .ja: "? ヘルプ  q 終了"
    case .en: "? help  q quit"
    }
  }

  /// Esc on the page with nothing open: it quits nothing, and says what does.
  var escapeDoesNotQuit: String {
    switch self {
    case .ja: "q で終了"
    case .en: "q quits"
    }
  }

  /// The help box's title, on its top edge.
  var helpTitle: String {
    switch self {
    case .ja: "キー"
    case .en: "Keys"
    }
  }

  /// How the help box closes, on its bottom edge.
  var helpCloses: String {
    switch self {
    case .ja: "? Esc q で閉じる"
    case .en: "? Esc q close"
    }
  }

  /// On the help box's bottom edge when more lines are below (`j` scrolls).
  var helpMore: String {
    switch self {
    case .ja: "↓ 続き"
    case .en: "↓ more"
    }
  }

  /// The footer's hint of the help, kept at the right end when the hints do not fit.
  var helpKey: String {
    switch self {
    case .ja: "? ヘルプ"
    case .en: "? help"
    }
  }

  /// Every key, as (keys, what they do); the last line is how to quit, kept
  /// when the screen is too short for the rest.
  var helpLines: [(keys: String, meaning: String)] {
    switch self {
    case .ja:
      [
        ("← h  → l", "前の日 / 次の日"),
        ("↑ k  ↓ j", "移動"),
        ("PgUp  PgDn Space", "1ページ上 / 下"),
        ("Home g  End G", "先頭 / 末尾"),
        ("1 … 7", "曜日へ"),
        ("t", "今日"),
        ("c  w", "カレンダー / 数日表示"),
        ("[  ]", "前の週 / 次の週"),
        ("r", "読み込み直す"),
        ("Tab  Shift-Tab", "次 / 前のセクション"),
        ("/", "検索"),
        ("n  N", "次 / 前の一致"),
        ("Enter", "詳細 (1 … 9 でリンク)"),
        ("o  y", "リンクを開く / コピー"),
        ("m  f", "公開済みに印 / お気に入り ★"),
        ("M", "これまでの分もまとめて印"),
        ("b", "未消化の一覧"),
        ("*", "★ だけ / すべて"),
        ("マウス", "タブ・ホイール・ドラッグ"),
        ("Esc", "閉じる / 検索を消す"),
        ("q  Ctrl-C", "終了"),
      ]
    case .en:
      [
        ("← h  → l", "previous / next day"),
        ("↑ k  ↓ j", "move"),
        ("PgUp  PgDn Space", "page up / down"),
        ("Home g  End G", "first / last"),
        ("1 … 7", "jump to a weekday"),
        ("t", "today"),
        ("c  w", "calendar / wide view"),
        ("[  ]", "previous / next week"),
        ("r", "reload the schedule"),
        ("Tab  Shift-Tab", "next / previous section"),
        ("/", "search"),
        ("n  N", "next / previous match"),
        ("Enter", "details; 1 … 9 its links"),
        ("o  y", "open / copy the link"),
        ("m  f", "mark seen / star ★"),
        ("M", "catch up on older ones"),
        ("b", "what you are behind on"),
        ("*", "only starred / all"),
        ("mouse", "tabs, wheel, drag"),
        ("Esc", "close / clear the search"),
        ("q  Ctrl-C", "quit"),
      ]
    }
  }
}
