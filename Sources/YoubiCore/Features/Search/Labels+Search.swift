/// The words of search, in the app's two languages.
extension Labels {
  /// The footer while the prompt is open and nothing matches.
  public var noMatch: String {
    switch self {
    case .ja: "一致なし"
    case .en: "no match"
    }
  }

  /// How many serials match: `1 match`, `12 matches`, `12件`.
  public func matchCount(_ n: Int) -> String {
    switch self {
    case .ja: "\(n)件"
    case .en: n == 1 ? "1 match" : "\(n) matches"
    }
  }

  /// The keys of a kept search, in the footer.
  public var searchKeys: String {
    switch self {
    case .ja: "n 次  N 前  Esc 解除"
    case .en: "n next  N previous  Esc clear"
    }
  }

  /// The notice when `n` passes the last match and goes on from the first.
  public var searchWrappedToFirst: String {
    switch self {
    case .ja: "末尾まで検索しました。先頭から続けます"
    case .en: "search hit the end, continuing from the first match"
    }
  }

  /// The notice when `N` passes the first match and goes on from the last.
  public var searchWrappedToLast: String {
    switch self {
    case .ja: "先頭まで検索しました。末尾から続けます"
    case .en: "search hit the start, continuing from the last match"
    }
  }
}
