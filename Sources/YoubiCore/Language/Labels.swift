import Schedule

/// Which language the app's words are in: `月` / `月曜日` or `Mon` / `Monday`,
/// and every other fixed string the view and the printer show.
public enum Labels: String, Sendable, CaseIterable {
  case ja, en

  /// The short label, as the tab bar shows it: `月` or `Mon`.
  public func label(_ day: Weekday) -> String {
    switch self {
    case .ja: day.kanji
    case .en: day.englishLabel
    }
  }

  /// The full name, for headings: `月曜日` or `Monday`.
  public func fullName(_ day: Weekday) -> String {
    switch self {
    case .ja: day.kanji + "曜日"
    case .en: day.englishName
    }
  }

  /// What an empty day says instead of a list.
  public var nothingThisDay: String {
    switch self {
    case .ja: "(この日の連載はありません)"
    case .en: "(nothing this day)"
    }
  }

  /// How many serials a day has, without leading spacing: `5 serials`,
  /// `1 serial`, `5作品`.
  public func serialCount(_ n: Int) -> String {
    switch self {
    case .ja: "\(n)作品"
    case .en: n == 1 ? "1 serial" : "\(n) serials"
    }
  }

  /// What the view shows in place of an empty day's list.
  public func emptyDay(_ day: Weekday) -> String {
    switch self {
    case .ja: "この日の連載はありません。ひと休み。"
    case .en: "Nothing on \(fullName(day)) — a day off."
    }
  }

  /// Shown while the schedule is being read.
  public var loading: String {
    switch self {
    case .ja: "読み込み中…"
    case .en: "Loading schedule…"
    }
  }

  /// The key help in the footer, without leading spacing.
  public var footerKeys: String {
    switch self {
    case .ja: "←→ 曜日  ↑↓ 移動  1-7 曜日へ  t 今日  c カレンダー  ? ヘルプ  / 検索  q 終了"
    case .en: "←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit"
    }
  }
}
