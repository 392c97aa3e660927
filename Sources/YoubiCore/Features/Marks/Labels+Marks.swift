/// The words of marks, stars and the detail box.
extension Labels {
  /// The detail box's title, on its top edge.
  var detailsTitle: String {
    switch self {
    case .ja: "詳細"
    case .en: "Details"
    }
  }

  /// How the detail box closes, on its bottom edge.
  var detailsCloses: String {
    switch self {
    case .ja: "Enter Esc で閉じる"
    case .en: "Enter Esc close"
    }
  }

  /// Before a serial's release time in the detail box.
  var detailsTime: String {
    switch self {
    case .ja: "時刻 "
    case .en: "Time "
    }
  }

  /// Before the next release date (and episode) in the detail box.
  var detailsNext: String {
    switch self {
    case .ja: "次回 "
    case .en: "Next "
    }
  }

  /// Before the places to watch a show in the detail box (bangumi-data's sites).
  var detailsWatch: String {
    switch self {
    case .ja: "配信"
    case .en: "Where to watch"
    }
  }

  /// Before a show's pages on trackers and databases in the detail box (bangumi,
  /// AniDB, MyAnimeList: bangumi-data's info sites).
  var detailsTrackers: String {
    switch self {
    case .ja: "データベース"
    case .en: "Trackers"
    }
  }

  /// The star in the detail box.
  var starred: String {
    switch self {
    case .ja: "★ お気に入り"
    case .en: "★ starred"
    }
  }

  /// The detail box's button that opens the link.
  var openButton: String {
    switch self {
    case .ja: "[ o 開く ]"
    case .en: "[ o open ]"
    }
  }

  /// The detail box's button that copies the link, or the title when there is none.
  func copyButton(link: Bool) -> String {
    switch self {
    case .ja: link ? "[ y リンクをコピー ]" : "[ y 題名をコピー ]"
    case .en: link ? "[ y copy link ]" : "[ y copy title ]"
    }
  }

  /// The footer while a link is on its way to the browser, and once it got there.
  var opening: String {
    switch self {
    case .ja: "開いています…"
    case .en: "opening…"
    }
  }

  var opened: String {
    switch self {
    case .ja: "開きました"
    case .en: "opened"
    }
  }

  /// The footer after `y`.
  /// The state file's horizon was in the future (a wrong clock): it was brought back.
  var horizonAhead: String {
    switch self {
    case .ja: "状態ファイルの期限が未来でした（時計の誤り？）: 戻しました"
    case .en: "the state file's horizon was in the future (a wrong clock?): set back"
    }
  }

  /// A mark in a week the state file no longer keeps.
  var markNotKept: String {
    switch self {
    case .ja: "この週の既読は保存できません（古すぎます）"
    case .en: "this week is too long ago: its read marks are not kept"
    }
  }

  /// What `y` did: the text went to the terminal, which may or may not keep it (no
  /// terminal says).
  var copied: String {
    switch self {
    case .ja: "端末のクリップボードへ送りました"
    case .en: "sent to the terminal's clipboard"
    }
  }

  /// After `y` inside a tmux that drops copies: how to let them through.
  var tmuxClipboardOff: String {
    switch self {
    case .ja: "tmux の set-clipboard が off: tmux set -g set-clipboard on"
    case .en: "tmux has set-clipboard off: tmux set -g set-clipboard on"
    }
  }

  /// The footer when `o` is pressed on a serial without a link.
  var noLink: String {
    switch self {
    case .ja: "リンクがありません"
    case .en: "no link for this serial"
    }
  }

  /// The list of a day with no starred serial, under `*`.
  var noStarred: String {
    switch self {
    case .ja: "★ の連載はありません (* ですべて)"
    case .en: "Nothing starred — * shows all"
    }
  }

  /// The footer's line for a release announced with the bell.
  func released(_ line: String) -> String {
    switch self {
    case .ja: "配信: " + line
    case .en: "Out: " + line
    }
  }
}
