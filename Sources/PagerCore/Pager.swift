// CONTRACT STUB — the PagerCore helper replaces the bodies; the public
// signatures below are what the app codes against (additions are fine).

/// How the pages of a `Pager` are arranged.
public enum PagerMode: Equatable, Sendable {
  /// `count` pages in a loop, with a dummy of the last page before the first and a
  /// dummy of the first page after the last.
  case looping(count: Int)
  /// `count` pages in a row; steps past either end are refused.
  case bounded(count: Int)
  /// Pages indexed by any `Int`, with a window of three around the current one.
  case infinite
}

/// A direction of travel along the strip. `forward` goes to the next page.
public enum Direction: Equatable, Sendable, CaseIterable {
  case forward, backward
}

/// Something the driver may want to react to.
public enum PagerEvent: Equatable, Sendable {
  /// A slide towards a new logical page began (or was retargeted).
  case pageWillChange(from: Int, to: Int)
  /// The pager settled on a new logical page; never reported for a dummy.
  case pageDidChange(from: Int, to: Int)
  /// The pager landed on a dummy and snapped to its real page, invisibly.
  case snapped(toPage: Int)
  /// A step or drag past a bounded end was refused.
  case refused(Direction)
}

/// One page that is (partly) on screen for a given viewport width.
public struct VisiblePage: Equatable, Sendable {
  /// The logical page (never a dummy index).
  public var page: Int
  /// Column of the page's left edge in a viewport; 0 at rest, negative when sliding out left.
  public var column: Int
  public init(page: Int, column: Int) {
    self.page = page
    self.column = column
  }
}

/// Timing curve of a slide: maps 0...1 to 0...1.
public struct Easing: Equatable, Sendable {
  public enum Curve: Equatable, Sendable { case linear, easeInOut, easeOut }
  public var curve: Curve
  public init(_ curve: Curve) { self.curve = curve }
  public static let linear = Easing(.linear)
  public static let easeInOut = Easing(.easeInOut)
  public static let easeOut = Easing(.easeOut)
  public func callAsFunction(_ t: Double) -> Double { fatalError("stub") }
}

/// A pager state machine. Time is a `Duration` since any origin the driver picks.
public struct Pager: Equatable, Sendable {
  public init(
    mode: PagerMode, page: Int, duration: Duration = .milliseconds(250),
    easing: Easing = .easeInOut
  ) { fatalError("stub") }

  public var mode: PagerMode { fatalError("stub") }
  /// Slide duration; `.zero` makes every move instant.
  public var duration: Duration { get { fatalError("stub") } set { fatalError("stub") } }
  /// The logical page the pager rests on, or the one it is heading to.
  public var targetPage: Int { fatalError("stub") }
  /// The logical page of the last settle (what `pageDidChange` last reported).
  public var currentPage: Int { fatalError("stub") }
  /// Whether a drag is in progress.
  public var isDragging: Bool { fatalError("stub") }

  /// Continuous position in logical page units: page p at rest is `p`; for looping,
  /// the dummy before page 0 is `-1` and the dummy after page N-1 is `N`.
  public func position(at now: Duration) -> Double { fatalError("stub") }
  /// True while a slide or drag is in progress at `now`.
  public func isMoving(at now: Duration) -> Bool { fatalError("stub") }
  /// When the driver should next call `tick` and redraw; nil when settled (block on input).
  public func nextFrame(after now: Duration, frameInterval: Duration) -> Duration? { fatalError("stub") }
  /// The pages on screen in a viewport `width` columns wide, left to right, at most two.
  public func visiblePages(width: Int, at now: Duration) -> [VisiblePage] { fatalError("stub") }
  /// The logical page for any strip position (wraps for looping).
  public func logicalPage(_ index: Int) -> Int { fatalError("stub") }

  /// Step one page; mid-slide steps retarget from where the strip is now.
  @discardableResult
  public mutating func step(_ direction: Direction, at now: Duration) -> [PagerEvent] { fatalError("stub") }
  /// Slide to `page` (shortest way round when looping, ties forward).
  @discardableResult
  public mutating func jump(to page: Int, at now: Duration) -> [PagerEvent] { fatalError("stub") }
  /// Advance time: finishes slides, snaps dummies, reports settles.
  @discardableResult
  public mutating func tick(at now: Duration) -> [PagerEvent] { fatalError("stub") }

  /// Start a drag at the current position.
  public mutating func beginDrag(at now: Duration) { fatalError("stub") }
  /// Move the drag to `offset` page widths from where it began (positive = forward, content moves left).
  public mutating func dragMoved(to offset: Double, at now: Duration) { fatalError("stub") }
  /// End the drag with a velocity in page widths per second (positive = forward).
  @discardableResult
  public mutating func endDrag(velocity: Double, at now: Duration) -> [PagerEvent] { fatalError("stub") }
}

/// Per-page memory keyed by logical page, so a dummy shares its real page's value.
public struct PageMemory<Value: Equatable & Sendable>: Equatable, Sendable {
  public init(default defaultValue: Value) { fatalError("stub") }
  public subscript(page: Int) -> Value { get { fatalError("stub") } set { fatalError("stub") } }
}
