/// The list a page shows: the entries of its weekday's whole list it lists (all of
/// them, or those at `shown`), then the rows carried over from other days.
///
/// A view, not a copy: a frame draws a long day's page without copying the day (a
/// filtered page of 100,000 entries copied in each frame cost a frame 36 ms).
public struct PageList<Base: RandomAccessCollection & Equatable & Sendable>:
  RandomAccessCollection, Equatable, Sendable
where Base.Index == Int, Base.Element: Equatable & Sendable {
  private let base: Base
  /// The positions in `base` listed, in order; nil when it is listed whole.
  private let shown: [Int]?
  /// The rows after `base`'s (carried over from other days).
  private let tail: [Base.Element]
  /// How many of the rows are `base`'s.
  public let ownCount: Int

  public init(_ base: Base, shown: [Int]? = nil, tail: [Base.Element] = []) {
    self.base = base
    self.shown = shown
    self.tail = tail
    ownCount = shown?.count ?? base.count
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ownCount + tail.count }

  public subscript(position: Int) -> Base.Element {
    guard position < ownCount else { return tail[position - ownCount] }
    guard let shown else { return base[position] }
    return base[shown[position]]
  }

  /// Equal when they list the same entries in the same order, however each is held
  /// (two views of one list are told at once).
  public static func == (a: PageList, b: PageList) -> Bool {
    (a.shown == b.shown && a.tail == b.tail && a.base == b.base) || a.elementsEqual(b)
  }
}
