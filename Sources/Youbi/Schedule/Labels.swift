/// Which language the day labels are in: `月` / `月曜日` or `Mon` / `Monday`.
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
}
