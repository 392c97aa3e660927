/// A day of the week, Monday first, as the tab bar shows them.
public enum Weekday: Int, CaseIterable, Equatable, Hashable, Sendable, Comparable {
  case monday, tuesday, wednesday, thursday, friday, saturday, sunday

  public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

  /// The English name in lower case, as used in schedule files: `monday`.
  public var name: String {
    switch self {
    case .monday: "monday"
    case .tuesday: "tuesday"
    case .wednesday: "wednesday"
    case .thursday: "thursday"
    case .friday: "friday"
    case .saturday: "saturday"
    case .sunday: "sunday"
    }
  }

  /// The English name, capitalised: `Monday`. Spelled out: building it from `name`
  /// took a generic append whose first call looks up a conformance (0.1 M
  /// instructions of a start).
  public var englishName: String {
    switch self {
    case .monday: "Monday"
    case .tuesday: "Tuesday"
    case .wednesday: "Wednesday"
    case .thursday: "Thursday"
    case .friday: "Friday"
    case .saturday: "Saturday"
    case .sunday: "Sunday"
    }
  }

  /// The short English label, the first three letters of `englishName`: `Mon`. Spelled
  /// out: the tab bar and the hints ask for it every frame, and a prefix of a string
  /// is cut by grapheme.
  public var englishLabel: String {
    switch self {
    case .monday: "Mon"
    case .tuesday: "Tue"
    case .wednesday: "Wed"
    case .thursday: "Thu"
    case .friday: "Fri"
    case .saturday: "Sat"
    case .sunday: "Sun"
    }
  }

  /// The kanji label: `月`.
  public var kanji: String {
    switch self {
    case .monday: "月"
    case .tuesday: "火"
    case .wednesday: "水"
    case .thursday: "木"
    case .friday: "金"
    case .saturday: "土"
    case .sunday: "日"
    }
  }

  /// Parses `monday`, `Mon`, `MON`, `月` (and `月曜日`); nil for anything else.
  public init?(parsing text: String) {
    let lower = text.lowercased()
    for day in Weekday.allCases {
      if lower == day.name || lower == String(day.name.prefix(3)) || text == day.kanji
        || text == day.kanji + "曜日" || text == day.kanji + "曜"
      {
        self = day
        return
      }
    }
    return nil
  }

  /// The weekday for a C `tm_wday` value (0 = Sunday).
  public init(tmWeekday: Int) {
    self = Weekday(rawValue: (tmWeekday + 6) % 7)!
  }
}
