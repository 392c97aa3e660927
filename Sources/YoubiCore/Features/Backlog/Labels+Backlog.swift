import Schedule

/// The words of releases seen and behind, of breaks, and of the `b` list.
extension Labels {
  /// A serial on a `skip` date, in place of its countdown.
  var onBreak: String {
    switch self {
    case .ja: "休載"
    case .en: "on break"
    }
  }

  /// What marking a release says it is, by what the section holds: watched, read, done.
  func seen(_ kind: SectionKind) -> String {
    switch (self, kind) {
    case (.ja, .anime): "視聴済み"
    case (.ja, .manga): "既読"
    case (.ja, .other): "済"
    case (.en, .anime): "watched"
    case (.en, .manga): "read"
    case (.en, .other): "done"
    }
  }

  /// The footer when `m` is pressed on a release that has not come out.
  var notOutYet: String {
    switch self {
    case .ja: "まだ公開されていません (Enter の詳細から m で先に付けられます)"
    case .en: "not out yet (Enter, then m marks it ahead)"
    }
  }

  /// The footer when `m` is pressed on a break.
  var breakNotMarked: String {
    switch self {
    case .ja: "休載: 付けるものはありません"
    case .en: "on break: nothing to mark"
    }
  }

  /// The footer after `M`: how many releases were marked.
  func caughtUp(_ count: Int, _ kind: SectionKind) -> String {
    switch self {
    case .ja: "\(count)件を\(seen(kind))にしました"
    case .en: "\(count) marked \(seen(kind))"
    }
  }

  /// The footer when a reload moved the marks of a renamed serial to the one in its slot.
  func marksMoved(from old: String, to new: String) -> String {
    switch self {
    case .ja: "印を移しました: \(old) → \(new)"
    case .en: "marks moved: \(old) → \(new)"
    }
  }

  /// The `b` list's title, on its top edge.
  var behindTitle: String {
    switch self {
    case .ja: "未消化"
    case .en: "Behind"
    }
  }

  /// How the `b` list closes and what its keys do, on its bottom edge.
  var behindKeys: String {
    switch self {
    case .ja: "m 付ける  M 追いつく  o 開く  b Esc 閉じる"
    case .en: "m mark  M catch up  o open  b Esc close"
    }
  }

  /// The `b` list when nothing is behind.
  var nothingBehind: String {
    switch self {
    case .ja: "追いついています"
    case .en: "All caught up"
    }
  }

  /// A day's heading count once something is marked: released and not seen, of all.
  func behindCount(_ behind: Int, of total: Int) -> String {
    switch self {
    case .ja: "未消化 \(behind) / \(total)作品"
    case .en: "\(behind) behind of \(total)"
    }
  }

  /// A catalogue page's count: how many of the serials followed on it are behind.
  func behindCount(_ behind: Int, ofFollowed followed: Int) -> String {
    switch self {
    case .ja: "未消化 \(behind) / フォロー中 \(followed)作品"
    case .en: "\(behind) behind of \(followed) followed"
    }
  }
}
