import PagerCore
import Schedule
import TerminalUI

extension AppState {
  // MARK: Keys

  /// `c`: the week becomes the calendar, open on today's date in every section, or the
  /// calendar becomes the week again, as it was left.
  ///
  /// A swipe in progress ends first (it belongs to the pager being put away).
  mutating func toggleCalendar(at now: Duration) {
    releasePointer(at: now)
    switch mode {
    case .week:
      let today = todayDate
      for i in sections.indices { sections[i].calendar.show(today) }
      mode = .calendar
    case .calendar:
      mode = .week
    }
    clampLists()
  }

  /// `t`: today's weekday in the week, today's date in the calendar.
  mutating func goToToday(at now: Duration) {
    switch mode {
    case .week: pager.jump(to: today.rawValue, at: now)
    case .calendar: sections[current].calendar.slide(to: todayDate, at: now)
    }
  }

  /// `1`–`7` or a click on a tab: that weekday, in the week or in the week the calendar shows.
  mutating func goTo(weekday: Weekday, at now: Duration) {
    switch mode {
    case .week:
      pager.jump(to: weekday.rawValue, at: now)
    case .calendar:
      let calendar = sections[current].calendar
      sections[current].calendar.slide(
        to: calendar.displayedWeek.adding(days: weekday.rawValue), at: now)
    }
  }

  /// A click on tab `tab` (0 is Monday) of the tab bar on screen.
  mutating func goTo(tab: Int, at now: Duration) {
    if let day = Weekday(rawValue: tab) { goTo(weekday: day, at: now) }
  }

  /// `[` and `]`: a week back or forward in the calendar (one continuous slide of seven
  /// dates; presses add up). Nothing in the week, which has no other weeks.
  mutating func stepWeek(_ direction: Direction, at now: Duration) {
    guard mode == .calendar else { return }
    let calendar = sections[current].calendar
    sections[current].calendar.slide(
      to: calendar.selectedDate.adding(days: 7 * direction.sign), at: now)
  }

  // MARK: Pages

  /// The cursor and scroll of the selected page: the selected weekday's, or the
  /// selected date's.
  var selectedList: ListState {
    get {
      switch mode {
      case .week: lists[selectedDay.rawValue]
      case .calendar: sections[current].calendar[list: sections[current].calendar.selectedDate]
      }
    }
    set {
      switch mode {
      case .week: lists[selectedDay.rawValue] = newValue
      case .calendar:
        let date = sections[current].calendar.selectedDate
        sections[current].calendar[list: date] = newValue
      }
    }
  }

  /// The page a section's keys act on: the selected weekday's, or the selected date's.
  func selectedPage(of section: SectionState) -> DatePage {
    switch mode {
    case .week: weekPage(section.selectedDay, of: section)
    case .calendar: calendarPage(section.calendar.selectedDate, of: section)
    }
  }

  /// The page of `day` in the week: this week's date of it, under the weekday's name.
  func weekPage(_ day: Weekday, of section: SectionState) -> DatePage {
    DatePage(
      date: section.date(of: day), heading: labels.fullName(day), serials: section.serials(day),
      ids: section.ids(day), list: section.lists[day.rawValue],
      carried: section.carriedDates(on: section.date(of: day)),
      hasPlatforms: section.isPlatformed(on: section.date(of: day)))
  }

  /// The page of `date` in the calendar, under the full date.
  func calendarPage(_ date: CivilDate, of section: SectionState) -> DatePage {
    DatePage(
      date: date, heading: labels.fullDate(date), serials: section.entries(on: date),
      ids: section.ids(on: date), list: section.calendar[list: date],
      carried: section.carriedDates(on: date), hasPlatforms: section.isPlatformed(on: date))
  }

  /// The pages of a section on screen, each `width` columns wide, left to right, with
  /// their columns: from the week's pager or the calendar's, with the days in view.
  func visiblePages(of section: SectionState, width: Int, at now: Duration) -> [(
    column: Int, page: DatePage
  )] {
    switch mode {
    case .week:
      columnPager(section.week).visiblePages(width: width, at: now).map {
        ($0.column, weekPage(section.weekday(ofPage: $0.page), of: section))
      }
    case .calendar:
      columnPager(section.calendar.pager).visiblePages(width: width, at: now).map {
        ($0.column, calendarPage(section.calendar.date(ofPage: $0.page), of: section))
      }
    }
  }

  /// The dates of `visiblePages(of:width:at:)`, in the same order, without making the pages.
  func visibleDates(of section: SectionState, width: Int, at now: Duration) -> [CivilDate] {
    switch mode {
    case .week:
      columnPager(section.week).visiblePages(width: width, at: now).map {
        section.date(of: section.weekday(ofPage: $0.page))
      }
    case .calendar:
      columnPager(section.calendar.pager).visiblePages(width: width, at: now).map {
        section.calendar.date(ofPage: $0.page)
      }
    }
  }

  /// The page of `date` as `visiblePages(of:width:at:)` makes it, for a date it shows.
  func page(on date: CivilDate, of section: SectionState) -> DatePage {
    switch mode {
    case .week: weekPage(date.weekday, of: section)
    case .calendar: calendarPage(date, of: section)
    }
  }

  // MARK: Bars

  /// A section's calendar tabs: the seven days of the week shown, with their dates.
  ///
  /// The indicator sits at the strip's date counted from that week's Monday, wrapped
  /// into the week: across a week boundary it slides out of one edge and in at the other,
  /// continuously, as at the week's seam (the labels turn to the new week at once, as
  /// the selection does). Re-centring the pager leaves this number as it was, so the bar
  /// does not move either.
  func calendarTabBar(of section: SectionState, at now: Duration) -> TabBar {
    let calendar = section.calendar
    let monday = calendar.displayedWeek
    let p = calendar.pager.position(at: now) + Double(monday.days(to: calendar.origin))
    let today = monday.days(to: todayDate)
    return TabBar(
      labels: (0..<7).map { labels.tab(monday.adding(days: $0)) },
      position: p - 7 * (p / 7).rounded(.down),
      selected: calendar.selectedDate.weekday.rawValue,
      marked: (0..<7).contains(today) ? today : nil, indicator: indicator,
      span: pageWindow.count, lead: pageWindow.lead)
  }

  /// The calendar's hints, naming the dates either side of the selected one.
  func calendarHints(of section: SectionState) -> (previous: String?, next: String?) {
    let date = section.calendar.selectedDate
    return ("‹ " + labels.tab(date.adding(days: -1)), labels.tab(date.adding(days: 1)) + " ›")
  }

  /// The footer's key hints; in the calendar, after which week it shows.
  func drawFooterKeys(into canvas: inout Canvas, y: Int, width: Int) {
    guard mode == .calendar else {
      let keys = fitted(labels.footerKeys, width: width - 1)
      canvas.draw(" " + keys, x: 0, y: y, maxWidth: width, style: .dim)
      return
    }
    let monday = sections[current].calendar.displayedWeek
    let which = labels.week(thisWeek.days(to: monday) / 7, iso: monday.isoWeek)
    // The week first; the keys in what is left, `? help` at least (the week cut for it).
    let keys = fitted(labels.calendarFooterKeys, width: width - 1 - TextWidth.of(which) - 2)
    let used = canvas.draw(
      " " + which, x: 0, y: y, maxWidth: max(0, width - TextWidth.of(keys) - 2), style: .bold)
    canvas.draw("  " + keys, x: used, y: y, maxWidth: width - used, style: .dim)
  }
}
