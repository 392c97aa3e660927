import PagerCore
import Schedule
import TerminalUI

extension SectionState {
  /// Reading the schedule file again, when it changes on disk or on `r`.
  ///
  /// Changes come in bursts (an editor writes, renames, sets attributes), so
  /// a change only sets a deadline: the file is read once the burst has been
  /// quiet for `reloadQuiet`, and never later than `reloadMaxWait` after its
  /// first change. One read runs at a time; a change during a read sets the
  /// deadline again, so the week on screen is never older than the file.
  public struct Reload: Equatable, Sendable {
    /// When to read the file again; nil when nothing is waiting.
    public var due: Duration?
    /// The first change of the burst `due` is settling.
    public var burstStart: Duration?
    /// A `.load` is under way; the next waits for its result.
    public var loading = false
    /// The horizon that read places the schedule within (`Placement.horizon`).
    public var placing = Horizon()
    /// Why the last read failed: the footer shows it, over the last good week,
    /// until a read succeeds.
    public var error: String?
  }

  /// The file to watch and read again, if the week comes from one.
  var reloadPath: String? {
    if case .file(let path)? = source { return path }
    return nil
  }

  /// The files of the other pages shown here, read again with the first.
  var pagePaths: [String] {
    pages.compactMap { if case .file(let path) = $0 { path } else { nil } }
  }

  /// Every file whose change reads the week again: the first page's and the others'.
  var watchedPaths: [String] { (reloadPath.map { [$0] } ?? []) + pagePaths }

  /// Shows `week` in place of the one on screen, keeping every day's view
  /// where it was: the cursor on the same serial (the same title and author)
  /// at the same row of the screen, or on the nearest row when that serial
  /// is gone. A list shown from its top stays at its top.
  ///
  /// The day shown and the pager are untouched, so a reload of an unchanged
  /// file changes no cell.
  ///
  /// The serials matched are the ones each page lists (this week's date of its day),
  /// which the cursor counts, not the day's whole list: a week read from a snapshot and
  /// the whole file list the same rows in another order of their weekday lists.
  mutating func replaceSchedule(with week: SafeSchedule, rows: Int) {
    let old = schedule
    let shown = Weekday.allCases.map { serials($0) }
    schedule = week
    if old?.warningCount != week.warningCount { warningsUntil = nil }
    for day in Weekday.allCases {
      let before = shown[day.rawValue]
      let after = serials(day)
      let list = lists[day.rawValue]
      var kept = list
      kept.cursor = Self.index(matching: before, at: list.cursor, in: after)
      // A list at its top stays at its top (what was added above shows);
      // otherwise the cursor's serial stays at the same row of the screen.
      kept.offset = list.offset == 0 ? 0 : kept.cursor - (list.cursor - list.offset)
      kept.clamp(count: after.count, rows: rows)
      if kept != list { lists[day.rawValue] = kept }
    }
  }

  /// Where the serial at `index` of `before` is in `after`: the occurrence of
  /// the same title and author nearest to `index`, else `index` itself
  /// (clamped by the caller), the nearest row.
  static func index<Before: RandomAccessCollection<Serial>, After: RandomAccessCollection<Serial>>(
    matching before: Before, at index: Int, in after: After
  ) -> Int where Before.Index == Int {
    guard before.indices.contains(index) else { return index }
    let serial = before[index]
    var best: Int? = nil
    for (i, candidate) in after.enumerated()
    where candidate.title == serial.title && candidate.author == serial.author {
      if best == nil || abs(i - index) < abs(best! - index) { best = i }
    }
    return best ?? index
  }
}

extension AppState {
  /// How long a burst of changes must be quiet before the file is read.
  static let reloadQuiet = Duration.milliseconds(60)
  /// The longest a burst can put off reading the file.
  static let reloadMaxWait = Duration.milliseconds(250)

  /// What starts the app: watch the files the sections come from, and read
  /// those that are not here yet (large files or a pipe, read behind the spinner).
  ///
  /// Watching comes first, so a change made while a file is read is seen.
  /// A file of several sections is watched and read once.
  public mutating func launch() -> [Effect] {
    var effects: [Effect] = []
    let watched = watchedPaths
    if !watched.isEmpty { effects.append(.watch(paths: watched)) }
    for i in sections.indices where sections[i].schedule == nil {
      if let feed = feed(of: sections[i]), !feed.hasCopy { continue }  // the fetch brings it
      guard let path = readPath(of: sections[i].source) else { continue }
      let load = read(path, pages: sections[i].pagePaths, for: [i])
      if !effects.contains(load) { effects.append(load) }
    }
    return effects
  }

  /// Every file the sections come from (every page of each), then the reference files,
  /// each once: what `.watch` names.
  var watchedPaths: [String] {
    var watched: [String] = []
    for path in sections.flatMap(\.watchedPaths) + references.paths where !watched.contains(path) {
      watched.append(path)
    }
    return watched
  }

  /// A watched file changed: read it once the burst settles (a page of a section of
  /// several reads them all; a reference file, every reference).
  mutating func fileChanged(_ path: String, at now: Duration) {
    referenceChanged(path, at: now)
    for i in sections.indices where sections[i].watchedPaths.contains(path) {
      let start = sections[i].reload.burstStart ?? now
      sections[i].reload.burstStart = start
      sections[i].reload.due = min(now + Self.reloadQuiet, start + Self.reloadMaxWait)
    }
  }

  /// `r`: read every watched file now (or as soon as the read under way is
  /// done), and fetch every subscription.
  mutating func requestReload(at now: Duration) {
    requestFetches()
    requestReferences()
    for i in sections.indices where sections[i].reloadPath != nil {
      sections[i].reload.due = now
      sections[i].reload.burstStart = nil
    }
  }

