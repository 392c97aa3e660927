import PagerCore
import Schedule
import TerminalUI

extension WallTime {
  /// The date whose day is under way when days start at `hour` o'clock: at 04:59 on
  /// Tuesday with `hour` 5, still Monday's.
  public func date(dayStartHour hour: Int) -> CivilDate {
    CivilDate(
      daysSince1970: Int((localSeconds - Int64(hour) * 3600).floorDivided(by: 86_400)))
  }
}

extension AppState {
  /// Today's date: the wall clock's, moved back by the day-start hour.
  public var todayDate: CivilDate { wall.date(dayStartHour: dayStartHour) }

  /// The Monday of today's week: the week the weekday pages show.
  public var thisWeek: CivilDate { todayDate.adding(days: -todayDate.weekday.rawValue) }

  /// Moves every section's week to the wall clock's, so the weekday pages show this
  /// week's dates; at the rollover into a new week the lists change (and a search's
  /// matches with them), the view stays.
  mutating func followTheClock() {
    let monday = thisWeek
    var moved = false
    for i in sections.indices where sections[i].thisWeek != monday {
      sections[i].thisWeek = monday
      moved = true
    }
    // Dated entries come and go with the week: a search's matches follow.
    if moved { searchSchedulesChanged() }
  }

  /// Where now is in today's list: the entries before `next` have come out; `next`, if
  /// it has a time, is the next release. Only today's page has one.
  struct NowMark: Equatable {
    /// The index of the first entry that has not come out (untimed entries never do).
    var next: Int
    /// The wall clock, local seconds since 1970.
    var local: Int64
  }

  /// The instant `serial` comes out on `date`, in local seconds since 1970: its time
  /// counted from the date's midnight, so `25:30` is 01:30 the day after; nil without
  /// a time.
  static func release(_ serial: Serial, on date: CivilDate) -> Int64? {
    guard let time = serial.time else { return nil }
    return Int64(date.daysSince1970) * 86_400 + Int64(time.minutes) * 60
  }

  /// Where now is in `serials`, the list of `date`; nil unless `date` is today.
  ///
  /// - Complexity: O(log n): the list is in time order, untimed entries last.
  func nowMark(on date: CivilDate, _ serials: PageList<[Serial]>, count: Int? = nil) -> NowMark? {
    guard date == todayDate else { return nil }
    let local = wall.localSeconds
    var (low, high) = (0, count ?? serials.count)
    while low < high {
      let mid = (low + high) / 2
      if let release = Self.release(serials[mid], on: date), release <= local {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return NowMark(next: low, local: local)
  }

  /// What row `index` of `page` shows beside its serial: time, episode, and on today's
  /// page whether it came out or how long until it does.
  func rowExtras(_ page: DatePage, index: Int, now: NowMark?) -> RowExtras {
    let serial = page.serials[index]
    var extras = RowExtras()
    extras.timeWidth = page.timeWidth
    if index >= page.ownCount {
      // Carried over from another day: its weekday where the time goes, its episode.
      let date = page.releaseDate(of: index)
      if page.hasTimes { extras.time = labels.label(date.weekday) }
      if let episode = serial.shownEpisode(on: date) {
        extras.episode = labels.episode(episode)
      }
      if !page.hasTimes { extras.status = labels.label(date.weekday) }
      return extras
    }
    if page.hasTimes {
      // The platform's initial after a time placed on its slot (`17:45C`).
      let initial = serial.origin?.platform.map { String(BangumiSites.initial(of: $0)) } ?? ""
      extras.time = (serial.time?.description ?? "") + initial
    }
    if serial.isOnBreak(on: page.date) {
      extras.onBreak = true
      extras.status = labels.onBreak
      return extras
    }
    // A source's number always shows; a file's single release (start = end) has none.
    if let episode = serial.shownEpisode(on: page.date) {
      extras.episode = labels.episode(episode)
    }
    if let now, let release = Self.release(serial, on: page.date) {
      if index < now.next {
        extras.aired = true
        extras.status = labels.aired
      } else if index == now.next {
        extras.isNext = true
        extras.status = labels.countdown(minutes: Int((release - now.local + 59) / 60))
      }
    }
    return extras
  }

  /// When the clock next changes what the screen shows: the day-start rollover, or the
  /// next change of a countdown on screen; nil never (the day always ends).
  ///
  /// The rollover wakes at the boundary, and an hour before it when it is further off:
  /// the boundary is reckoned with the UTC offset of now, and a daylight-saving change
  /// in between moves it by up to an hour, which the earlier wake (reckoned again with
  /// the new offset) catches. Wall seconds are whole, so a wake reckoned from them comes
  /// at or just after the instant it is for, never before.
  func timeDeadline(after now: Duration) -> Duration? {
    let local = wall.localSeconds
    let boundary = Int64(todayDate.daysSince1970 + 1) * 86_400 + Int64(dayStartHour) * 3600
    var wait = boundary - local
    if wait > 3600 { wait -= 3600 }
    if let tick = countdownWait(at: now) { wait = min(wait, tick) }
    // The next release the backlog did not count yet: counts change when it comes out.
    let validUntil = backlogKept.value.validUntil
    if validUntil > local && validUntil < .max { wait = min(wait, validUntil - local) }
    return now + .seconds(max(1, wait))
  }

  /// Seconds until a countdown or a "came out" on screen changes; nil when none is on
  /// screen, so an idle Youbi whose countdown is scrolled away, on another day or in
  /// another section sleeps until the next day.
  ///
  /// A countdown on screen changes each minute (it is rounded up, so it reaches the
  /// release and turns to "came out"). When the next release is scrolled above the
  /// window, the first release on screen starts counting down once the one before it
  /// comes out.
  func countdownWait(at now: Duration) -> Int64? {
    let layout = self.layout
    guard layout.fits else { return nil }
    let rows = layout.listRows
    let today = todayDate
    var best: Int64? = nil
    for shown in sectionPager.visiblePages(width: layout.body.width, at: now) {
      let section = sections[shown.page]
      // Only today's page is made: a frame's deadline is worked out after every update.
      for date in visibleDates(of: section, width: columnWidth, at: now) where date == today {
        let page = self.page(on: today, of: section)
        guard let mark = nowMark(on: today, page.serials, count: page.ownCount) else { continue }
        var list = page.list
        list.clamp(count: page.serials.count, rows: rows)
        let first = max(mark.next, list.offset)
        guard first < min(page.ownCount, list.offset + rows),
          let release = Self.release(page.serials[first], on: today)
        else { continue }
        let wait: Int64
        if first == mark.next {
          wait = (release - mark.local - 1) % 60 + 1
        } else {
          wait = Self.release(page.serials[first - 1], on: today)! - mark.local
        }
        best = min(best ?? wait, wait)
      }
    }
    return best
  }
}
