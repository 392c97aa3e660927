import PagerCore
import TerminalUI

extension AppState {
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
    /// Why changes are not being watched (`r` still reloads).
    public var unwatched: String?
  }

  /// How long a burst of changes must be quiet before the file is read.
  static let reloadQuiet = Duration.milliseconds(60)
  /// The longest a burst can put off reading the file.
  static let reloadMaxWait = Duration.milliseconds(250)

  /// The file to watch and read again, if the week comes from one.
  var reloadPath: String? {
    if case .file(let path)? = source { return path }
    return nil
  }

  /// What starts the app: watch the file the week comes from, and read it if
  /// the week is not here yet (a large file or a pipe, read behind the spinner).
  ///
  /// Watching comes first, so a change made while the file is read is seen.
  public mutating func launch() -> [Effect] {
    var effects: [Effect] = []
    if let path = reloadPath { effects.append(.watch(paths: [path])) }
    if schedule == nil, let path = source?.loadPath {
      reload.loading = true
      effects.append(.load(path: path))
    }
    return effects
  }

  /// A watched file changed: read it once the burst settles.
  mutating func fileChanged(_ path: String, at now: Duration) {
    guard path == reloadPath else { return }
    let start = reload.burstStart ?? now
    reload.burstStart = start
    reload.due = min(now + Self.reloadQuiet, start + Self.reloadMaxWait)
  }

  /// `r`: read the file now (or as soon as the read under way is done).
  mutating func requestReload(at now: Duration) {
    guard reloadPath != nil else { return }
    reload.due = now
    reload.burstStart = nil
  }

  /// Starts the read that is due, unless one is under way.
  mutating func reloadIfDue(at now: Duration) -> [Effect] {
    guard let due = reload.due, due <= now, !reload.loading, let path = reloadPath else {
      return []
    }
    reload.due = nil
    reload.burstStart = nil
    reload.loading = true
    return [.load(path: path)]
  }

  /// A read finished.
  ///
  /// The first read has nothing on screen to fall back on: its failure ends
  /// the run with the error, as it would have before the UI. A later one
  /// keeps the last good week and shows why in the footer.
  mutating func loaded(_ result: Result<SafeSchedule, ScheduleError>) -> [Effect] {
    reload.loading = false
    switch result {
    case .success(let week):
      reload.error = nil
      if schedule == nil {
        schedule = week
        clampLists()
      } else {
        replaceSchedule(with: week)
      }
    case .failure(let error):
      guard schedule != nil else {
        return [.quit(status: error.exitCode, message: error.message)]
      }
      reload.error =
        error.message.hasPrefix("youbi: ")
        ? String(error.message.dropFirst(7)) : error.message
    }
    return []
  }

  /// Shows `week` in place of the one on screen, keeping every day's view
  /// where it was: the cursor on the same serial (the same title and author)
  /// at the same row of the screen, or on the nearest row when that serial
  /// is gone.
  ///
  /// The day shown and the pager are untouched, so a reload of an unchanged
  /// file changes no cell.
  mutating func replaceSchedule(with week: SafeSchedule) {
    let old = schedule
    schedule = week
    for day in Weekday.allCases {
      let before = old?[day] ?? []
      let after = week[day]
      let list = lists[day.rawValue]
      var kept = list
      kept.cursor = Self.index(matching: before, at: list.cursor, in: after)
      kept.offset = kept.cursor - (list.cursor - list.offset)
      kept.clamp(count: after.count, rows: listRows)
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
