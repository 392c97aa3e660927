import PagerCore
import Schedule
import TerminalUI

extension Section {
  /// This week's date of `day`: what the weekday page of `day` shows.
  public func date(of day: Weekday) -> CivilDate { thisWeek.adding(days: day.rawValue) }

  /// The serials `date` shows: those of its weekday that appear on it (not before
  /// `start`, not after `end`, not on a `skip` date), in time order; none while loading.
  public func entries(on date: CivilDate) -> [Serial] { Self.entries(of: schedule, on: date) }

  /// The serials of `schedule` that `date` shows.
  ///
  /// A weekday with no dated entry is its whole list, shared rather than copied, so a
  /// week of plain entries costs nothing here however long it is.
  ///
  /// - Complexity: O(1) for a day without dates, else O(entries of that weekday).
  static func entries(of schedule: SafeSchedule?, on date: CivilDate) -> [Serial] {
    guard let schedule else { return [] }
    let all = schedule[date.weekday]
    guard schedule.isDated(date.weekday) else { return all }
    return all.filter { $0.appears(on: date) }
  }

  /// For each serial of `day`'s whole list, its row on this week's page of `day`; nil
  /// for one this week's date does not show.
  ///
  /// - Complexity: O(entries of `day`).
  func shownIndices(_ day: Weekday) -> [Int?] {
    guard let schedule else { return [] }
    let date = date(of: day)
    var row = 0
    return schedule[day].map { serial in
      guard serial.appears(on: date) else { return nil }
      defer { row += 1 }
      return row
    }
  }

  /// Brings the cursors the calendar remembers inside their dates' lists.
  mutating func clampCalendarLists(rows: Int) {
    for key in calendar.lists.storedPages {
      let date = CivilDate(daysSince1970: key)
      calendar[list: date].clamp(count: entries(on: date).count, rows: rows)
    }
  }
}
