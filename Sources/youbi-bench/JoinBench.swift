import Schedule
import TerminalUI
import YoubiCore

/// Joining sources by id over a large catalogue: what a load of an account's list beside
/// 100,000 catalogue entries costs (`AppState.refreshJoins()`, run once per load, never
/// per frame), and the same join for `--print` over the raw schedules.
enum JoinBench {
  static func run() {
    print("== joins: an account of 50 shows beside 100,000 catalogue entries (release)")
    let catalogue = week(count: 100_000) { "mal:\($0)" }
    let list = week(count: 50) { "mal:\($0 * 2_000)" }
    let wall = WallTime(seconds: TimeBench.monday + 2 * 86_400 + 12 * 3600)
    let account = try! WebURL(checking: "https://myanimelist.net/animelist/bench")
    let (safeList, safeCatalogue) = (SafeSchedule(list), SafeSchedule(catalogue))
    func state(_ source: ScheduleSource?) -> AppState {
      AppState(
        sections: [
          SectionState(name: "bench", source: source, schedule: safeList, day: .monday),
          SectionState(name: "catalogue", schedule: safeCatalogue, day: .monday),
        ], labels: .en, size: Size(width: 80, height: 24), wall: wall)
    }
    var hidden = 0
    _ = state(.url(account))  // warmed up: the first state made pays for what is lazy
    let plain = ContinuousClock().measure { _ = state(nil) }
    let joined = ContinuousClock().measure {
      hidden = state(.url(account)).sections[1].joined.ids.count
    }
    print(
      "  a state made: without an account \(RenderBench.format(plain)), with one"
        + " (\(hidden) rows joined) \(RenderBench.format(joined))")
    var kept = 0
    let printed = ContinuousClock().measure {
      kept = Joins.joining([(true, list), (false, catalogue)])[1].sections[0][.monday].count
    }
    print("  --print's join: \(RenderBench.format(printed)) (\(kept) Monday rows kept)")
  }

  /// A week of `count` serials spread over the days, each with the id `id(i)`.
  static func week(count: Int, id: (Int) -> String) -> Schedule {
    var days: [Weekday: [Serial]] = [:]
    for i in 0..<count {
      days[Weekday(rawValue: i % 7)!, default: []].append(
        Serial(title: "Show \(i)", time: ReleaseTime(hour: 20, minute: 0), id: id(i)))
    }
    return Schedule(title: "Bench", days: days)
  }
}
