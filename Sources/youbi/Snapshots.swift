import Schedule
import YoubiCore
import YoubiRuntime

/// Snapshots of big sources (`SnapshotStore`): what a run reads in place of parsing a
/// source that has not changed, and writes after parsing one.
///
/// A snapshot holds the serials of four weeks around today (`window(today:)`), under a
/// key of everything that decides them: the source's identity, Youbi's version, the zone,
/// `day-starts`, `titles` and today's date. A run whose answer lies in the window is
/// answered from it; any other (`--all`, a `--date` elsewhere, `--next 500`) parses.
extension Launch {
  /// The weeks a snapshot keeps: the one before today's (a release listed last Sunday at
  /// 27:00 comes out this Monday), today's, and the two after.
  static func snapshotWindow(today: CivilDate) -> Range<CivilDate> {
    let monday = today.adding(days: -today.weekday.rawValue)
    return monday.adding(days: -7)..<monday.adding(days: 21)
  }

  /// The store, unless the snapshots are off (`YOUBI_SNAPSHOTS=0`, for comparing).
  var snapshotStore: SnapshotStore? {
    environment["YOUBI_SNAPSHOTS"] == "0" ? nil : SnapshotStore(environment: environment)
  }

  /// The file a source is read from, when a snapshot can stand for it: a file, or a
  /// subscription's cached copy.
  func snapshotPath(_ source: ScheduleSource) -> String? {
    switch source {
    case .demo, .standardInput: return nil
    case .file(let path): return path
    case .url(let url): return Subscriptions.copy(of: url, in: fetcher?.cache)
    }
  }

  /// Everything that decides what a source reads as, in one line each.
  func snapshotKey(path: String, identity: String, today: CivilDate) -> String {
    [
      "youbi \(youbiVersion)", "source \(path)", "file \(identity)",
      "zone \(SnapshotStore.zoneIdentity(environment: environment))",
      "day-starts \(settings.dayStartHour)", "titles \(settings.titles.rawValue)",
      "today \(today)",
    ].joined(separator: "\n")
  }

  /// A source that may have a snapshot: where it is read from and who that file is now.
  struct SnapshotSource {
    var path: String
    var identity: String
  }

  func snapshotSource(_ source: ScheduleSource) -> SnapshotSource? {
    guard snapshotStore != nil, let path = snapshotPath(source),
      let identity = SnapshotStore.identity(of: path)
    else { return nil }
    return SnapshotSource(path: path, identity: identity)
  }

  /// The part of `source` the window of `today` needs, from its snapshot; nil when there
  /// is none that is good for the source as it is now.
  func snapshot(of source: SnapshotSource, today: CivilDate) -> Schedule? {
    let key = snapshotKey(path: source.path, identity: source.identity, today: today)
    guard let found = snapshotStore?.read(for: source.path, key: key),
      found.window == Self.snapshotWindow(today: today), Self.snapshots(found.schedule.format)
    else { return nil }
    return found.schedule
  }

  /// Writes the snapshot of `schedule`, read from `source`, when the file is still who it
  /// was before the read (one changed while read is left to the next run).
  func saveSnapshot(_ schedule: Schedule, of source: SnapshotSource, today: CivilDate) {
    guard Self.snapshots(schedule.format), SnapshotStore.identity(of: source.path) == source.identity,
      schedule.sections.contains(where: { section in
        Weekday.allCases.contains { !section[$0].isEmpty }
      })
    else { return }
    let key = snapshotKey(path: source.path, identity: source.identity, today: today)
    snapshotStore?.write(
      ScheduleSnapshot(of: schedule, window: Self.snapshotWindow(today: today)),
      for: source.path, key: key)
  }

  /// Whether a source of `format` is snapshotted: not the pages of an API, which are
  /// merged by id across pages (`Schedule.merging(pages:)`), so a page's window alone
  /// cannot say what the merge keeps.
  static func snapshots(_ format: ScheduleFormat) -> Bool {
    switch format {
    case .jikan, .myAnimeList, .aniList: false
    case .youbi, .iCalendar, .bangumiData, .rss, .atom, .jsonFeed, .mangaDex: true
    }
  }
}
