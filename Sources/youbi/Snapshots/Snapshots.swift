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
/// Reads and writes the snapshots of one run: the store, and the part of every key that
/// is the same for all its sources. A value, so the run loop's reader can keep one.
struct SnapshotKeeper: Sendable {
  var store: SnapshotStore
  /// Youbi's version, the zone's identity, `day-starts`, `titles`, `watch-on`, and who
  /// each `reference` is.
  var settings: String
  /// The references that enrich every source, and who each file was when the key was
  /// made: a snapshot is written only while each still is.
  var references: [Source] = []
  /// The smallest source snapshotted: `SnapshotStore.threshold`, or any size when a
  /// reference enriches the sources (then the reference is what a snapshot saves).
  var smallest = SnapshotStore.threshold

  /// A source that may have a snapshot: where it is read from and who that file is now.
  struct Source: Hashable, Sendable {
    var path: String
    var identity: String
  }

  /// The file at `path` as a source a snapshot may stand for: a regular file, big enough.
  func source(_ path: String) -> Source? {
    SnapshotStore.identity(of: path, atLeast: smallest).map { Source(path: path, identity: $0) }
  }

  /// Whether `source` and every reference are still who they were when the key was made.
  func unchanged(_ source: Source) -> Bool {
    SnapshotStore.identity(of: source.path, atLeast: smallest) == source.identity
      && references.allSatisfy { SnapshotStore.identity(of: $0.path, atLeast: 0) == $0.identity }
  }

  /// Everything that decides what a source reads as, in one line each.
  func key(_ source: Source, today: CivilDate, kind: String) -> String {
    "kind \(kind)\nsource \(source.path)\nfile \(source.identity)\n\(settings)\ntoday \(today)"
  }

  /// The weeks a snapshot keeps: the one before today's (a release listed last Sunday at
  /// 27:00 comes out this Monday), today's, and the two after.
  static func window(today: CivilDate) -> Range<CivilDate> {
    let monday = today.adding(days: -today.weekday.rawValue)
    return monday.adding(days: -7)..<monday.adding(days: 21)
  }

  /// The part of `source` the window of `today` needs, from its snapshot; nil when there
  /// is none that is good for the source as it is now. (A page of an API is good only
  /// while no neighbour joins it: the caller checks, `standsAlone`.)
  func read(_ source: Source, today: CivilDate) -> Schedule? {
    let key = key(source, today: today, kind: "week")
    guard let found = store.read(for: source.path, kind: "week", key: key),
      found.window == Self.window(today: today)
    else { return nil }
    return found.schedule
  }

  /// The serials of `source` that come out next, and the local seconds through which
  /// they are every release (`upcoming(of:from:)`), from its snapshot of what comes next;
  /// nil when there is none good for the source as it is now.
  func readUpcoming(_ source: Source, today: CivilDate) -> (Schedule, ClosedRange<Int64>)? {
    let key = key(source, today: today, kind: "next")
    guard let found = store.read(for: source.path, kind: "next", key: key),
      let span = found.span
    else { return nil }
    return (found.schedule, span)
  }

  /// Writes the snapshot of what comes next in `schedule`, read from `source`: the
  /// serials `keep` accepts, every release within `span` (`upcoming(of:from:)`); not for
  /// a page of an API that does not stand `alone`.
  func saveUpcoming(
    _ schedule: Schedule, keeping keep: (Int, Weekday, Int) -> Bool, span: ClosedRange<Int64>,
    of source: Source, today: CivilDate, alone: Bool
  ) {
    guard Self.snapshots(schedule.format, alone: alone), unchanged(source) else { return }
    let key = key(source, today: today, kind: "next") + SnapshotStore.zoneLinesNow
    store.write(for: source.path, kind: "next") { sink in
      ScheduleSnapshot.encode(
        schedule, keeping: keep, window: Self.window(today: today), span: span, key: key,
        to: sink)
    }
  }

