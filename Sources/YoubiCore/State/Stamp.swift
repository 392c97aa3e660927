/// One remembered yes/no (a read mark, a star) and when it was last set.
///
/// An unmark is kept as a stamp with `isOn == false` (a tombstone) rather than
/// removed, so a merge can tell "unmarked after you marked it" from "never
/// heard of it". Stamps are ordered by time, then `isOn`: the later change
/// wins, and of two changes in the same millisecond the mark wins, so a merge
/// never loses a mark to a tie and the order is total (every process agrees).
public struct Stamp: Hashable, Comparable, Sendable {
  public var isOn: Bool
  /// Milliseconds since 1970-01-01 UTC.
  public var time: Int64

  public init(isOn: Bool, time: Int64) {
    self.isOn = isOn
    self.time = time
  }

  /// A change to `isOn` made at `wall`, ordered after `previous`.
  ///
  /// The wall clock only has seconds and may step back; taking at least one
  /// millisecond more than the stamp it replaces makes every change a process
  /// makes win over everything that process has seen, so toggling twice in
  /// one second, or after the clock was set back, still ends as the person left it.
  public init(isOn: Bool, at wall: WallTime, after previous: Stamp?) {
    self.isOn = isOn
    self.time = max(wall.seconds * 1000, (previous?.time ?? .min) + 1)
  }

  public static func < (a: Stamp, b: Stamp) -> Bool {
    (a.time, a.isOn ? 1 : 0) < (b.time, b.isOn ? 1 : 0)
  }
}
