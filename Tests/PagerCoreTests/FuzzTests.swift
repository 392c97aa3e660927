import Foundation
import PagerCore
import TestSupport
import Testing

/// Random events at random instants; invariants and the "no input lost" model after each.
///
/// Replay a failure with `PAGER_SEED=<seed> swift test --filter FuzzTests`.
@Suite("Fuzz")
struct FuzzTests {
  static let eventCount = 120_000

  @Test func randomEventsKeepEveryInvariant() {
    FuzzTests.fuzz(events: FuzzTests.eventCount, window: 1)
  }

  /// The same life with `k` pages in view, the window now and then resized mid-slide.
  @Test(arguments: 1...PageWindow.maximumCount)
  func randomEventsKeepEveryInvariantInEveryWindow(k: Int) {
    FuzzTests.fuzz(events: 40_000, window: k)
  }

  static func fuzz(events total: Int, window: Int) {
    let seed =
      ProcessInfo.processInfo.environment["PAGER_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    var done = 0
    while done < total {
      let events = 2_000
      if let failure = FuzzTests.run(events: events, window: window, rng: &rng) {
        Issue.record("PAGER_SEED=\(seed), window \(window): \(failure)")
        return
      }
      done += events
    }
  }

  static func randomMode(_ rng: inout SplitMix64) -> PagerMode {
    switch Int.random(in: 0..<5, using: &rng) {
    case 0, 1, 2: return .looping(count: Int.random(in: 1...9, using: &rng))
    case 3: return .bounded(count: Int.random(in: 1...9, using: &rng))
    default: return .infinite
    }
  }

  /// One pager's life; returns a description of the first violation, if any.
  static func run(events: Int, window k: Int = 1, rng: inout SplitMix64) -> String? {
    let mode = randomMode(&rng)
    let count = mode.pageCount
    let durations: [Duration] = [.zero, ms(50), ms(250), ms(250), ms(400)]
    let easings: [Easing] = [.easeInOut, .easeInOut, .linear, .easeOut]
    var pager = Pager(
      mode: mode, page: Int.random(in: -3...12, using: &rng),
      duration: durations.randomElement(using: &rng)!, easing: easings.randomElement(using: &rng)!,
      window: PageWindow(count: k))
    var now = Duration.seconds(Int.random(in: 0...1_000, using: &rng))
    var current = pager.currentPage
    var log: [String] = []

    func logical(_ page: Int) -> Int {
      guard let count else { return page }
      if case .bounded = mode { return min(max(page, 0), count - 1) }
      return ((page % count) + count) % count
    }
    func moved(_ before: Double, _ after: Double) -> Double {
      if case .looping(let n) = mode { return n == 1 ? 0 : loopDelta(after, before, count: n) }
      return after - before
    }

    for index in 0..<events {
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<30: break
      case 30..<60: now += .milliseconds(Int.random(in: 0...20, using: &rng))
      case 60..<90: now += .milliseconds(Int.random(in: 0...300, using: &rng))
      default: now += .microseconds(Int.random(in: 0...2_000_000, using: &rng))
      }
      let positionBefore = pager.position(at: now)
      let frameBefore = pager.visiblePages(width: 37, at: now)
      let targetBefore = pager.targetPage
      let wasDragging = pager.isDragging
      var keepsPicture = true
      var expectedTarget: Int? = nil
      var result: [PagerEvent] = []
      let roll = Int.random(in: 0..<100, using: &rng)
      let action: String
      switch roll {
      case 0..<36:
        let direction: Direction = Bool.random(using: &rng) ? .forward : .backward
        action = "step(\(direction))"
        let allowed = pager.canStep(direction)
        result = pager.step(direction, at: now)
        if !wasDragging {
          if allowed {
            expectedTarget = logical(targetBefore + direction.sign)
          } else {
            expectedTarget = targetBefore
            if result.last != .refused(direction) { return "\(action) not refused" }
          }
        }
      case 36..<60:
        action = "tick"
        result = pager.tick(at: now)
      case 60..<65:
        let page =
          (count.map { Int.random(in: -2...($0 + 2), using: &rng) })
          ?? Int.random(in: -20...20, using: &rng) + targetBefore
        action = "jump(\(page))"
        result = pager.jump(to: page, at: now)
        expectedTarget = logical(page)
      case 65..<73:
        action = "beginDrag"
        pager.beginDrag(at: now)
      case 73..<87:
        let offset = Double.random(in: -1.6...1.6, using: &rng)
        action = "dragMoved(\(offset))"
        pager.dragMoved(to: offset, at: now)
        keepsPicture = !wasDragging
      case 87..<95:
        let velocity = Double.random(in: -4...4, using: &rng)
        action = "endDrag(\(velocity))"
        result = pager.endDrag(velocity: velocity, at: now)
      case 95 where k > 1:
        // A resize: the window changes, the target and every press stay.
        let count = pager.pageWindow.count == k ? Int.random(in: 1...7, using: &rng) : k
        action = "window = \(count)"
        pager.pageWindow = PageWindow(count: count)
        keepsPicture = false
        expectedTarget = targetBefore
      case 95..<98:
        let duration = durations.randomElement(using: &rng)!
        action = "duration = \(duration)"
        pager.duration = duration
      default:
        let easing = easings.randomElement(using: &rng)!
        action = "easing = \(easing.curve)"
        pager.easing = easing
      }
      if pager.duration == .zero && action != "tick" {
        keepsPicture = false  // instant by definition
      }
      log.append("\(index) @\(now): \(action) -> \(result)")
      if log.count > 12 { log.removeFirst() }
      func failure(_ why: String) -> String {
        "\(mode): \(why)\n  " + log.joined(separator: "\n  ")
      }

      let problems = pager.checkInvariants(at: now)
      if !problems.isEmpty { return failure("\(problems)") }
      if let expectedTarget, pager.targetPage != expectedTarget {
        return failure("target \(pager.targetPage), expected \(expectedTarget)")
      }
      // Nothing but moving a drag (or an instant pager) may move the picture at an instant.
      let positionAfter = pager.position(at: now)
      if keepsPicture, abs(moved(positionBefore, positionAfter)) > 1e-9 {
        return failure("position jumped from \(positionBefore) to \(positionAfter)")
      }
      let frameAfter = pager.visiblePages(width: 37, at: now)
      if keepsPicture, frameAfter != frameBefore {
        // Grabbing a rubber band maps it back to finger space, exact only to about 1e-10.
        let rubberGrab =
          action == "beginDrag" && (positionBefore < 0 || positionBefore > Double(count ?? 0) - 1)
        if case .bounded = mode, rubberGrab {
        } else {
          return failure("picture changed: \(frameBefore) -> \(frameAfter)")
        }
      }
      for event in result {
        switch event {
        case .pageDidChange(let from, let to):
          if from != current || from == to { return failure("bad \(event), settled on \(current)") }
          current = to
        case .snapped:
          if case .looping = mode {} else { return failure("\(event) without dummies") }
        case .refused:
          if case .bounded = mode {} else { return failure("\(event) without ends") }
        case .pageWillChange(let from, let to):
          if from == to { return failure("\(event) names no change") }
        }
      }
      if pager.currentPage != current { return failure("current page changed silently") }
    }
    // Let go and wait: it must settle on its target, never on a dummy.
    now += .seconds(1)
    var last = pager.endDrag(velocity: 0, at: now)
    now += .seconds(60)
    last += pager.tick(at: now)
    for event in last {
      if case .pageDidChange(_, let to) = event { current = to }
    }
    if pager.isMoving(at: now) || pager.nextFrame(after: now, frameInterval: frame) != nil {
      return "\(mode): still moving after a minute"
    }
    if pager.currentPage != pager.targetPage || pager.currentPage != current {
      return "\(mode): settled on \(pager.currentPage), target \(pager.targetPage)"
    }
    let problems = pager.checkInvariants(at: now)
    return problems.isEmpty ? nil : "\(mode): \(problems)"
  }
}
