/// A pager state machine. Time is a `Duration` since any origin the driver picks.
///
/// The pager is a value: the driver owns it, passes the time into every call and carries
/// out the returned events. Position is continuous along a strip of pages; for a looping
/// pager the strip is `[dummy(N-1), 0, 1, …, N-1, dummy(0)]`, and landing on a dummy snaps to
/// its real page, which draws identically. Nothing here reads a clock.
public struct Pager: Equatable, Sendable {
  /// How the pages are arranged (looping, bounded or infinite).
  public let mode: PagerMode
  /// Slide duration; `.zero` makes every move instant.
  ///
  /// Negative values are stored as `.zero`. Changing it affects slides started afterwards.
  public var duration: Duration {
    didSet { if duration < .zero { duration = .zero } }
  }
  /// The timing curve of slides started from now on.
  public var easing: Easing
  /// How many pages are in view and where the selected one sits (`PageWindow`).
  ///
  /// Changing it at any moment, mid-slide too, changes only what a frame draws around the
  /// position: the target, the slide and every press stay as they are.
  public var pageWindow: PageWindow
  /// The logical page of the last settle (what `pageDidChange` last reported).
  ///
  /// Unlike `targetPage` it changes only when a slide lands, so it names the page whose
  /// content is fully on screen.
  public internal(set) var currentPage: Int

  /// The strip index the pager rests on or is heading to (the last announced target).
  ///
  /// For a looping pager this may be a dummy (`-1` or `N`) while a slide runs; at rest it
  /// is always a real page.
  var target: Int
  /// The slide in progress, if any; it stays here after its end until `tick` lands it.
  var slide: Slide?
  /// The drag in progress, if any; a drag replaces any slide.
  var drag: Drag?

  /// Above this speed (page widths per second) a released drag counts as a flick.
  ///
  /// A flick completes the turn even short of half a page, as long as it points the same
  /// way as the drag.
  public static let flickVelocity: Double = 0.75

  /// The fastest a slide may move, in pages per second.
  ///
  /// Keeps every 60 fps frame under one page of travel (50/60 ≈ 0.83), so a burst of
  /// presses reads as motion rather than a jump.
  public static let maxSpeed: Double = 50

  /// A pager resting on `page`.
  ///
  /// The page wraps for a looping pager and is clamped for a bounded one (and to ±2⁵² for an
  /// infinite one), so any `Int` gives a sound pager. Page counts must be positive.
  public init(
    mode: PagerMode, page: Int, duration: Duration = .milliseconds(250),
    easing: Easing = .easeInOut, window: PageWindow = .single
  ) {
    switch mode {
    case .looping(let count), .bounded(let count):
      precondition(count > 0, "a pager needs at least one page")
    case .infinite:
      break
    }
    self.mode = mode
    self.duration = max(duration, .zero)
    self.easing = easing
    self.pageWindow = window
    let start: Int
    switch mode {
    case .looping(let count): start = Pager.wrap(page, count)
    case .bounded(let count): start = min(max(page, 0), count - 1)
    case .infinite: start = Pager.clampInfinite(page)
    }
    self.currentPage = start
    self.target = start
  }

  /// The logical page the pager rests on, or the one it is heading to.
  ///
  /// What a tab bar highlights: it changes at once on a press, before the slide ends.
  public var targetPage: Int { logicalPage(target) }
  /// Whether a drag is in progress.
  ///
  /// While dragging the strip moves only on `dragMoved`, so `nextFrame` returns nil.
  public var isDragging: Bool { drag != nil }

  /// The logical page for any strip position (wraps for looping).
  ///
  /// Bounded and infinite pagers have no dummies, so their indices are already logical.
  public func logicalPage(_ index: Int) -> Int {
    switch mode {
    case .looping(let count): return Pager.wrap(index, count)
    case .bounded, .infinite: return index
    }
  }

  /// Whether a step in `direction` would be accepted now.
  ///
  /// Lets the UI hide a bounded pager's prev/next button at the ends; always true for looping
  /// and infinite pagers.
  public func canStep(_ direction: Direction) -> Bool {
    guard case .bounded(let count) = mode else { return true }
    let from = drag?.base ?? target
    return (0..<count).contains(from + direction.sign)
  }

