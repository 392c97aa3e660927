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
/// pages is listed once.
func mergingPages(_ loaded: [(ScheduleSource, Schedule)]) -> [(ScheduleSource, Schedule)] {
  var merged: [(ScheduleSource, [Schedule])] = []
  for (source, schedule) in loaded {
    let api: Set<ScheduleFormat> = [.jikan, .myAnimeList, .aniList]
    if let last = merged.last, api.contains(schedule.format), last.1[0].format == schedule.format {
      merged[merged.count - 1].1.append(schedule)
    } else {
      merged.append((source, [schedule]))
    }
  }
  return merged.map { ($0.0, Schedule.merging(pages: $0.1)) }
}
