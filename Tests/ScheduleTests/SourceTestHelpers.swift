import TestSupport
import Testing

@testable import Schedule

/// The fixture at `path` under Tests/Fixtures, read as it would be in `zone` with days
/// starting at `dayStarts`, today being `today`.
func source(
  _ path: String, in zone: String = "Asia/Tokyo", dayStarts: Int = 0,
  today: CivilDate = date(2024, 12, 1)
) throws -> Schedule {
  try ScheduleLoader.load(
    path: packagePath("Tests/Fixtures/" + path),
    calendar: calendar(in: zone, dayStarts: dayStarts, today: today))
}

/// Reads JSON text as `s.json` in `zone`.
func source(text: String, in zone: String = "Asia/Tokyo", dayStarts: Int = 0)
  throws(ScheduleError) -> Schedule
{
  try ScheduleLoader.parse(
    Array(text.utf8), source: "s.json",
    calendar: calendar(in: zone, dayStarts: dayStarts, today: date(2024, 12, 1)))
}

/// The week of `monday` in the first section, a line per release: `Sun 23:45 Title`, with
/// ` #N` when it has an episode number.
func week(_ schedule: Schedule, _ monday: CivilDate) -> [String] {
  (0..<7).flatMap { offset in
    let day = monday.adding(days: offset)
    return schedule.sections[0].listed(on: day).map { serial in
      let episode = serial.episode(on: day).map { " #\($0)" } ?? ""
      return
        "\(day.weekday.englishLabel) \(serial.time?.description ?? "--:--") \(serial.title)\(episode)"
    }
  }
}

/// The message reading `text` as `s.json` stops with.
func sourceFailure(_ text: String) -> String {
  do {
    _ = try source(text: text)
    return "parsed"
  } catch {
    return error.message
  }
}

/// Every warning of `text` as `--check` lists it for `s.json`.
func sourceWarnings(_ text: String) throws -> [String] {
  try source(text: text).warnings.map { $0.line(file: "s.json") }
}
