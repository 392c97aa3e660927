import Schedule
import YoubiCore

/// How schedules are read: their times placed on the local calendar (zone, day start,
/// today), their titles in the language chosen.
struct Reading: Sendable {
  var calendar = LocalCalendar()
  var titles = TitleLanguage.original

  /// Loads the schedule at `path` (`-` is standard input).
  func load(path: String) throws(ScheduleError) -> Schedule {
    try ScheduleLoader.load(path: path, calendar: calendar).showingTitles(titles)
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
