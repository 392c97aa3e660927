/// Which language the weekday labels are in.
public enum Labels: String, Sendable, CaseIterable {
  case ja, en

  /// The tab label: `月` or `Mon`.
  public func label(_ day: Weekday) -> String {
    switch self {
    case .ja: day.kanji
    case .en: day.englishLabel
    }
  }

  /// The full name: `月曜日` or `Monday`.
  public func fullName(_ day: Weekday) -> String {
    switch self {
    case .ja: day.kanji + "曜日"
    case .en: day.name.prefix(1).uppercased() + day.name.dropFirst()
    }
  }
}
