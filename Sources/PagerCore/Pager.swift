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
    easing: Easing = .easeInOut
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

  // MARK: Frame queries

  /// Continuous position in logical page units: page p at rest is `p`; for looping,
  /// the dummy before page 0 is `-1` and the dummy after page N-1 is `N`.
  ///
  /// Pure: it depends only on the state and `now`. Looping positions always lie in
  /// `-1...N`; a bounded drag past an end rubber-bands less than half a page beyond it.
  public func position(at now: Duration) -> Double {
    if let drag { return dragPosition(drag) }
    if let slide { return display(slide.rawPosition(at: now)) }
    return Double(target)
  }

  /// The strip's velocity in pages per second at `now` (zero while dragging or at rest).
  ///
  /// A tab indicator can use it for motion blur; retargets use it to keep moving smoothly.
  public func velocity(at now: Duration) -> Double {
    guard drag == nil, let slide else { return 0 }
    return slide.velocity(at: now)
  }

  /// True while a slide or drag is in progress at `now`.
  ///
  /// False once a slide's end has passed, even before `tick` lands it: nothing moves any more.
  public func isMoving(at now: Duration) -> Bool {
    if drag != nil { return true }
    if let slide { return now < slide.end }
    return false
  }

  /// When the driver should next call `tick` and redraw; nil when settled (block on input).
  ///
  /// While sliding it is `now + frameInterval` clamped to the slide's end, so the last frame
  /// lands exactly on the target; once the end has passed it is `now` (tick to settle). A
  /// drag only moves on input, so it asks for no frames.
  public func nextFrame(after now: Duration, frameInterval: Duration) -> Duration? {
    guard drag == nil, let slide else { return nil }
    return max(now, min(now + frameInterval, slide.end))
  }

  /// The pages on screen in a viewport `width` columns wide, left to right, at most two.
  ///
  /// One rounding rule everywhere: with `base = floor(p)` and `shift = round(frac · width)`,
  /// page `base` sits at column `-shift` and page `base + 1` at `width - shift`. A dummy at
  /// rest and its real page therefore draw identically, column for column.
  /// - Complexity: O(1).
  public func visiblePages(width: Int, at now: Duration) -> [VisiblePage] {
    guard width > 0 else { return [] }
    let p = position(at: now)
    let floorP = p.rounded(.down)
    let shift = Int(((p - floorP) * Double(width)).rounded())
    let base = Int(floorP)
    var pages: [VisiblePage] = []
    pages.reserveCapacity(2)
    if shift < width, exists(base) {
      pages.append(VisiblePage(page: logicalPage(base), column: -shift))
    }
    if shift > 0, exists(base + 1) {
      pages.append(VisiblePage(page: logicalPage(base + 1), column: width - shift))
    }
    return pages
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

  // MARK: Internals

  /// Lands a slide whose end has passed.
  mutating func advance(to now: Duration) -> [PagerEvent] {
    guard drag == nil, let slide, now >= slide.end else { return [] }
    return land(slide.to)
  }

  /// Comes to rest on strip index `index`, snapping a dummy and reporting a settle.
  mutating func land(_ index: Int) -> [PagerEvent] {
    slide = nil
    var events: [PagerEvent] = []
    target = index
    if case .looping(let count) = mode, !(0..<count).contains(index) {
      target = Pager.wrap(index, count)
      events.append(.snapped(toPage: target))
    }
    let page = logicalPage(target)
    if page != currentPage {
      events.append(.pageDidChange(from: currentPage, to: page))
      currentPage = page
    }
    return events
  }

  /// Reports a change of target, if the logical page changes.
  func announce(_ index: Int) -> [PagerEvent] {
    let old = logicalPage(target)
    let new = logicalPage(index)
    return old == new ? [] : [.pageWillChange(from: old, to: new)]
  }

  /// Starts a slide (or lands at once when it would take no time or go nowhere).
  mutating func startSlide(
    from: Double, to: Int, velocity: Double, over: Duration, at now: Duration
  ) -> [PagerEvent] {
    target = to
    guard over > .zero, from != Double(to) else { return land(to) }
    let speed = min(max(velocity, -Pager.maxSpeed), Pager.maxSpeed)
    let push = Slide.push(velocity: speed, delta: Double(to) - from, duration: over, easing: easing)
    slide = Slide(
      from: from.quantised, to: to, start: now, duration: over, push: push, easing: easing)
    return []
  }

  /// The unhurried duration for `distance` pages: `duration · √distance`.
  ///
  /// Sub-linear, so long bursts speed up, and exactly `duration` for one page.
  func natural(_ distance: Double) -> Duration {
    guard duration > .zero else { return .zero }
    return .fromSeconds(duration.secondsValue * distance.squareRoot())
  }

  func natural(_ from: Double, _ to: Int) -> Duration { natural(abs(Double(to) - from)) }

  /// The shortest time in which `distance` pages stay under `maxSpeed` at the curve's peak.
  func minimum(_ distance: Double) -> Duration {
    guard duration > .zero else { return .zero }
    return .fromSeconds(2 * distance / Pager.maxSpeed)
  }

  /// Whether strip index `index` holds a page (dummies count for looping).
  func exists(_ index: Int) -> Bool {
    switch mode {
    case .looping(let count): return (-1...count).contains(index)
    case .bounded(let count): return (0..<count).contains(index)
    case .infinite: return true
    }
  }

  /// Maps a raw position into the strip: unchanged inside `-1...N`, else wrapped by whole
  /// loops into `0..<N`. Exact on the quantised grid, so it never moves a column.
  func display(_ raw: Double) -> Double {
    guard case .looping(let count) = mode else { return raw }
    let n = Double(count)
    if raw >= -1 && raw <= n { return raw }
    let wrapped = raw - n * (raw / n).rounded(.down)
    return min(max(wrapped, 0), n)
  }

  /// Infinite pages are limited to ±2⁵², where a `Double` position still names every page.
  static func clampInfinite(_ page: Int) -> Int {
    let limit = 1 << 52
    return min(max(page, -limit), limit)
  }

  static func wrap(_ index: Int, _ count: Int) -> Int { index.wrapped(count) }
}
