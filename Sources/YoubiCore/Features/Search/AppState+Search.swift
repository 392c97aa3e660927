import PagerCore
import Schedule
import TerminalUI

/// Search: `/` opens a prompt in the footer; each change of the query finds
/// the matches in every day of every section and slides to the first one at
/// or after where the search started. Enter keeps the result, Esc goes back.
/// `n` and `N` then step through the matches, wrapping with a notice.
extension AppState {
  /// Opens the prompt, remembering where the view is for Esc. Search looks through the
  /// week, so in the calendar it goes back to the week first.
  mutating func startSearch(at now: Duration) {
    if mode == .calendar { toggleCalendar(at: now) }
    let origin = Search.Origin(
      sectionPager: sectionPager, weeks: sections.map(\.week), lists: sections.map(\.lists),
      place: searchPlace)
    search = Search(origin: origin)
    focus = .search
  }

  /// A key while the prompt has focus: what the prompt's key map asks for.
  ///
  /// Text goes into the prompt; keys that move the view are ignored, so the
  /// view stays on the match until Enter keeps it or Esc goes back.
  mutating func searchKey(_ key: Key, at now: Duration) {
    guard let search else { return }
    switch search.edit(key) {
    case .query(let text): setSearchQuery(text, at: now)
    case .keep: keepSearch()
    case .cancel: cancelSearch(at: now)
    case .none: break
    }
  }

  /// Pasted text goes into an open prompt (as text, never as keys).
  mutating func paste(_ text: String, at now: Duration) {
    guard let query = search?.query, focus == .search else { return }
    let clean = Search.promptText(text)
    if !clean.isEmpty { setSearchQuery(query + clean, at: now) }
  }

  /// Enter: the prompt closes and the result stays, for `n` and `N`; an empty query ends the search.
  mutating func keepSearch() {
    guard var s = search else { return }
    if focus == .search { focus = .page }
    if s.query.isEmpty {
      search = nil
      return
    }
    s.origin = nil
    search = s
  }

  /// Esc: the view goes back to exactly where the search started.
  mutating func cancelSearch(at now: Duration) {
    if let origin = search?.origin { show(nil, from: origin, at: now) }
    search = nil
    if focus == .search { focus = .page }
  }

  /// `n` / `N`: slides to the next or previous match after the cursor, across
  /// days and sections, with a notice when it wraps round an end.
  mutating func stepSearch(_ direction: Direction, at now: Duration) {
    guard let s = search else { return }
    if mode == .calendar { toggleCalendar(at: now) }
    guard let (hit, wrapped) = s.step(direction, from: searchPlace) else {
      notice = Notice(.search, labels.noMatch)
      return
    }
    if wrapped {
      let text = direction == .forward ? labels.searchWrappedToFirst : labels.searchWrappedToLast
      notice = Notice(.search, text)
    }
    reveal(hit, at: now)
  }

  /// The schedules changed (one finished loading): the hits follow, the view stays.
  mutating func searchSchedulesChanged() {
    guard var s = search else { return }
    s.hits = hits(of: s.foldedUTF8)
    search = s
  }

  /// The current place in search order: the selected section, day and cursor.
  var searchPlace: SearchHit {
    let day = selectedDay
    return SearchHit(section: current, day: day, index: lists[day.rawValue].cursor)
  }

  // MARK: - Internals

  /// Changes the query, finds its hits and shows the first at or after the origin.
  private mutating func setSearchQuery(_ text: String, at now: Duration) {
    guard var s = search else { return }
    s.setQuery(text)
    s.hits = hits(of: s.foldedUTF8)
    search = s
    if let origin = s.origin { show(s.first(atOrAfter: origin.place), from: origin, at: now) }
  }

  /// Every section's matches of `query` (folded UTF-8) on this week's pages, in search
  /// order: an entry this week's page does not list (before its `start`, after its `end`,
  /// skipped, or not starred under `*`) is not a match.
  ///
  /// - Complexity: O(indexed text): one `memmem` pass per section, and one pass over
  ///   each filtered day that has a match.
  func hits(of query: [UInt8]) -> [SearchHit] {
    guard !query.isEmpty else { return [] }
    var hits: [SearchHit] = []
    for (i, section) in sections.enumerated() {
      guard let schedule = section.schedule else { continue }
      // A day with dated entries, or under `*`, lists only some: map each match
      // to its row on this week's page, or leave it out.
      var listed: [Weekday: [Int?]] = [:]
      for match in schedule.searchIndex.matches(query) {
        var index: Int? = match.index
        if section.filters(section.date(of: match.day)) {
          if listed[match.day] == nil { listed[match.day] = section.listedRows(match.day) }
          index = listed[match.day]![match.index]
        }
        if let index { hits.append(SearchHit(section: i, day: match.day, index: index)) }
      }
    }
    return hits
  }

  /// The origin, changed only by `hit`: every cursor and day back as it was,
  /// then the hit's section, day and cursor (or the origin itself when nil).
  ///
  /// Pagers slide from wherever they are, so the view moves as it does for
  /// any other jump; once they land, the state equals the origin plus the hit.
  private mutating func show(_ hit: SearchHit?, from origin: Search.Origin, at now: Duration) {
    let rows = listRows
    for i in sections.indices where i < origin.weeks.count {
      sections[i].lists = origin.lists[i]
      sections[i].clampLists(rows: rows)  // a no-op unless a reload shortened a day
      let day = hit?.section == i ? hit!.day.rawValue : origin.weeks[i].targetPage
      if sections[i].week.targetPage != day { sections[i].week.jump(to: day, at: now) }
    }
    if let hit {
      reveal(hit, at: now)
    } else if sectionPager.targetPage != origin.sectionPager.targetPage {
      sectionPager.jump(to: origin.sectionPager.targetPage, at: now)
    }
  }

  /// Slides to `hit`'s section and day and puts the cursor on it.
  private mutating func reveal(_ hit: SearchHit, at now: Duration) {
    guard sections.indices.contains(hit.section) else { return }
    var section = sections[hit.section]
    if section.week.targetPage != hit.day.rawValue {
      section.week.jump(to: hit.day.rawValue, at: now)
    }
    section.lists[hit.day.rawValue].move(
      to: hit.index, count: section.serials(hit.day).count, rows: listRows)
    sections[hit.section] = section
    if sectionPager.targetPage != hit.section { sectionPager.jump(to: hit.section, at: now) }
  }
}
