import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
  CivilDate(year: year, month: month, day: day)!
}

func at(_ text: String) -> ReleaseTime { ReleaseTime(parsing: text)! }

/// A week with times and dates, its entries in file order not time order: Wednesday
/// 2 December 2026 is the tests' today.
func timedWeek() -> Schedule {
  Schedule(
    title: "Timed",
    days: [
      .wednesday: [
        Serial(title: "Untimed Serial", author: "U"),
        Serial(
          title: "Evening Anime", author: "E", time: at("21:00"), start: date(2026, 10, 7),
          skip: [date(2026, 11, 18)]),
        Serial(title: "Morning Paper", author: "M", time: at("07:00")),
        Serial(title: "Late Show", time: at("25:30")),
        Serial(title: "Lunch Manga", time: at("12:00")),
      ],
      .thursday: [
        Serial(title: "Ended Serial", end: date(2026, 11, 26)),
        Serial(
          title: "One-off Special", time: at("20:00"), start: date(2026, 12, 3),
          end: date(2026, 12, 3)),
        Serial(title: "Weekly", time: at("19:00")),
      ],
    ])
}

func timedState(
  day: Weekday = .wednesday, size: Size = Size(width: 60, height: 12), wall: WallTime = testWall,
  labels: Labels = .en
) -> AppState {
  AppState(
    schedule: timedWeek(), day: day, labels: labels, size: size, wall: wall,
    slideDuration: slide)
}

/// The wall clock at `hour:minute:second` on `day` of the test week (UTC).
func wall(_ day: Weekday, _ hour: Int, _ minute: Int, _ second: Int = 0) -> WallTime {
  WallTime(seconds: wall(day, hour: hour, minute: minute).seconds + Int64(second))
}

/// The state at `start`, after one update there (as the run loop's first).
func timedState(at start: WallTime, day: Weekday = .wednesday, dayStarts: Int = 0) -> AppState {
  var state = timedState(day: day, wall: start)
  state.dayStartHour = dayStarts
  state.stepQuietly(.timerFired, at: moment(.zero, from: start))
  return state
}
