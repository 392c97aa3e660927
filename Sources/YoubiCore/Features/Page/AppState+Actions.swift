import Schedule
import TerminalUI

/// The keys that act on the selected serial: Enter (details), `o` (open its
/// link), `y` (copy), `m` (read this week), `f` (star), and `*` (only starred).
extension AppState {
  /// The week whose read marks `m` changes: the selected page's (this week
  /// in the week view, the date's week in the calendar; a new week starts unread).
  var weekOnScreen: ISOWeek { selectedPage(of: sections[current]).week }

  /// Which schedule a section's marks belong to: its file (by the path `main`
  /// resolved, else the path as given), or its title when it has no file.
  func marksKey(of section: SectionState) -> ScheduleKey {
    if let source = section.source, let key = markKeys[source] { return key }
    if case .file(let path)? = section.source { return .path(path) }
    return .title(section.schedule?.title ?? section.name)
  }

  /// The selected serial of the selected section and who it is; nil on an
  /// empty day or while loading.
  var selectedSerial: (serial: Serial, id: SerialID)? {
    selectedRelease.map { ($0.serial, $0.id) }
  }

  /// The selected row's release: its serial, who it is, its date (the page's, or a
  /// carried row's own), and whether it is a break.
  var selectedRelease: (serial: Serial, id: SerialID, date: CivilDate, onBreak: Bool)? {
    let page = selectedPage(of: sections[current])
    guard !page.serials.isEmpty else { return nil }
    var list = page.list
    list.clamp(count: page.serials.count, rows: listRows)
    let i = list.cursor
    let date = page.releaseDate(of: i)
    return (page.serials[i], page.ids[i], date, page.serials[i].isOnBreak(on: date))
  }

  /// A row's extras with the marks of its serial: its release seen, starred, and how
  /// many releases behind.
  func marked(
    _ extras: RowExtras, _ page: DatePage, _ index: Int, _ key: ScheduleKey, _ section: SectionState
  ) -> RowExtras {
    var extras = extras
    let id = page.ids[index]
    if !extras.onBreak {
      extras.read = marks.isSeen(
        id, in: key, on: page.releaseDate(of: index), item: page.serials[index].releaseID)
    }
    extras.starred = marks.isStarred(id, in: key)
    if mode == .week { extras.behind = section.behind[id] ?? 0 }
    return extras
  }

  /// `o`: opens the selected serial's link, or says it has none.
  mutating func openSelected() -> [Effect] {
    guard let (serial, _) = selectedSerial else { return [] }
    guard let url = serial.url else {
      notice = Notice(.link, labels.noLink, isError: true)
      return []
    }
    return open(url)
  }

  /// `y`: copies the selected serial's link, or its title when it has none.
  mutating func copySelected() -> [Effect] {
    guard let (serial, _) = selectedSerial else { return [] }
    return copy(serial.url?.text ?? serial.title)
  }

  /// `f`: the selected serial starred (or not); under `*` an unstarred one leaves the list.
  mutating func toggleStarSelected() -> [Effect] {
    guard let (_, id) = selectedSerial else { return [] }
    marks.toggleStar(id, in: marksKey(of: sections[current]), at: wall)
    refreshStarFilter()
    return marksChanged()
  }

  /// Gives every section the filter `*` asks for (its starred serials, or
  /// none), keeping each day's cursor on the same serial where it stays
  /// listed (else on the next one), and the search's matches in step.
  ///
  /// Called after every update too, so stars merged from another process and
  /// sections added by a reload follow at once.
  mutating func refreshStarFilter() {
    var changed = false
    let rows = listRows
    for i in sections.indices {
      let filter = starredOnly ? marks.starred(in: marksKey(of: sections[i])) : nil
      guard sections[i].starFilter != filter else { continue }
      changed = true
      sections[i].refilter(rows: rows) { $0.starFilter = filter }
    }
    if changed {
      clampLists()
      searchSchedulesChanged()
    }
  }
}

