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
  func marksKey(of section: Section) -> ScheduleKey {
    if let source = section.source, let key = markKeys[source] { return key }
    if case .file(let path)? = section.source { return .path(path) }
    return .title(section.schedule?.title ?? section.name)
  }

  /// The selected serial of the selected section and who it is; nil on an
  /// empty day or while loading.
  var selectedSerial: (serial: Serial, id: SerialID)? {
    let page = selectedPage(of: sections[current])
    guard !page.serials.isEmpty else { return nil }
    var list = page.list
    list.clamp(count: page.serials.count, rows: listRows)
    return (page.serials[list.cursor], page.ids[list.cursor])
  }

  /// A row's extras with the marks of its serial: read in the page's week, starred.
  func marked(_ extras: RowExtras, _ page: DatePage, _ index: Int, _ key: ScheduleKey)
    -> RowExtras
  {
    var extras = extras
    extras.read = marks.isRead(page.ids[index], in: key, week: page.week)
    extras.starred = marks.isStarred(page.ids[index], in: key)
    return extras
  }

  /// A key for the selected serial, or any key while its detail box is open;
  /// nil for a key this leaves to the rest of the key map.
  ///
  /// The box takes every key until Enter, Esc or q closes it; `o`, `y`, `m`
  /// and `f` still act on its serial, and Ctrl-C still quits.
  mutating func act(on key: Key) -> [Effect]? {
    // What the last `o` or `y` did stays until the next key, whatever it does.
    if notice?.topic == .link || notice?.topic == .clipboard || notice?.topic == .notification {
      notice = nil
    }
    guard !showHelp, search?.isEditing != true else { return nil }
    if showDetails {
      switch key {
      case .enter, .escape, .char("q"):
        showDetails = false
        return []
      case .char("\u{03}"): return [.quit(status: 130)]
      case .char("o"), .char("y"), .char("m"), .char("f"): break
      default: return []  // swallowed, as the help box does
      }
    }
    switch key {
    case .enter:
      showDetails = selectedSerial != nil
      return []
    case .char("o"): return openSelected()
    case .char("y"): return copySelected()
    case .char("m"): return toggleReadSelected()
    case .char("f"): return toggleStarSelected()
    case .char("*"):
      starredOnly.toggle()
      refreshStarFilter()
      return []
    default: return nil
    }
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

  /// `m`: the selected serial read (or unread again) in the week on screen.
  mutating func toggleReadSelected() -> [Effect] {
    guard let (_, id) = selectedSerial else { return [] }
    marks.toggleRead(id, in: marksKey(of: sections[current]), week: weekOnScreen, at: wall)
    return marksChanged()
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
      var section = sections[i]
      var places: [Int] = []
      for day in Weekday.allCases {
        let cursor = section.lists[day.rawValue].cursor
        let shown = section.shownIndices(day)
        places.append(shown.map { cursor < $0.count ? $0[cursor] : ($0.last ?? 0) } ?? cursor)
      }
      section.starFilter = filter
      for day in Weekday.allCases {
        let place = places[day.rawValue]
        let shown = section.shownIndices(day)
        let count = shown?.count ?? section.serials(day).count
        let cursor = shown.map { $0.firstIndex { $0 >= place } ?? $0.count - 1 } ?? place
        section.lists[day.rawValue].move(to: max(0, cursor), count: count, rows: rows)
      }
      sections[i] = section
    }
    if changed {
      clampLists()
      searchSchedulesChanged()
    }
  }

  /// Whether any serial of `section` is read in `week`: until one is, the
  /// tabs and headings show the plain counts.
  func hasReadMarks(_ section: Section, in week: ISOWeek) -> Bool {
    marks.schedules[marksKey(of: section)]?.values.contains {
      $0.read[week]?.isOn == true
    } == true
  }

  /// How many of the serials `page` lists are not read in its week.
  func unreadCount(_ section: Section, _ page: DatePage) -> Int {
    marks.unreadCount(of: page.ids, in: marksKey(of: section), week: page.week)
  }
}

/// How marks show outside the rows: counts of what is still unread.
extension AppState {
  /// A page's count for its heading: how many serials, or, once something of
  /// its week is read, how many are unread of how many.
  func headingCount(of section: Section, _ page: DatePage, total: Int) -> String {
    guard total > 0, hasReadMarks(section, in: page.week) else {
      return labels.serialCount(total)
    }
    return labels.unreadCount(unreadCount(section, page), of: total)
  }

  /// The weekday tab labels: with each day's unread count (`Mon 3`, `Mon ✓`
  /// when all are read) once something of the week is read, if those still
  /// fit in `width` columns without the bar scrolling; else the plain labels.
  func tabLabels(of section: Section, width: Int) -> [String] {
    let plain = Weekday.allCases.map(labels.label)
    guard !section.isLoading, hasReadMarks(section, in: section.thisWeek.isoWeek) else {
      return plain
    }
    let counted = Weekday.allCases.map { day in
      let page = weekPage(day, of: section)
      guard !page.serials.isEmpty else { return labels.label(day) }
      let unread = unreadCount(section, page)
      return labels.label(day) + (unread == 0 ? " ✓" : " \(unread)")
    }
    let bar = TabBar(labels: counted, position: 0)
    return bar.layout(width: width).fits ? counted : plain
  }
}
