import PagerCore
import Schedule
import TerminalUI

@testable import YoubiCore

/// A Monday of four serials: one with everything (a wide-character author, a
/// long note, a time and a link), one with a link only, two plain.
func marksWeek() -> Schedule {
  Schedule(
    title: "Marks week",
    days: [
      .monday: [
        Serial(
          title: "Frieren: Beyond Journey's End", author: "山田鐘人",
          note: "chapter 140, the long trip north through the snowy mountains of the plateau",
          time: ReleaseTime(hour: 21, minute: 0), url: webURL("https://example.com/frieren")),
        Serial(title: "Dandadan", url: webURL("https://example.com/dandadan")),
        Serial(title: "Kaiju No. 8"),
        Serial(title: "Sakamoto Days", author: "Suzuki"),
      ],
      .tuesday: [Serial(title: "One Piece"), Serial(title: "Blue Lock")],
    ])
}

func marksState(size: Size = Size(width: 80, height: 24)) -> AppState {
  var state = AppState(
    schedule: marksWeek(), day: .monday, labels: .en, size: size, wall: testWall,
    slideDuration: slide, source: .file("/home/me/week.json"))
  state.markKeys[.file("/home/me/week.json")] = marksKey
  return state
}

/// Two of `marksWeek`'s serials, as the marks know them.
let frieren = SerialID(title: "Frieren: Beyond Journey's End")
let sakamoto = SerialID(title: "Sakamoto Days")

/// The test week's Monday, whose releases the marks tests mark seen.
let testMonday = CivilDate(year: 2026, month: 11, day: 30)!

/// An entry whose Monday release is seen, or starred, at `testWall`.
let seenMonday = Marks.Entry(seen: [testMonday: stamp(true)])
let starredNow = Marks.Entry(star: stamp(true))

/// A mark made at `testWall`, or `plus` milliseconds later (a second change
/// of the same mark is stamped a millisecond after the first).
func stamp(_ isOn: Bool, plus ms: Int64 = 0) -> Stamp {
  Stamp(isOn: isOn, time: testWall.seconds * 1000 + ms)
}

/// The save a mark asks for: `entries` of the schedule `key`, pruned to a
/// year before the test week (2025-W49).
func saved(_ entries: [SerialID: Marks.Entry], in key: ScheduleKey = marksKey) -> Effect {
  .save(Marks(schedules: [key: entries], horizon: ISOWeek(parsing: "2025-W49")))
}
