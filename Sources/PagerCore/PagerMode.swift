/// How the pages of a `Pager` are arranged.
///
/// The mode decides what lies past the first and last page: a dummy copy of the other end
/// (looping), nothing (bounded), or more pages for ever (infinite).
public enum PagerMode: Equatable, Sendable {
  /// `count` pages in a loop, with a dummy of the last page before the first and a
  /// dummy of the first page after the last.
  case looping(count: Int)
  /// `count` pages in a row; steps past either end are refused.
  case bounded(count: Int)
  /// Pages indexed by any `Int`, with a window of three around the current one.
  case infinite

  /// The number of pages, or nil for an infinite pager.
  ///
  /// Lets callers size per-page storage and tab bars without switching on the mode.
  public var pageCount: Int? {
    switch self {
    case .looping(let count): return count
    case .bounded(let count): return count
    case .infinite: return nil
    }
  }
}

/// A direction of travel along the strip. `forward` goes to the next page.
///
/// Forward means the content moves left, like a swipe from right to left.
public enum Direction: Equatable, Sendable, CaseIterable {
  case forward, backward

  /// `+1` for forward, `-1` for backward.
  ///
  /// Page arithmetic is written once as `page + direction.sign` instead of a switch.
  public var sign: Int {
    switch self {
    case .forward: return 1
    case .backward: return -1
    }
  }

  /// The other direction.
  ///
  /// Handy for "undo" bindings and for tests that reverse a burst.
  public var reversed: Direction {
    switch self {
    case .forward: return .backward
    case .backward: return .forward
    }
  }
}

/// Something the driver may want to react to.
///
/// Mutating calls on `Pager` return these as data; the pager itself never calls out.
public enum PagerEvent: Equatable, Sendable {
  /// A slide towards a new logical page began (or was retargeted).
  ///
  /// `from` is the logical page the pager was heading to (or resting on) before this call,
  /// so a retarget reports the old and the new target.
  case pageWillChange(from: Int, to: Int)
  /// The pager settled on a new logical page; never reported for a dummy.
  ///
  /// `from` is the page of the previous settle, so a burst of presses reports one change.
  case pageDidChange(from: Int, to: Int)
  /// The pager landed on a dummy and snapped to its real page, invisibly.
  case snapped(toPage: Int)
  /// A step or drag past a bounded end was refused.
  case refused(Direction)
}

/// One page that is (partly) on screen for a given viewport width.
///
/// The renderer draws the page's content shifted by `column`, clipped to the viewport.
public struct VisiblePage: Equatable, Sendable {
  /// The logical page (never a dummy index).
  public var page: Int
  /// Column of the page's left edge in a viewport; 0 at rest, negative when sliding out left.
  public var column: Int
  /// A page drawn with its left edge at `column`.
  public init(page: Int, column: Int) {
    self.page = page
    self.column = column
  }
}
