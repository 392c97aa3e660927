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

  /// The pages on screen, left to right, each `width` columns wide, in a viewport of
  /// `pageWindow.count` pages (`count · width` columns): at most `count + 1`.
  ///
  /// One rounding rule everywhere: the window's left edge is `e = position − lead`; with
  /// `base = floor(e)` and `shift = round(frac(e) · width)`, strip index `base + j` sits at
  /// column `j · width − shift`. Each index draws its logical page, so a dummy at rest and
  /// its real page draw identically, column for column, and the snap changes no cell. With
  /// one page in view this is the seed's rule: page `base` at `-shift`, `base + 1` at
  /// `width − shift`.
  /// - Complexity: O(`pageWindow.count`).
  public func visiblePages(width: Int, at now: Duration) -> [VisiblePage] {
    guard width > 0 else { return [] }
    let count = pageWindow.count
    let edge = position(at: now) - Double(pageWindow.lead)
    let floorEdge = edge.rounded(.down)
    let shift = Int(((edge - floorEdge) * Double(width)).rounded())
    let base = Int(floorEdge)
    let strip = drawableStrip
    var pages: [VisiblePage] = []
    pages.reserveCapacity(count + 1)
    for slot in 0...count {
      let column = slot * width - shift
      guard column < count * width, column + width > 0, strip.contains(base + slot) else {
        continue
      }
      pages.append(VisiblePage(page: logicalPage(base + slot), column: column))
    }
    return pages
  }
}
