/// The words for subscriptions: how old a cached copy is, and a fetch under way.
extension Labels {
  /// How long ago, roughly: `just now`, `5 min`, `3 h`, `2 d` (`3 時間`).
  func age(seconds: Int64) -> String {
    let s = max(0, seconds)
    switch self {
    case .ja:
      if s < 60 { return "たった今" }
      if s < 3600 { return "\(s / 60) 分前" }
      if s < 86_400 { return "\(s / 3600) 時間前" }
      return "\(s / 86_400) 日前"
    case .en:
      if s < 60 { return "just now" }
      if s < 3600 { return "\(s / 60) min ago" }
      if s < 86_400 { return "\(s / 3600) h ago" }
      return "\(s / 86_400) d ago"
    }
  }

  /// `cached 3 h ago`; `cached` when the age is unknown.
  func cached(age: String?) -> String {
    switch self {
    case .ja: age.map { "\($0)のキャッシュ" } ?? "キャッシュ"
    case .en: age.map { "cached \($0)" } ?? "cached"
    }
  }

  /// The footer while a subscription is fetched: `updating anime.ics…`.
  func updating(_ name: String) -> String {
    switch self {
    case .ja: "\(name) を更新中…"
    case .en: "updating \(name)…"
    }
  }
}
