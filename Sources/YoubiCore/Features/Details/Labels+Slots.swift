import Schedule

/// The words of the detail box's slots: the TV's and each streaming platform's.
extension Labels {
  /// Before the list of slots.
  var detailsSlots: String {
    switch self {
    case .ja: "放送・配信"
    case .en: "Where and when"
    }
  }

  /// The TV broadcast's slot, by name.
  var tvSlot: String {
    switch self {
    case .ja: "テレビ"
    case .en: "TV"
    }
  }

  /// After a weekly slot, its next release's date.
  func slotNext(_ date: CivilDate) -> String {
    let (_, month, day) = date.components
    switch self {
    case .ja: return "、次回 \(month)月\(day)日"
    case .en: return ", next \(day) \(Self.englishMonths[month - 1].prefix(3))"
    }
  }

  /// After a slot whose last release is past.
  var slotEnded: String {
    switch self {
    case .ja: "、終了"
    case .en: ", ended"
    }
  }

  /// A single release: its date.
  func slotOnce(_ date: CivilDate) -> String {
    let (year, month, day) = date.components
    switch self {
    case .ja: return "\(year)年\(month)月\(day)日"
    case .en: return "\(day) \(Self.englishMonths[month - 1].prefix(3)) \(year)"
    }
  }

  /// The help's line for the letter after a time placed on a platform's slot.
  var platformLegend: (keys: String, meaning: String) {
    switch self {
    case .ja: ("17:45C", "配信の時刻 (watch-on): C Crunchyroll、N Netflix…")
    case .en: ("17:45C", "a streaming slot (watch-on): C Crunchyroll, N Netflix…")
    }
  }
}
