import PagerCore
import Schedule
import TerminalUI

extension Section {
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
    /// Why the last read failed: the footer shows it, over the last good week,
    /// until a read succeeds.
    public var error: String?
  }

  /// The file to watch and read again, if the week comes from one.
  var reloadPath: String? {
    if case .file(let path)? = source { return path }
    return nil
  }

  /// Shows `week` in place of the one on screen, keeping every day's view
  /// where it was: the cursor on the same serial (the same title and author)
  /// at the same row of the screen, or on the nearest row when that serial
  /// is gone.
  ///
  /// The day shown and the pager are untouched, so a reload of an unchanged
  /// file changes no cell.
  mutating func replaceSchedule(with week: SafeSchedule, rows: Int) {
    let old = schedule
    schedule = week
    for day in Weekday.allCases {
      let before = old?[day] ?? []
      let after = week[day]
      let list = lists[day.rawValue]
      var kept = list
      kept.cursor = Self.index(matching: before, at: list.cursor, in: after)
      kept.offset = kept.cursor - (list.cursor - list.offset)
      kept.clamp(count: after.count, rows: rows)
      if kept != list { lists[day.rawValue] = kept }
    }
  }

  /// Where the serial at `index` of `before` is in `after`: the occurrence of
  /// the same title and author nearest to `index`, else `index` itself
  /// (clamped by the caller), the nearest row.
  static func index(matching before: [Serial], at index: Int, in after: [Serial]) -> Int {
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
  public mutating func launch() -> [Effect] {
    var effects: [Effect] = []
    let watched = sections.compactMap(\.reloadPath)
    if !watched.isEmpty { effects.append(.watch(paths: watched)) }
    for i in sections.indices where sections[i].schedule == nil {
      guard let path = sections[i].source?.loadPath else { continue }
      sections[i].reload.loading = true
      effects.append(.load(path: path))
    }
    return effects
  }

  /// A watched file changed: read it once the burst settles.
  mutating func fileChanged(_ path: String, at now: Duration) {
    for i in sections.indices where sections[i].reloadPath == path {
      let start = sections[i].reload.burstStart ?? now
      sections[i].reload.burstStart = start
      sections[i].reload.due = min(now + Self.reloadQuiet, start + Self.reloadMaxWait)
    }
  }

  /// `r`: read every watched file now (or as soon as the read under way is done).
  mutating func requestReload(at now: Duration) {
    for i in sections.indices where sections[i].reloadPath != nil {
      sections[i].reload.due = now
      sections[i].reload.burstStart = nil
    }
  }

  /// Starts the reads that are due, unless one is under way for that file.
  mutating func reloadIfDue(at now: Duration) -> [Effect] {
    var effects: [Effect] = []
    for i in sections.indices {
      let reload = sections[i].reload
      guard let due = reload.due, due <= now, !reload.loading,
        let path = sections[i].reloadPath
      else { continue }
      sections[i].reload.due = nil
      sections[i].reload.burstStart = nil
      sections[i].reload.loading = true
      effects.append(.load(path: path))
    }
    return effects
  }

  /// A read of `path` finished.
  ///
  /// The first read has nothing on screen to fall back on: its failure ends
  /// the run with the error, as it would have before the UI. A later one
  /// keeps the last good week and shows why in the footer.
  mutating func loaded(_ path: String, _ result: Result<SafeSchedule, ScheduleError>) -> [Effect] {
    let rows = listRows
    for i in sections.indices where sections[i].source?.loadPath == path {
      sections[i].reload.loading = false
      switch result {
      case .success(let week):
        sections[i].reload.error = nil
        if sections[i].name.isEmpty { sections[i].name = week.title ?? "" }
        if sections[i].schedule == nil {
          sections[i].schedule = week
          sections[i].clampLists(rows: rows)
        } else {
          sections[i].replaceSchedule(with: week, rows: rows)
        }
      case .failure(let error):
        guard sections[i].schedule != nil else {
          return [.quit(status: error.exitCode, message: error.message)]
        }
        sections[i].reload.error =
          error.message.hasPrefix("youbi: ") ? String(error.message.dropFirst(7)) : error.message
      }
    }
    return []
  }
}