  /// Starts the reads that are due, unless one is under way for that file;
  /// a file of several sections is read once for all of them.
  mutating func reloadIfDue(at now: Duration) -> [Effect] {
    let due = sections.indices.filter { i in
      let reload = sections[i].reload
      return reload.due.map { $0 <= now } == true && !reload.loading
        && sections[i].reloadPath != nil
    }
    if references.deferred && !due.isEmpty {
      // The references put off come first: every section is read again, enriched, once
      // they are back (`referencesLoaded`), never before them without.
      for i in due { (sections[i].reload.due, sections[i].reload.burstStart) = (nil, nil) }
      return readDeferredReferences()
    }
    var effects: [Effect] = []
    for i in sections.indices {
      let reload = sections[i].reload
      guard let due = reload.due, due <= now, !reload.loading,
        let path = sections[i].reloadPath
      else { continue }
      sections[i].reload.due = nil
      sections[i].reload.burstStart = nil
      sections[i].reload.error = nil  // about an earlier read: this one may well succeed
      let load = read(path, pages: sections[i].pagePaths, for: [i])
      if !effects.contains(load) { effects.append(load) }
    }
    return effects
  }

  /// A read of `path` finished: one week per section of the file.
  ///
  /// The first read has nothing on screen to fall back on. With one section
  /// its failure ends the run with the error, as it would have before the UI;
  /// among several, the others are in use, so the file's sections show the
  /// error (naming the file) in their pages, and a later good read replaces it.
  /// A failed reread keeps the last good weeks and shows why in the footer.
  /// A good read of a watched file arms the watch again (`r` after its
  /// directory was made again, a link pointed elsewhere), so live reload
  /// goes on from where the file is now.
  ///
  /// Each section is named by its title, else by the file's name; when the
  /// file now has more or fewer sections, its group grows or shrinks (the
  /// sections it keeps keep their days and cursors). An open search sees the
  /// new text.
  mutating func loaded(_ path: String, _ result: Result<[SafeSchedule], ScheduleError>)
    -> [Effect]
  {
    let rows = listRows
    var group = sections.indices.filter { readPath(of: sections[$0].source) == path }
    guard !group.isEmpty else { return [] }
    for i in group {
      sections[i].reload.loading = false
      // A read that failed counts as placed too: it is not tried again until the file
      // changes (the week on screen is the last good one either way).
      sections[i].placed = sections[i].reload.placing
    }
    let reread = group.contains { sections[$0].schedule != nil }
    switch result {
    case .success(let weeks):
      partial.paths.remove(path)  // whole now
      if weeks.count != group.count && !weeks.isEmpty {
        group = regroup(group, into: weeks.count)
      }
      for (part, i) in group.enumerated() {
        let week = weeks[part]
        sections[i].reload.error = nil
        sections[i].loadError = nil
        sections[i].name = SectionState.name(
          title: week.title, source: sections[i].source, part: part, of: weeks.count)
        if sections[i].schedule == nil {
          sections[i].schedule = week
          sections[i].clampLists(rows: rows)
        } else {
          carryMarksOfRenamed(in: i, to: week)
          sections[i].replaceSchedule(with: week, rows: rows)
        }
      }
      refreshJoins()  // a tracker's list, or a source it joins, changed
      if followTrackers(in: group) { saving.changed() }  // the tracker's count as marks
      if forgetOrphanedMarks() { _ = marksChanged() }
    case .failure(let error):
      for i in group {
        guard sections[i].schedule != nil else {
          if case .url(let url)? = sections[i].source, let f = feedIndex(url) {
            // An unreadable copy: fetch a new one; the spinner stays meanwhile.
            if !feeds[f].fetching { feeds[f].requested = true }
            feeds[f].hasCopy = false
            continue
          }
          if sections.count == 1 { return [.quit(status: error.exitCode, message: error.message)] }
          sections[i].loadError = error.message
          continue
        }
        sections[i].reload.error =
          error.message.hasPrefix("youbi: ") ? String(error.message.dropFirst(7)) : error.message
      }
    }
    searchSchedulesChanged()
    // (The first read needs none: the watch was armed at launch, just before it.)
    if case .success = result, reread, watchedPaths.contains(path) {
      return [.watch(paths: watchedPaths)]
    }
    return []
  }

  /// Makes the contiguous `group` of sections from one file `count` long:
  /// the first ones stay as they are, new ones start like the first on its
  /// selected day, extra ones go. Returns the group's new indices.
  ///
  /// The section pager is rebuilt at rest on the same section (or the
  /// group's last one, if that one went).
  private mutating func regroup(_ group: [Int], into count: Int) -> [Int] {
    let first = group[0]
    let last = group[group.count - 1]
    let template = sections[first]
    var replacement = Array(sections[first...last].prefix(count))
    while replacement.count < count {
      var added = SectionState(
        name: "", source: template.source, schedule: nil, day: template.selectedDay,
        looping: template.loops, slideDuration: template.week.duration)
      added.reload = template.reload
      added.placed = template.placed
      // The same week and calendar date as its neighbour (a file that grows a
      // section while the calendar is open shows it on the date shown).
      added.thisWeek = template.thisWeek
      added.calendar.show(template.calendar.selectedDate)
      replacement.append(added)
    }
    var selected = current
    if selected > last {
      selected += count - group.count
    } else if selected >= first {
      selected = min(selected, first + count - 1)
    }
    sections.replaceSubrange(first...last, with: replacement)
    sectionPager = Pager(
      mode: .bounded(count: sections.count), page: selected, duration: sectionPager.duration,
      easing: sectionPager.easing)
    return Array(first..<(first + count))
  }
}