/// How marks show outside the rows: counts of releases out and not seen.
extension AppState {
  /// What a page's own rows (breaks and carried rows not counted) say of what is
  /// behind: how many releases of followed serials are out, and how many of those are
  /// not seen.
  ///
  /// The one count the heading, the tabs and `b` share: from the backlog for a date it
  /// covers when every row is listed, else counted over the rows the page lists (under
  /// `*`, the starred ones), so all three agree under every filter.
  ///
  /// - Complexity: O(1) for a date the backlog covers, else O(rows of the page).
  func behindCounts(of section: SectionState, _ page: DatePage) -> (out: Int, behind: Int) {
    // Before the section counts, and on days to come, nothing is behind.
    guard let floor = section.behindFloor, page.date >= floor, page.date <= todayDate else {
      return (0, 0)
    }
    if section.starFilter == nil {
      return (section.outPerDate[page.date] ?? 0, section.behindPerDate[page.date] ?? 0)
    }
    // Under `*` the page lists some: count those of its rows the backlog holds behind,
    // and those marked seen, each serial followed from its own first mark or star.
    let key = marksKey(of: section)
    let behindIDs = section.behindIDs[page.date] ?? []
    let rows = followedRows(of: section, page)
    let behind = rows.count { behindIDs.contains(page.ids[$0]) }
    let seen = rows.count {
      marks.isSeen(page.ids[$0], in: key, on: page.date, item: page.serials[$0].releaseID)
    }
    return (behind + seen, behind)
  }

  /// The page's own rows of followed serials that have a release on its date (breaks
  /// and carried rows left out).
  func followedRows(of section: SectionState, _ page: DatePage) -> [Int] {
    let dated = section.schedule?.isDated(page.date.weekday) == true
    return (0..<page.ownCount).filter {
      page.serials[$0].appears(on: page.date)
        && !(dated && page.serials[$0].isOnBreak(on: page.date))
        && follows(page.ids[$0], in: section)
    }
  }

  /// How many of the releases `page` lists are out, not seen and followed.
  func behindCount(of section: SectionState, _ page: DatePage) -> Int {
    behindCounts(of: section, page).behind
  }

  /// A page's count for its heading: how many serials (breaks and carried rows not
  /// counted); on a day that has come, once something of the section is followed and
  /// counts, how many of the followed ones are behind (`2 behind of 3`; in a catalogue
  /// `… of 3 followed`).
  func headingCount(of section: SectionState, _ page: DatePage, total: Int) -> String {
    let own = page.ownCount - section.breakCount(on: page.date)
    guard own > 0, let floor = section.behindFloor, page.date >= floor, page.date <= todayDate
    else { return labels.serialCount(own) }
    let behind = behindCounts(of: section, page).behind
    guard case .marked = following(of: section) else { return labels.behindCount(behind, of: own) }
    let followed = followedRows(of: section, page).count
    guard followed > 0 else { return labels.serialCount(own) }
    return labels.behindCount(behind, ofFollowed: followed)
  }

  /// The weekday tab labels: once something of the section is followed and counts,
  /// each day that has come with its followed releases behind (`Mon +2`, `Mon ✓` when
  /// none), if those still fit in `width` columns without the bar scrolling; else each
  /// day that has releases behind marked `Mon •`, else the plain labels. A day where
  /// nothing followed has come out shows no count.
  func tabLabels(of section: SectionState, width: Int) -> [String] {
    let plain = Weekday.allCases.map(labels.label)
    guard !section.isLoading, let floor = section.behindFloor else { return plain }
    let today = todayDate
    let counts = Weekday.allCases.map { day -> (out: Int, behind: Int)? in
      let date = section.date(of: day)
      guard date <= today else { return nil }  // nothing has come out yet
      // The backlog's counts per date, O(1); a page is made only when `*` filters it.
      let c =
        section.starFilter == nil
        ? (date >= floor
          ? (section.outPerDate[date] ?? 0, section.behindPerDate[date] ?? 0) : (0, 0))
        : behindCounts(of: section, weekPage(day, of: section))
      return c.0 > 0 ? (c.0, c.1) : nil
    }
    let counted = zip(plain, counts).map { label, count in
      count.map { label + ($0.behind == 0 ? " ✓" : " +\($0.behind)") } ?? label
    }
    if TabBar(labels: counted, position: 0).layout(width: width).fits { return counted }
    // No room for the numbers: a mark still says which days have something behind.
    let marked = zip(plain, counts).map { label, count in
      (count?.behind ?? 0) > 0 ? label + "•" : label
    }
    return TabBar(labels: marked, position: 0).layout(width: width).fits ? marked : plain
  }
}
