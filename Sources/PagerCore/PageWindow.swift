/// How many pages are in view at once, and where the selected one sits among them.
///
/// The seed showed one page; a wide terminal shows `count` side by side (a week as columns).
/// The pager's position stays the selected page's: the window spans `lead` pages before it
/// and `count - lead - 1` after, so the selected page keeps its neighbours in view and a
/// step slides the whole row by one page. For a looping pager the strip grows to
/// `lead + 1` dummies before page 0 and `count - lead` after page N-1 (one each for
/// `count` 1), every dummy showing its real page, `wrap(index, N)`.
public struct PageWindow: Equatable, Sendable {
  /// The number of pages in view at rest (one more is partly in view mid-slide).
  public let count: Int
  /// How many of them come before the selected page: `0..<count`.
  public let lead: Int

  /// The largest window the app offers: a whole week.
  public static let maximumCount = 7

  /// One page in view: the seed's pager, unchanged.
  public static let single = PageWindow(count: 1)

  /// A window of `count` pages (at least one) with the selected page at `lead`.
  ///
  /// Without `lead` the selected page sits in the middle, left of centre for an even
  /// count: never at an edge from three pages up, and on the left for two, so the next
  /// page is the one beside it. `lead` is clamped into `0..<count`.
  public init(count: Int, lead: Int? = nil) {
    let count = max(count, 1)
    self.count = count
    self.lead = min(max(lead ?? (count - 1) / 2, 0), count - 1)
  }

  /// How many pages come after the selected one.
  ///
  /// The right-hand side of the window; with `lead` it sums to `count - 1`.
  public var trail: Int { count - 1 - lead }
}

extension Pager {
  /// The strip indices a frame may draw: the window around every position the strip takes.
  ///
  /// For a looping pager the selected position lies in `-1...N`, so the window reaches from
  /// `-1 - lead` to `N + trail`: `lead + 1` dummies before page 0 and `trail + 1` after page
  /// N-1, with `count` 1 giving the seed's `[dummy(N-1), 0, …, N-1, dummy(0)]`. Bounded
  /// pagers draw their real pages only (nothing past an end) and infinite ones any index.
  public var drawableStrip: ClosedRange<Int> {
    switch mode {
    case .looping(let count):
      return (-1 - pageWindow.lead)...(count + pageWindow.trail)
    case .bounded(let count):
      return 0...(count - 1)
    case .infinite:
      return Int.min...Int.max
    }
  }

  /// The logical pages in view once the pager rests on its target, left to right.
  ///
  /// What a tab bar marks as "in view": it changes at once on a press, like `targetPage`,
  /// and for a looping pager wraps round the loop (a page shows twice when `count` exceeds
  /// the page count). Bounded pagers omit the pages past an end.
  public var windowPages: [Int] {
    let first = target - pageWindow.lead
    let indices = first...(first + pageWindow.count - 1)
    return indices.filter(drawableStrip.contains).map(logicalPage)
  }
}
