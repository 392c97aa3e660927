import PagerCore
import Schedule
import TerminalUI

extension SectionState {
  /// This week's date of `day`: what the weekday page of `day` shows.
  public func date(of day: Weekday) -> CivilDate { thisWeek.adding(days: day.rawValue) }

  /// The serials `date` lists: those of its weekday that appear on it (not before
  /// `start`, not after `end`, in one of their weeks) or are on a break, in time order,
  /// but for those a tracker's row stands for (`joined`), then on today's page the
  /// serials of other days that are behind; under `*` only the starred ones; none while
  /// loading.
  ///
  /// A view of the weekday's list, never a copy: a long day costs a frame nothing here,
  /// and a filtered one is filtered once for the filters it is under (`shownIndices`).
  ///
  /// - Complexity: O(1), but O(entries of that weekday) the first time a filtered date
  ///   is asked for.
  public func entries(on date: CivilDate) -> PageList<[Serial]> {
    guard let schedule else { return PageList([]) }
    let tail = carried.page == date ? listedCarried(carried.serials) : []
    return PageList(schedule[date.weekday], shown: shownIndices(on: date), tail: tail)
  }

  /// Who the serials `date` lists are, in the same order.
  public func ids(on date: CivilDate) -> PageList<SerialIDs> {
    guard let schedule else { return PageList(SerialIDs()) }
    let tail = carried.page == date ? listedCarried(carried.ids) : []
    return PageList(
      schedule.identities[date.weekday.rawValue], shown: shownIndices(on: date), tail: tail)
  }

  /// Whether a row `date` lists is placed on a streaming platform's slot.
  func isPlatformed(on date: CivilDate) -> Bool {
    guard let schedule else { return false }
    if shown(on: date)?.isPlatformed ?? schedule.isPlatformed(date.weekday) { return true }
    guard carried.page == date else { return false }
    guard starFilter != nil else { return carried.isPlatformed }
    return listedCarried(carried.serials).contains(where: \.isOnPlatform)
  }

  /// The release dates of the rows carried over to `date`'s page, after its own rows.
  func carriedDates(on date: CivilDate) -> [CivilDate] {
    guard carried.page == date else { return [] }
    return listedCarried(carried.dates)
  }

  /// What `all` (one of `carried`'s lists) holds of the carried rows listed: all of it,
  /// shared, or under `*` the starred ones' (today's page is asked for several times a
  /// frame, and thousands of rows may be carried).
  private func listedCarried<T>(_ all: [T]) -> [T] {
    guard let starFilter else { return all }
    return carried.ids.indices.filter { starFilter.contains(carried.ids[$0]) }.map { all[$0] }
  }

  /// The identities of the serials `day`'s page of this week lists, in order.
  public func ids(_ day: Weekday) -> PageList<SerialIDs> { ids(on: date(of: day)) }

  /// Whether the list of `date` is less than its weekday's whole list can be:
  /// the day has dated entries, or a row a tracker's row stands for, or `*` is on.
  func filters(_ date: CivilDate) -> Bool {
    starFilter != nil || schedule?.isDated(date.weekday) == true
      || joined.days.contains(date.weekday)
  }

  /// The positions in its weekday's whole list of the serials `date` lists;
  /// nil when it lists them all.
  ///
  /// - Complexity: O(entries of that weekday) when `filters(date)` the first time these
  ///   filters ask for `date` (the schedule keeps the last few), else O(1).
  public func shownIndices(on date: CivilDate) -> [Int]? { shown(on: date)?.indices }

  /// `shownIndices(on:)`, what else a page needs of them (a platform's slot, breaks),
  /// worked out once for these filters.
  private func shown(on date: CivilDate) -> ShownMemo.Shown? {
    guard let schedule, filters(date) else { return nil }
    let key = ShownMemo.Key(date: date, starFilter: starFilter, joined: joined)
    return schedule.shownMemo.shown(key) {
      let day = date.weekday
      let all = schedule[day]
      let ids = schedule.identities[day.rawValue]
      let dated = schedule.isDated(day)
      let indices = all.indices.filter { i in
        (!dated || all[i].appears(on: date) || all[i].isOnBreak(on: date))
          && (starFilter?.contains(ids[i]) ?? true) && !joined.contains(ids[i])
      }
      return ShownMemo.Shown(
        indices: indices, isPlatformed: indices.contains { all[$0].isOnPlatform },
        onBreak: indices.count { all[$0].isOnBreak(on: date) })
    }
  }

  /// How many of the serials `date` lists of its own are on a break that date (only a
  /// dated day's can be).
  func breakCount(on date: CivilDate) -> Int { shown(on: date)?.onBreak ?? 0 }

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
