extension BinaryInteger {
  /// The remainder of floored division: always in `0..<count` for a positive `count`.
  ///
  /// `(-1).wrapped(7)` is 6, where `%` gives -1. The one way every layer wraps a
  /// page, a tab or a day round a loop.
  @inlinable
  public func wrapped(_ count: Self) -> Self {
    let r = self % count
    return r < 0 ? r + count : r
  }

  /// Division rounding towards minus infinity, the quotient that goes with `wrapped(_:)`.
  @inlinable
  public func floorDivided(by divisor: Self) -> Self {
    (self - wrapped(divisor)) / divisor
  }
}
