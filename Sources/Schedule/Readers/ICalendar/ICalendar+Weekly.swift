/// Which recurrence rules a weekly schedule can show, and where a counted one ends.
extension ICalendar {
  /// Why a rule is not "every week on these days".
  struct Unrepresentable: Error {
    var text: String
  }

  /// The weekdays (as written) a rule repeats on, when it is a plain weekly one.
  static func weekdays(_ rule: Recurrence, start: DateTime) -> Result<[Weekday], Unrepresentable> {
    guard rule.frequency == "WEEKLY" || rule.frequency == "DAILY" else {
      return .failure(.init(text: "FREQ=\(rule.frequency)"))
    }
    if let part = rule.otherParts.first { return .failure(.init(text: part)) }
    if !rule.months.isEmpty { return .failure(.init(text: "BYMONTH")) }
    if !rule.monthDays.isEmpty { return .failure(.init(text: "BYMONTHDAY")) }
    if rule.interval > 1 && rule.frequency != "WEEKLY" {
      return .failure(.init(text: "INTERVAL=\(rule.interval)"))
    }
    if rule.interval > 52 { return .failure(.init(text: "INTERVAL=\(rule.interval)")) }
    if rule.interval > 1 && rule.count != nil {
      return .failure(.init(text: "COUNT with INTERVAL=\(rule.interval)"))
    }
    if rule.days.contains(where: { $0.ordinal != nil }) {
      return .failure(.init(text: "BYDAY with a number"))
    }
    switch rule.frequency {
    case "WEEKLY": return .success(rule.days.isEmpty ? [start.date.weekday] : rule.days.map(\.day))
    case "DAILY": return .success(rule.days.isEmpty ? Weekday.allCases : rule.days.map(\.day))
    default: return .failure(.init(text: "FREQ=\(rule.frequency)"))
    }
  }

  /// The date of occurrence `count` of a weekly rule on `days` from `start` (which is the
  /// first occurrence, on the rule's days or not).
  ///
  /// - Complexity: O(1): at most a week is walked, the rest is counted.
  static func lastDate(count: Int, from start: CivilDate, on days: [Weekday]) -> CivilDate {
    let onDays = Set(days)
    var remaining = count
    var date = start
    if !onDays.contains(date.weekday) {
      remaining -= 1
      if remaining == 0 { return date }
    }
    while true {
      if onDays.contains(date.weekday) {
        remaining -= 1
        if remaining == 0 { return date }
      }
      if date.weekday == .sunday { break }
      date = date.adding(days: 1)
    }
    let ordered = onDays.sorted()
    let weeks = min((remaining - 1) / ordered.count, 600_000)  // past 9999 anyway
    return date.adding(days: 1 + weeks * 7 + ordered[(remaining - 1) % ordered.count].rawValue)
  }
}
