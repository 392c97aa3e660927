/// A finger (or mouse) holding the strip.
///
/// `base` is the real page the drag turns from (never a dummy), `origin` the strip position
/// where it began (within half a page of `base`), and `offset` how far it has moved since.
struct Drag: Equatable, Sendable {
  var base: Int
  var origin: Double
  var offset: Double
}

extension Pager {
  /// Start a drag at the current position.
  ///
  /// A running slide stops where it is and the drag takes over from there, turning from the
  /// nearest page. A finished-but-unticked slide is not reported here (this call returns
  /// nothing); its settle is reported when the drag ends, so no change is lost.
  public mutating func beginDrag(at now: Duration) {
    var origin = position(at: now)
    var base: Int
    switch mode {
    case .looping(let count):
      base = Int(origin.rounded())
      if base < 0 {
        base += count
        origin += Double(count)
      } else if base >= count {
        base -= count
        origin -= Double(count)
      }
    case .bounded(let count):
      base = min(max(Int(origin.rounded()), 0), count - 1)
      // Grabbing a rubber-banded strip: find the finger offset that shows it where it is.
      let last = Double(count - 1)
      if origin < 0 {
        origin = -Pager.unRubberBand(-origin)
      } else if origin > last {
        origin = last + Pager.unRubberBand(origin - last)
      }
    case .infinite:
      base = Int(origin.rounded())
    }
    slide = nil
    drag = Drag(base: base, origin: origin, offset: 0)
  }

  /// Move the drag to `offset` page widths from where it began (positive = forward, content moves left).
  ///
  /// A drag turns at most one page from its base page. Past a bounded end the offset is
  /// dampened (rubber-banded), never more than half a page. Ignored when not dragging.
  public mutating func dragMoved(to offset: Double, at now: Duration) {
    guard var drag, offset.isFinite else { return }
    drag.offset = offset
    self.drag = drag
  }

  /// End the drag with a velocity in page widths per second (positive = forward).
  ///
  /// Past half a page, or a flick faster than `flickVelocity` the same way as the drag,
  /// completes the turn; otherwise the strip springs back and no change is reported. A
  /// bounded pager refuses a turn past an end and springs back.
  @discardableResult
  public mutating func endDrag(velocity: Double, at now: Duration) -> [PagerEvent] {
    guard let drag else { return advance(to: now) }
    let from = dragPosition(drag)
    self.drag = nil
    let moved = min(max(drag.origin + drag.offset - Double(drag.base), -1), 1)
    let speed = velocity.isFinite ? velocity : 0
    var turn = 0
    if abs(speed) > Pager.flickVelocity, moved != 0, (speed > 0) == (moved > 0) {
      turn = speed > 0 ? 1 : -1
    } else if abs(moved) > 0.5 {
      turn = moved > 0 ? 1 : -1
    }
    var events: [PagerEvent] = []
    var to = drag.base + turn
    if !exists(to) {
      events.append(.refused(turn > 0 ? .forward : .backward))
      to = drag.base
    }
    events += announce(to)
    events += startSlide(from: from, to: to, velocity: speed, over: natural(from, to), at: now)
    return events
  }

  /// The strip position a drag shows: one page either way of its base, rubber-banded past
  /// a bounded end.
  func dragPosition(_ drag: Drag) -> Double {
    let wanted = drag.origin + drag.offset
    if case .bounded(let count) = mode {
      let last = Double(count - 1)
      if wanted < 0 { return -Pager.rubberBand(-wanted) }
      if wanted > last { return last + Pager.rubberBand(wanted - last) }
    }
    let base = Double(drag.base)
    return min(max(wanted, base - 1), base + 1).quantised
  }

  /// Dampened overshoot: slope 0.55 at first, approaching half a page.
  ///
  /// The feel of a scroll view's edge; bounded so the end page never leaves the screen.
  static func rubberBand(_ overshoot: Double) -> Double {
    (0.5 * (1 - 1 / (1 + 1.1 * overshoot))).quantised
  }

  /// The overshoot that `rubberBand` dampens to `shown` (which must be under half a page).
  static func unRubberBand(_ shown: Double) -> Double {
    let shown = min(max(shown, 0), 0.499_999)
    return (1 / (1 - 2 * shown) - 1) / 1.1
  }
}
