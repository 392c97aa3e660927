import PagerCore
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

/// Read marks on a huge schedule: once something of the week is read, the tabs
/// and headings count what is unread, so a frame of paging the week over
/// 100,000 entries is timed without a read mark and with one.
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
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
      let plain = paging(schedule, size: size, wall: wall, marked: false)
      let marked = paging(schedule, size: size, wall: wall, marked: true)
      print(
        "  \(size): frame (tick + render) paging the week \(RenderBench.format(plain)),"
          + " with a read mark \(RenderBench.format(marked))")
    }
  }

  /// The mean cost of one frame over slides to the right, after `m` on the first
  /// serial when `marked`.
  static func paging(_ schedule: SafeSchedule, size: Size, wall: WallTime, marked: Bool)
    -> Duration
  {
    var state = AppState(
      sections: [Section(name: "", schedule: schedule, day: .monday)], labels: .en, size: size,
      wall: wall)
    var t = Duration.zero
    func at(_ t: Duration) -> Moment { Moment(uptime: t, wall: wall) }
    _ = state.update(.stateSynced(.success(Marks())), at: at(t))
    if marked { _ = state.update(.keyPressed(.char("m")), at: at(t)) }
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
