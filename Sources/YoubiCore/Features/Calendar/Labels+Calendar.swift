import Schedule

/// The words for dates, weeks, release times and countdowns.
extension Labels {
  /// A calendar tab: the weekday and the day of the month, `月 30` or `Mon 30`.
  func tab(_ date: CivilDate) -> String { label(date.weekday) + " " + String(date.day) }

  /// A date in full, for the calendar's heading: `2026年11月30日 (月)` or
  /// `Monday, 30 November 2026`.
  func fullDate(_ date: CivilDate) -> String {
    let (year, month, day) = date.components
    switch self {
    case .ja: return "\(year)年\(month)月\(day)日 (\(date.weekday.kanji))"
    case .en:
      return "\(date.weekday.englishName), \(day) \(Self.englishMonths[month - 1]) \(year)"
    }
  }

  static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// Which week the calendar shows, `weeks` from this one: in words up to four weeks
  /// away, as the ISO week beyond (`2026-W49`).
  func week(_ weeks: Int, iso: ISOWeek) -> String {
    switch (self, weeks) {
    case (.ja, 0): "今週"
    case (.ja, 1): "来週"
    case (.ja, -1): "先週"
    case (.ja, 2...4): "\(weeks)週間後"
    case (.ja, -4 ... -2): "\(-weeks)週間前"
    case (.en, 0): "this week"
    case (.en, 1): "next week"
    case (.en, -1): "last week"
    case (.en, 2...4): "in \(weeks) weeks"
    case (.en, -4 ... -2): "\(-weeks) weeks ago"
    default: iso.description
    }
  }

  /// The episode that comes out on a date: `#8` or `第8話`.
  func episode(_ number: Int) -> String {
    switch self {
    case .ja: "第\(number)話"
    case .en: "#\(number)"
    }
  }

  /// How long until the next release, `minutes` rounded up: `in 2h 05m`, `あと2時間05分`.
  func countdown(minutes: Int) -> String {
    let (h, m) = (minutes / 60, minutes % 60)
    let mm = m < 10 ? "0\(m)" : "\(m)"
    switch self {
    case .ja: return h > 0 ? "あと\(h)時間\(mm)分" : "あと\(m)分"
    case .en: return h > 0 ? "in \(h)h \(mm)m" : "in \(m)m"
    }
  }

  /// What a release of today that has come out says beside it.
  var aired: String {
    switch self {
    case .ja: "済"
    case .en: "aired"
    }
  }

  /// The footer's keys in the calendar, without leading spacing.
  var calendarFooterKeys: String {
    switch self {
    case .ja: "←→ 日  [ ] 週  t 今日  c 曜日表示  ? ヘルプ  q 終了"
    case .en: "←→ day  [ ] week  t today  c week view  ? help  q quit"
    }
  }
}