  /// Writes the snapshot of `schedule`, read from `source`, when the file is still who it
  /// was before the read (one changed while read is left to the next run), when it lists
  /// anything, and when it is not a page of an API that does not stand `alone`.
  func save(_ schedule: Schedule, of source: Source, today: CivilDate, alone: Bool) {
    let lists = schedule.sections.contains { section in
      Weekday.allCases.contains { !section[$0].isEmpty }
    }
    guard lists, Self.snapshots(schedule.format, alone: alone), unchanged(source) else { return }
    let window = Self.window(today: today)
    let key = key(source, today: today, kind: "week") + SnapshotStore.zoneLinesNow
    store.write(for: source.path, kind: "week") { sink in
      ScheduleSnapshot.encode(
        schedule, keeping: schedule.listed(in: window), window: window, key: key, to: sink)
    }
  }

  /// Whether a source of `format` is snapshotted: a page of an API only when it stands
  /// `alone` (`standsAlone`).
  static func snapshots(_ format: ScheduleFormat, alone: Bool) -> Bool {
    !isPage(format) || alone
  }

  /// Whether `format` is an API's (Jikan, MyAnimeList, AniList), whose pages given one
  /// after another are merged by id (`pageGroups`, `Schedule.merging(pages:)`).
  static func isPage(_ format: ScheduleFormat) -> Bool {
    switch format {
    case .jikan, .myAnimeList, .aniList: true
    case .youbi, .iCalendar, .bangumiData, .rss, .atom, .jsonFeed, .mangaDex: false
    }
  }

  /// Whether the source at `i` of sources read as `formats` (nil: not read yet) may be
  /// read from or kept in a snapshot: any but a page of an API beside one that may be a
  /// page of the same API. Such pages are merged by id, a show on an earlier page left
  /// out of a later one whole, which one page's window cannot say.
  static func standsAlone(_ formats: [ScheduleFormat?], at i: Int) -> Bool {
    guard let format = formats[i], isPage(format) else { return true }
    return [i - 1, i + 1].allSatisfy { j in
      guard formats.indices.contains(j) else { return true }
      return formats[j].map { $0 != format } ?? false
    }
  }
}

/// What a snapshot read in place of a source holds whole: a run whose answer lies
/// within it is answered from it, any other parses.
enum Completeness {
  /// Every serial listed on these dates (the weeks around today).
  case dates(Range<CivilDate>)
  /// Every release in these local seconds (what comes next).
  case seconds(ClosedRange<Int64>)
}

extension SnapshotKeeper {
  /// How many releases at least a snapshot of what comes next holds.
  static let upcomingReleases = 64

  /// The serials of `schedule` with a release from local second `from` through a day
  /// later, or through its 64th release when that is later (by section, weekday and
  /// position), and those seconds: within them, its releases are the whole schedule's,
  /// in the same order. A schedule with fewer than 64 releases as far as `Releases.next`
  /// looks is kept whole that far, and two days more (the snapshot is for today only), so
  /// that `--next N` finding fewer than N is answered from it too.
  static func upcoming(of schedule: Schedule, from: Int64) -> (
    keep: (Int, Weekday, Int) -> Bool, span: ClosedRange<Int64>
  ) {
    let weeks: [any WeekOfSerials] = schedule.sections
    // As `Releases.next` looks: a day ahead, then spans eight times as long; what the
    // last span found holds every release through the 64th.
    var span: Int64 = 86_400
    var found = Releases.between(weeks, from: from, through: from + span)
    while found.count < upcomingReleases && span < Releases.farthest {
      span *= 8
      found = Releases.between(weeks, from: from, through: from + span)
    }
    let through: Int64
    if found.count < upcomingReleases {
      through = from + Releases.farthest + 2 * 86_400
      found = Releases.between(weeks, from: from, through: through)
    } else {
      through = max(from + 86_400, found[upcomingReleases - 1].local)
    }
    var kept = Set<Place>()
    for release in found where release.local <= through {
      kept.insert(Place(section: release.section, day: release.date.weekday, index: release.index))
    }
    return ({ kept.contains(Place(section: $0, day: $1, index: $2)) }, from...through)
  }

  /// Where a serial is: its section, weekday list and position in it.
  private struct Place: Hashable {
    var section: Int
    var day: Weekday
    var index: Int
  }
}
