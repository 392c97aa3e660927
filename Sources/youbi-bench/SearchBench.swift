import PagerCore
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

/// Times search on the schedule of 100,000 entries `ScheduleBench` generates:
/// folding it into the index once, then every keystroke of a few queries
/// typed into the prompt, as `AppState.update` handles them (find every match
/// in every day, slide to the first one), and a frame with the highlights.
///
/// A keystroke's figure is the whole update; the issue's budget is 50 ms.
enum SearchBench {
  static func run() {
    print("== search: 100,000 entries (release)")
    let schedule: Schedule
    do {
      schedule = try ScheduleLoader.parse(
        ScheduleBench.makeJSON(entries: 100_000), source: "bench.json")
    } catch {
      print(error.message)
      return
    }
    let clock = ContinuousClock()
    var safe: SafeSchedule? = nil
    var best = Duration.seconds(1000)
    for _ in 0..<3 {
      // Folded at once, as the loader's thread does for a file read behind the first frame.
      best = min(
        best,
        clock.measure {
          safe = SafeSchedule(schedule)
          safe!.prepareSearch()
        })
    }
    let indexed = safe!
    print("  make safe + fold the index: \(RenderBench.format(best)) (best of 3)")

    let wall = WallTime(seconds: 0)
    let queries = ["serial 9", "ｿﾗ", "そら", "星屑", "night train 99999", "zzz"]
    var worst = Duration.zero
    var all: [Duration] = []
    for query in queries {
      var state = AppState(
        sections: [SectionState(name: "", schedule: indexed, day: .monday)], labels: .en,
        size: Size(width: 80, height: 24), wall: wall)
      var t = Duration.zero
      _ = state.update(.keyPressed(.char("/")), at: Moment(uptime: t, wall: wall))
      var times: [Duration] = []
      for scalar in query.unicodeScalars {
        t += .milliseconds(100)
        let now = Moment(uptime: t, wall: wall)
        times.append(clock.measure { _ = state.update(.keyPressed(.char(scalar)), at: now) })
      }
      let frame = clock.measure { _ = state.render(at: t + .seconds(1)) }
      let hits = state.search?.hits.count ?? 0
      worst = max(worst, times.max() ?? .zero)
      all += times
      print(
        "  \(pad("\"\(query)\"", 20)) \(pad("\(hits) hits", 12)) per key: "
          + times.map(RenderBench.format).joined(separator: ", ")
          + "; frame \(RenderBench.format(frame))")
    }
    all.sort()
    print(
      "  keystroke: median \(RenderBench.format(all[all.count / 2])), "
        + "worst \(RenderBench.format(worst)) (budget 50 ms)")
  }

  static func pad(_ s: String, _ width: Int) -> String {
    s + String(repeating: " ", count: max(0, width - TextWidth.of(s)))
  }
}
