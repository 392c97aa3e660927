import PagerCore
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

/// Marks on a huge schedule: once something is marked, the tabs, headings and rows
/// show what is behind, so a frame of paging the week over 100,000 entries is timed
/// without marks and with 1,000 releases marked (and most of the rest behind), and
/// so is working the backlog out again after one more mark.
enum MarksBench {
  static func run() {
    print("== marks: frames over 100,000 entries (release)")
    let schedule: SafeSchedule
    do {
      schedule = SafeSchedule(
        try ScheduleLoader.parse(ScheduleBench.makeJSON(entries: 100_000), source: "bench.json"))
    } catch {
      print(error.message)
      return
    }
    let wall = WallTime(seconds: TimeBench.monday + 2 * 86_400 + 12 * 3600)
    let marks = thousandMarks(schedule, wall: wall)
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
      let plain = paging(schedule, size: size, wall: wall, marks: Marks())
      let marked = paging(schedule, size: size, wall: wall, marks: marks)
      print(
        "  \(size): frame (tick + render) paging the week \(RenderBench.format(plain)),"
          + " with 1,000 marks \(RenderBench.format(marked))")
    }
    var state = AppState(
      sections: [SectionState(name: "", schedule: schedule, day: .tuesday)], labels: .en,
      size: Size(width: 80, height: 24), wall: wall)
    let moment = Moment(uptime: .zero, wall: wall)
    _ = state.update(.stateSynced(.success(marks)), at: moment)
    let behind = state.update(.keyPressed(.char("b")), at: moment)
    _ = behind
    let mark = ContinuousClock().measure {
      _ = state.update(.keyPressed(.char("m")), at: moment)
    }
    print("  a mark in the b list, the backlog worked out again: \(RenderBench.format(mark))")
  }

  /// 1,000 releases of this week marked seen: the first serials of Monday and Tuesday.
  static func thousandMarks(_ schedule: SafeSchedule, wall: WallTime) -> Marks {
    var marks = Marks()
    let monday = CivilDate(daysSince1970: Int(wall.localSeconds / 86_400)).adding(days: -2)
    for (day, offset) in [(Weekday.monday, 0), (.tuesday, 1)] {
      for serial in schedule[day].prefix(500) {
        marks.setSeen(
          true, SerialID(serial), in: .title("Bench week"), on: monday.adding(days: offset),
          at: wall)
      }
    }
    return marks
  }

  /// The mean cost of one frame over slides to the right, after `m` on the first
  /// serial when `marked`.
  static func paging(_ schedule: SafeSchedule, size: Size, wall: WallTime, marks: Marks)
    -> Duration
  {
    var state = AppState(
      sections: [SectionState(name: "", schedule: schedule, day: .monday)], labels: .en, size: size,
      wall: wall)
    var t = Duration.zero
    func at(_ t: Duration) -> Moment { Moment(uptime: t, wall: wall) }
    _ = state.update(.stateSynced(.success(marks)), at: at(t))
    let frame = Duration.microseconds(16_667)
    var frames = 0
    var checksum = 0
    let elapsed = ContinuousClock().measure {
      for _ in 0..<14 {
        _ = state.update(.keyPressed(.right), at: at(t))
        for _ in 0..<16 {
          t += frame
          _ = state.update(.timerFired, at: at(t))
          checksum &+= Int(state.render(at: t)[0, 0].scalar.value)
          frames += 1
        }
      }
    }
    if checksum == 42 { print("") }  // keeps the renders from being optimised away
    return elapsed / frames
  }
}
