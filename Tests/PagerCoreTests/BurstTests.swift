import PagerCore
import TestSupport
import Testing

/// Bursts of presses at every timing: none lost, no jumps, no backing up, bounded settle.
@Suite("Bursts")
struct BurstTests {
  static let duration = ms(250)
  static let spacings = [0, 16, 125, 150, 225, 250].map(ms)

  enum Pattern: CaseIterable { case forward, backward, mixed, alternating }

  static func presses(_ pattern: Pattern, count: Int, seed: UInt64) -> [Direction] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { i in
      switch pattern {
      case .forward: return .forward
      case .backward: return .backward
      case .mixed: return Bool.random(using: &rng) ? .forward : .backward
      case .alternating: return i % 3 == 2 ? .backward : .forward
      }
    }
  }

  struct Failure: Error, CustomStringConvertible { var description: String }

  /// Runs one burst, sampling 60 fps frames and every press instant; throws on a violation.
  static func run(
    start: Int, presses: [Direction], spacing: Duration, count n: Int = 7,
    window: PageWindow = .single
  ) throws {
    let t0 = ms(10_000)
    let context =
      "window \(window.count), start \(start), spacing \(spacing), presses \(presses.map { $0 == .forward ? "+" : "-" }.joined())"
    func fail(_ why: String) -> Failure { Failure(description: "\(why) [\(context)]") }
    var pager = Pager(mode: .looping(count: n), page: start, duration: duration, window: window)
    let pressTimes = presses.indices.map { t0 + spacing * $0 }
    var target = start  // unwrapped: start + forwards − backwards so far
    var travelled = Double(start)  // unwrapped position
    var last = pager.position(at: t0)
    var lastFrame = travelled
    var settledPage = start
    var nextPress = 0
    var frameIndex = 0
    var settleBy: Duration? = nil
    let deadline = t0 + duration * max(2, presses.count)
    while true {
      let frameTime = t0 + frame * frameIndex
      let isPress = nextPress < presses.count && pressTimes[nextPress] <= frameTime
      let now = isPress ? pressTimes[nextPress] : frameTime
      // Movement since the last sample: only towards the target, never past it.
      let p = pager.position(at: now)
      let move = loopDelta(p, last, count: n)
      let gapBefore = Double(target) - travelled
      travelled += move
      let gapAfter = Double(target) - travelled
      last = p
      if gapBefore * gapAfter < -1e-9 { throw fail("overshot the target at \(now)") }
      if abs(gapAfter) > abs(gapBefore) + 1e-9 {
        throw fail("moved away from the target at \(now)")
      }
      if !isPress {
        if abs(travelled - lastFrame) > 1 { throw fail("moved over a page in one frame at \(now)") }
        lastFrame = travelled
        frameIndex += 1
      }
      var events = pager.tick(at: now)
      if isPress {
        let direction = presses[nextPress]
        let before80 = pager.visiblePages(width: 80, at: now)
        let before37 = pager.visiblePages(width: 37, at: now)
        events += pager.step(direction, at: now)
        target += direction.sign
        if pager.visiblePages(width: 80, at: now) != before80
          || pager.visiblePages(width: 37, at: now) != before37
        {
          throw fail("a press moved the picture at \(now)")
        }
        last = pager.position(at: now)
        nextPress += 1
        if nextPress == presses.count {
          settleBy = pager.nextFrame(after: now, frameInterval: .seconds(3600)) ?? now
        }
      }
      for event in events {
        if case .pageDidChange(let from, let to) = event {
          if from != settledPage || from == to {
            throw fail("bad \(event), settled on \(settledPage)")
          }
          settledPage = to
        }
      }
      let problems = pager.checkInvariants(at: now)
      if !problems.isEmpty { throw fail("\(problems) at \(now)") }
      if nextPress == presses.count, !pager.isMoving(at: now),
        pager.nextFrame(after: now, frameInterval: frame) == nil
      {
        break
      }
      if now > deadline + ms(1000) { throw fail("never settled") }
    }
    guard let settleBy, settleBy <= deadline else {
      throw fail("settles at \(String(describing: settleBy)), after \(deadline)")
    }
    let expected = wrap(start + presses.reduce(0) { $0 + $1.sign }, n)
    if pager.currentPage != expected || settledPage != expected {
      throw fail("settled on \(pager.currentPage), expected \(expected)")
    }
    if abs(travelled - Double(target)) > 1e-9 {
      throw fail("travelled to \(travelled), not the unwrapped target \(target)")
    }
  }

  @Test(arguments: 0..<7)
  func everyBurstSettlesOnStartPlusForwardsMinusBackwards(start: Int) throws {
    for k in 1...20 {
      for (s, spacing) in BurstTests.spacings.enumerated() {
        for pattern in Pattern.allCases {
          let seed = UInt64(start * 10_000 + k * 100 + s)
          let presses = BurstTests.presses(pattern, count: k, seed: seed)
          try BurstTests.run(start: start, presses: presses, spacing: spacing)
        }
      }
    }
  }

  @Test func twentyForwardAtOnceGoRoundTheLoopAlmostThreeTimes() throws {
    var pager = Pager(mode: .looping(count: 7), page: 0)
    for _ in 0..<20 { pager.step(.forward, at: ms(0)) }
    #expect(pager.targetPage == 6)
    let end = try #require(pager.nextFrame(after: ms(0), frameInterval: .seconds(60)))
    #expect(end <= ms(250) * 20)
    #expect(pager.tick(at: end) == [.pageDidChange(from: 0, to: 6)])
  }

  @Test func burstsWithOtherPageCounts() throws {
    for n in [2, 3, 5, 12] {
      for start in 0..<n {
        for k in [1, 2, 5, 13] {
          try BurstTests.run(
            start: start, presses: BurstTests.presses(.mixed, count: k, seed: UInt64(n * k)),
            spacing: ms(40), count: n)
        }
      }
    }
  }
}