  /// The previous, current and next logical pages around `currentPage`.
  ///
  /// The infinite pager's three-page window; it re-centres when a turn completes (settles),
  /// never on a cancelled drag. Bounded pagers omit neighbours past an end.
  public var window: [Int] {
    let c = currentPage
    switch mode {
    case .infinite: return [c - 1, c, c + 1]
    case .looping: return [logicalPage(c - 1), c, logicalPage(c + 1)]
    case .bounded(let count): return [c - 1, c, c + 1].filter { (0..<count).contains($0) }
    }
  }

  // MARK: Events

  /// Step one page; mid-slide steps retarget from where the strip is now.
  ///
  /// The new target is the previous target plus one page in `direction`, so no press is
  /// lost. A retarget starts from the current position and velocity (monotone towards the
  /// target, so the strip never backs up or jumps) and ends no later than one `duration`
  /// after the slide it replaces: a burst of `k` presses settles within `max(2, k)` durations.
  @discardableResult
  public mutating func step(_ direction: Direction, at now: Duration) -> [PagerEvent] {
    var events = advance(to: now)
    if let drag {
      // A step during a drag releases it and steps from the page under the finger.
      let x = dragPosition(drag)
      self.drag = nil
      let wanted = drag.base + direction.sign
      guard exists(wanted) else {
        events += announce(drag.base)
        events += startSlide(
          from: x, to: drag.base, velocity: 0, over: natural(x, drag.base), at: now)
        return events + [.refused(direction)]
      }
      events += announce(wanted)
      events += startSlide(from: x, to: wanted, velocity: 0, over: natural(x, wanted), at: now)
      return events
    }
    guard canStep(direction) else { return events + [.refused(direction)] }
    guard let slide else {
      let to = target + direction.sign
      events += announce(to)
      events += startSlide(from: Double(target), to: to, velocity: 0, over: duration, at: now)
      return events
    }
    var from = slide.rawPosition(at: now)
    var to = slide.to + direction.sign
    if case .looping(let count) = mode {
      // Only one dummy each side: re-base by a whole loop, which draws identically.
      if to > count {
        to -= count
        from -= Double(count)
      } else if to < -1 {
        to += count
        from += Double(count)
      }
    }
    let distance = abs(Double(to) - from)
    var over = min(natural(distance), slide.end + duration - now)
    if distance > 1 { over = max(over, minimum(distance)) }
    events += announce(to)
    events += startSlide(from: from, to: to, velocity: slide.velocity(at: now), over: over, at: now)
    return events
  }

  /// Slide to `page` (shortest way round when looping, ties forward).
  ///
  /// One continuous slide from wherever the strip is now, lasting up to two durations
  /// however far it goes. Bounded pagers clamp `page` to the ends.
  @discardableResult
  public mutating func jump(to page: Int, at now: Duration) -> [PagerEvent] {
    var events = advance(to: now)
    var from: Double
    var velocity = 0.0
    if let drag {
      from = dragPosition(drag)
      self.drag = nil
    } else if let slide {
      from = slide.rawPosition(at: now)
      velocity = slide.velocity(at: now)
    } else {
      from = Double(target)
    }
    var to: Int
    switch mode {
    case .looping(let count):
      let n = Double(count)
      from = display(from)
      var forward = Double(Pager.wrap(page, count)) - from
      forward -= n * (forward / n).rounded(.down)
      let signed = forward <= n - forward ? forward : forward - n
      to = Int((from + signed).rounded())
      while to > count {
        to -= count
        from -= n
      }
      while to < -1 {
        to += count
        from += n
      }
    case .bounded(let count):
      to = min(max(page, 0), count - 1)
    case .infinite:
      to = Pager.clampInfinite(page)
    }
    let distance = abs(Double(to) - from)
    let over = Duration.fromSeconds(duration.secondsValue * min(distance.squareRoot(), 2))
    events += announce(to)
    events += startSlide(from: from, to: to, velocity: velocity, over: over, at: now)
    return events
  }

  /// Advance time: finishes slides, snaps dummies, reports settles.
  ///
  /// Call it at the instants `nextFrame` asks for; calling it more or less often changes
  /// nothing but when the events arrive.
  @discardableResult
  public mutating func tick(at now: Duration) -> [PagerEvent] {
    advance(to: now)
  }
}
