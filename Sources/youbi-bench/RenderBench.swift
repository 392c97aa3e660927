import PagerCore
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

/// Times drawing the app (state → canvas) during a slide, at two sizes.
enum RenderBench {
  static func run() {
    print("== render: state → canvas (release)")
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
      var state = AppState(
        schedule: DefaultSchedule.schedule, day: .sunday, labels: .ja, size: size,
        wall: WallTime(seconds: 0))
      _ = state.update(.keyPressed(.right), at: Moment(uptime: .zero, wall: WallTime(seconds: 0)))
      let frames = 2_000
      let clock = ContinuousClock()
      var checksum = 0
      let elapsed = clock.measure {
        for i in 0..<frames {
          // Positions spread over the whole slide, seam included.
          let t = Duration.microseconds(Int64(i % 250) * 1_000)
          checksum &+= Int(state.render(at: t)[0, 0].scalar.value)
        }
      }
      let settled = clock.measure {
        for _ in 0..<frames { checksum &+= Int(state.render(at: .seconds(1))[0, 0].scalar.value) }
      }
      print(
        "  \(size): slide frame \(format(elapsed / frames)), settled frame \(format(settled / frames))"
          + "  (checksum \(checksum % 10))")
    }
  }

  static func format(_ d: Duration) -> String {
    let us = Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    return us >= 1000 ? "\(Double(Int(us / 10)) / 100) ms" : "\(Double(Int(us * 10)) / 10) µs"
  }
}
