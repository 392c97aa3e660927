import PagerCore

/// Micro-benchmarks of the pager core: the per-frame queries and the per-event calls.
///
/// Prints nanoseconds per operation over about a million operations each, timed with
/// `ContinuousClock`. Meaningful only in a release build (`swift build -c release`).
enum PagerBench {
  static func run() {
    print("PagerCore (ns/op, \(operations) ops each)")
    report("position(at:) mid-slide") { sink in
      var pager = Pager(mode: .looping(count: 7), page: 6)
      pager.step(.forward, at: .zero)
      for i in 0..<operations {
        sink &+= Int(pager.position(at: .microseconds(i % 250_000)) * 1_000)
      }
    }
    report("visiblePages(width: 80) mid-slide") { sink in
      var pager = Pager(mode: .looping(count: 7), page: 6)
      pager.step(.forward, at: .zero)
      for i in 0..<operations {
        let pages = pager.visiblePages(width: 80, at: .microseconds(i % 250_000))
        sink &+= pages[0].column
      }
    }
    report("nextFrame(after:) mid-slide") { sink in
      var pager = Pager(mode: .looping(count: 7), page: 0)
      pager.step(.forward, at: .zero)
      for i in 0..<operations {
        let next = pager.nextFrame(after: .microseconds(i % 250_000), frameInterval: frameInterval)
        sink &+= next == nil ? 0 : 1
      }
    }
    report("step (retarget mid-slide)") { sink in
      var pager = Pager(mode: .looping(count: 7), page: 0)
      var now = Duration.zero
      for i in 0..<operations {
        now += .microseconds(500)
        sink &+= pager.step(i % 3 == 2 ? .backward : .forward, at: now).count
      }
    }
    report("tick (during a slide)") { sink in
      var pager = Pager(mode: .looping(count: 7), page: 0)
      var now = Duration.zero
      for i in 0..<operations {
        if i % 64 == 0 { pager.step(.forward, at: now) }
        now += .milliseconds(5)
        sink &+= pager.tick(at: now).count
      }
    }
    report("frame: tick + nextFrame + visiblePages") { sink in
      var pager = Pager(mode: .looping(count: 7), page: 0)
      var now = Duration.zero
      for _ in 0..<operations {
        if pager.nextFrame(after: now, frameInterval: frameInterval) == nil {
          pager.step(.forward, at: now)
        }
        now += frameInterval
        sink &+= pager.tick(at: now).count
        sink &+= pager.visiblePages(width: 80, at: now).count
      }
    }
  }

  static let operations = 1_000_000
  static let frameInterval = Duration.nanoseconds(16_666_667)

  /// Times `body` once and prints its cost per operation; `sink` defeats dead-code removal.
  static func report(_ name: String, _ body: (inout Int) -> Void) {
    var sink = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure { body(&sink) }
    let (seconds, attoseconds) = elapsed.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    let perOp = nanoseconds / Double(operations)
    let label = name.padding(to: 40)
    print("  \(label) \(format(perOp)) ns/op   (sink \(sink % 10))")
  }

  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
