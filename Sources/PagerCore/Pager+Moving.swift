/// How the strip moves: advancing a slide, landing (and snapping off a
/// dummy), starting a slide at its natural speed, and the index arithmetic
/// the steps, jumps and drags share.
extension Pager {
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
