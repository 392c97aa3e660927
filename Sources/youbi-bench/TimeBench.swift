import PagerCore
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

/// Times and the calendar: what a frame of paging the calendar costs beside a frame of
/// the week, the first frame, and how often an idle Youbi wakes.
enum TimeBench {
  /// Monday 30 November 2026, 00:00 UTC.
  static let monday: Int64 = 1_795_996_800

  /// Forty timed entries a day, every other one limited by dates (`start`, a `skip`),
  /// so each date's list is filtered: the calendar's dearest case.
  static let schedule: Schedule = {
    var days: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      days[day] = (0..<40).map { i in
        let time = ReleaseTime(hour: (i * 37) % 30, minute: (i * 7) % 60)
        let dated = i % 2 == 0
        return Serial(
          title: "\(day) serial \(i)", author: "Author \(i)", time: time,
          start: dated ? CivilDate(year: 2026, month: 1, day: 5)! : nil,
          skip: dated ? [CivilDate(year: 2026, month: 12, day: 9)!] : [])
      }
    }
    return Schedule(title: "Timed", days: days)
  }()

  static func run() {
    print("== time: the week and the calendar, a timed schedule (release)")
    let wall = WallTime(seconds: monday + 2 * 86_400 + 12 * 3600)  // Wednesday noon
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
      let week = paging(size: size, wall: wall, calendar: false, key: .right)
      let dates = paging(size: size, wall: wall, calendar: true, key: .right)
      let weeks = paging(size: size, wall: wall, calendar: true, key: .char("]"))
      print(
        "  \(size): frame (tick + render) paging the week \(RenderBench.format(week)),"
          + " the calendar by day \(RenderBench.format(dates)), by week \(RenderBench.format(weeks))"
      )
    }
    firstFrame(wall: wall)
    idleWakes(wall: wall)
  }

  /// The mean cost of one frame (the tick that moves the slide on, then the render) over
  /// many slides, each started as the last one lands, across the seam and the re-centring.
  static func paging(size: Size, wall: WallTime, calendar: Bool, key: Key) -> Duration {
    var state = AppState(schedule: schedule, day: .wednesday, labels: .en, size: size, wall: wall)
    var t = Duration.zero
    func at(_ t: Duration) -> Moment {
      Moment(uptime: t, wall: WallTime(seconds: wall.seconds + t.components.seconds))
    }
    if calendar { _ = state.update(.keyPressed(.char("c")), at: at(t)) }
    let frame = Duration.microseconds(16_667)
    let slides = 200
    var frames = 0
    var checksum = 0
    let elapsed = ContinuousClock().measure {
      for _ in 0..<slides {
        _ = state.update(.keyPressed(key), at: at(t))
        for _ in 0..<16 {  // 250 ms at 60 frames a second, and the landing
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

  /// The app's part of the first frame: the state built from a loaded schedule (made safe,
  /// ordered by time, indexed for search), then drawn; the week and the calendar.
  static func firstFrame(wall: WallTime) {
    let clock = ContinuousClock()
    let size = Size(width: 80, height: 24)
    let runs = 50
    var checksum = 0
    let week = clock.measure {
      for _ in 0..<runs {
        let state = AppState(
          schedule: schedule, day: .wednesday, labels: .en, size: size, wall: wall)
        checksum &+= Int(state.render(at: .zero)[0, 0].scalar.value)
      }
    }
    let calendar = clock.measure {
      for _ in 0..<runs {
        var state = AppState(
          schedule: schedule, day: .wednesday, labels: .en, size: size, wall: wall)
        _ = state.update(.keyPressed(.char("c")), at: Moment(uptime: .zero, wall: wall))
        checksum &+= Int(state.render(at: .zero)[0, 0].scalar.value)
      }
    }
    print(
      "  first frame (state from a loaded 280-entry timed week, then render), 80x24:"
        + " week \(RenderBench.format(week / runs)), calendar \(RenderBench.format(calendar / runs))"
        + "  (checksum \(checksum % 10))")
  }

  /// How often an idle Youbi wakes in a day, following the wakes it asks for: with today's
  /// countdown on screen, with it scrolled away, and on another day.
  static func idleWakes(wall: WallTime) {
    let size = Size(width: 80, height: 24)
    func wakes(_ setup: (inout AppState, Moment) -> Void) -> (count: Int, renders: Int) {
      var state = AppState(
        schedule: schedule, day: .wednesday, labels: .en, size: size, wall: wall)
      var now = Duration.zero
      func at(_ t: Duration) -> Moment {
        Moment(uptime: t, wall: WallTime(seconds: wall.seconds + t.components.seconds))
      }
      setup(&state, at(now))
      now = .seconds(1)  // past any slide the setup started
      var effects = state.update(.timerFired, at: at(now))
      var count = 0
      var changed = 0
      var last = state.render(at: now)
      let day = Duration.seconds(86_400)
      while true {
        let next = effects.compactMap { effect -> Duration? in
          if case .wake(let t) = effect { return t } else { return nil }
        }.min()
        guard let next, next <= day else { break }
        now = next
        effects = state.update(.timerFired, at: at(now))
        count += 1
        let frame = state.render(at: now)
        if frame != last { changed += 1 }
        last = frame
      }
      return (count, changed)
    }
    let top = wakes { _, _ in }
    let scrolled = wakes { state, now in
      for _ in 0..<39 { _ = state.update(.keyPressed(.down), at: now) }
    }
    let otherDay = wakes { state, now in
      _ = state.update(.keyPressed(.char("5")), at: now)
    }
    print("  idle wakes over 24 h from Wednesday noon, 80x24 (wakes / frames that changed):")
    print(
      "    today's later releases on screen (a countdown each minute until they air):"
        + " \(scrolled.count) / \(scrolled.renders)")
    print(
      "    the top of today's list (its countdown soon scrolls below the window):"
        + " \(top.count) / \(top.renders)")
    print(
      "    another day's page (only the rollover and the hour before it):"
        + " \(otherDay.count) / \(otherDay.renders)")
  }
}
