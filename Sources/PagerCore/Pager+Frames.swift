/// What a frame shows at a given instant: the strip's position, whether it
/// moves, when the next frame is due and which pages are in view.
extension Pager {

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
}
