import Schedule
import YoubiCore
import YoubiRuntime

/// How schedules are read: their times placed on the local calendar (zone, day start,
/// today), their titles in the language chosen.
struct Reading: Sendable {
  var calendar = LocalCalendar()
  var titles = TitleLanguage.original
  /// The `reference` catalogues that enrich every schedule read, once they are read.
  var references: References? = nil

  /// This reading with its offset changes worked out within `horizon`.
  func placed(within horizon: Horizon) -> Reading {
    var placed = self
    placed.calendar = calendar.within(horizon)
    return placed
  }

  /// Loads the schedule at `path` (`-` is standard input), enriched by the references
  /// read so far.
  func load(path: String) throws(ScheduleError) -> Schedule {
    try loadKeeping(path: path).schedule
  }

  /// `load`, and whether a snapshot may keep what was read: no references are named, or
  /// every one was read and enriched it (a snapshot's key names them all).
  func loadKeeping(path: String) throws(ScheduleError) -> (schedule: Schedule, keep: Bool) {
    var schedule = try ScheduleLoader.load(path: path, calendar: calendar)
    let named = !(references?.sources.isEmpty ?? true)
    let (catalogue, whole) = references?.loaded ?? (nil, false)
    if let catalogue {
      schedule = schedule.enriched(by: catalogue, calendar: calendar)
    }
    return (schedule.showingTitles(titles), !named || whole)
  }

  /// Reads the references now (`--print`, `--next`: nothing is shown before them); their
  /// warnings, one line each.
  func loadReferences(fetcher: Fetcher?, now: Int64) -> [String] {
    guard let references, !references.sources.isEmpty else { return [] }
    return references.load(calendar: calendar, fetcher: fetcher, now: now)
  }
}

/// The schedules with the pages of one source given one after another (Jikan,
/// MyAnimeList or AniList responses) made one, named after the first; a show on two
/// pages is listed once; only the sources `joins` allows are merged.
func mergingPages(
  _ loaded: [(ScheduleSource, Schedule)], joins: (ScheduleSource) -> Bool = { _ in true }
) -> [(ScheduleSource, Schedule)] {
  pageGroups(loaded.map { ($0, $1) }, joins: joins).map { ($0.sources[0], $0.schedule!) }
}

/// The sources grouped into the sections they make: the pages of one source given one
/// after another (API responses of the same format, each read: `schedule` not nil, and
/// each one `joins` allows) make one, their schedules merged (`Schedule.merging(pages:)`,
/// named after the first page, a show on two pages listed once); any other source is a
/// group of its own. A Youbi file is never merged: it stays its own sections.
func pageGroups(
  _ loaded: [(ScheduleSource, Schedule?)], joins: (ScheduleSource) -> Bool = { _ in true }
) -> [(sources: [ScheduleSource], schedule: Schedule?)] {
  let api: Set<ScheduleFormat> = [.jikan, .myAnimeList, .aniList]
  var groups: [(sources: [ScheduleSource], pages: [Schedule])] = []
  var open = false  // whether the last group takes more pages
  for (source, schedule) in loaded {
    if open, let schedule, joins(source), api.contains(schedule.format),
      groups[groups.count - 1].pages[0].format == schedule.format
    {
      groups[groups.count - 1].sources.append(source)
      groups[groups.count - 1].pages.append(schedule)
      continue
    }
    groups.append(([source], schedule.map { [$0] } ?? []))
    open = schedule.map { api.contains($0.format) && joins(source) } ?? false
  }
  return groups.map { ($0.sources, $0.pages.isEmpty ? nil : Schedule.merging(pages: $0.pages)) }
}
