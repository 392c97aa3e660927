import PagerCore
import Schedule
import TerminalUI

extension SectionState {
  /// This week's date of `day`: what the weekday page of `day` shows.
  public func date(of day: Weekday) -> CivilDate { thisWeek.adding(days: day.rawValue) }

  /// The serials `date` lists: those of its weekday that appear on it (not before
  /// `start`, not after `end`, in one of their weeks) or are on a break, in time order,
  /// but for those a tracker's row stands for (`joined`), then on today's page the serials of other days that are behind; under `*` only
  /// the starred ones; none while loading.
  ///
  /// A weekday with no dated entry and no filter is its whole list, shared rather
  /// than copied, so a week of plain entries costs nothing here however long it is.
  ///
  /// - Complexity: O(1) for such a day, else O(entries of that weekday).
  public func entries(on date: CivilDate) -> [Serial] {
    guard let schedule else { return [] }
    let all = schedule[date.weekday]
    guard let shown = shownIndices(on: date) else {
      return carried.page == date ? carried.listed : all
    }
    let own = shown.map { all[$0] }
    guard carried.page == date else { return own }
    return own + carriedIndices.map { carried.serials[$0] }
  }

  /// Who the serials `date` lists are, in the same order.
  public func ids(on date: CivilDate) -> SerialIDs {
    guard let schedule else { return SerialIDs() }
    let all = schedule.identities[date.weekday.rawValue]
    guard let shown = shownIndices(on: date) else {
      return carried.page == date ? SerialIDs(carried.listedIDs) : all
    }
    let own = shown.map { all[$0] }
    guard carried.page == date else { return SerialIDs(own) }
    return SerialIDs(own + carriedIndices.map { carried.ids[$0] })
  }

  /// The release dates of the rows carried over to `date`'s page, after its own rows.
  func carriedDates(on date: CivilDate) -> [CivilDate] {
    guard carried.page == date else { return [] }
    return carriedIndices.map { carried.dates[$0] }
  }

  /// The carried rows listed: all, or under `*` the starred ones.
  private var carriedIndices: [Int] {
    guard let starFilter else { return Array(carried.ids.indices) }
    return carried.ids.indices.filter { starFilter.contains(carried.ids[$0]) }
  }

  /// The identities of the serials `day`'s page of this week lists, in order.
  public func ids(_ day: Weekday) -> SerialIDs { ids(on: date(of: day)) }

  /// Whether the list of `date` is less than its weekday's whole list can be:
  /// the day has dated entries, or a row a tracker's row stands for, or `*` is on.
  func filters(_ date: CivilDate) -> Bool {
    starFilter != nil || schedule?.isDated(date.weekday) == true
      || joined.days.contains(date.weekday)
  }

  /// The positions in its weekday's whole list of the serials `date` lists;
  /// nil when it lists them all.
  ///
  /// - Complexity: O(entries of that weekday) when `filters(date)`, else O(1).
  public func shownIndices(on date: CivilDate) -> [Int]? {
    guard let schedule, filters(date) else { return nil }
    let day = date.weekday
    let all = schedule[day]
    let ids = schedule.identities[day.rawValue]
    let dated = schedule.isDated(day)
    return all.indices.filter { i in
      (!dated || all[i].appears(on: date) || all[i].isOnBreak(on: date))
        && (starFilter?.contains(ids[i]) ?? true) && !joined.contains(ids[i])
    }
  }

  /// Changes what the pages list (`change`: the star filter, the rows joined to a
  /// tracker's), keeping each day's cursor on the same serial where it stays listed,
  /// else on the next one.
  mutating func refilter(rows: Int, _ change: (inout SectionState) -> Void) {
    var places: [Int] = []
    for day in Weekday.allCases {
      let cursor = lists[day.rawValue].cursor
      let shown = shownIndices(day)
      places.append(shown.map { cursor < $0.count ? $0[cursor] : ($0.last ?? 0) } ?? cursor)
    }
    change(&self)
    for day in Weekday.allCases {
      let place = places[day.rawValue]
      let shown = shownIndices(day)
      let count = shown?.count ?? serials(day).count
      let cursor = shown.map { $0.firstIndex { $0 >= place } ?? $0.count - 1 } ?? place
      lists[day.rawValue].move(to: max(0, cursor), count: count, rows: rows)
    }
  }

  /// `shownIndices(on:)` for this week's date of `day`.
  public func shownIndices(_ day: Weekday) -> [Int]? { shownIndices(on: date(of: day)) }

  /// For each serial of `day`'s whole list, its row on this week's page of
  /// `day`; nil for one that page does not list.
  ///
  /// - Complexity: O(entries of `day`).
  func listedRows(_ day: Weekday) -> [Int?] {
    guard let schedule else { return [] }
    guard let shown = shownIndices(day) else { return schedule[day].indices.map { $0 } }
    var rows = [Int?](repeating: nil, count: schedule[day].count)
    for (row, index) in shown.enumerated() { rows[index] = row }
    return rows
  }

  /// Brings the cursors the calendar remembers inside their dates' lists.
  mutating func clampCalendarLists(rows: Int) {
    for key in calendar.lists.storedPages {
      let date = CivilDate(daysSince1970: key)
      calendar[list: date].clamp(count: entries(on: date).count, rows: rows)
    }
  }
}
