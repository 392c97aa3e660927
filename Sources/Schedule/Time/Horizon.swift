/// Where a run works its series out week by week, beyond what its calendar says: around
/// another date than the calendar's anchor, and stretched to take in one more date (the
/// pager's calendar months ahead, while today's weeks stay exact).
public struct Horizon: Hashable, Sendable {
  /// The date the horizon's weeks are counted either side of; nil: the calendar's anchor.
  public var around: CivilDate?
  /// A date past those weeks the horizon reaches to as well; nil: none.
  public var reach: CivilDate?

  public init(around: CivilDate? = nil, reach: CivilDate? = nil) {
    self.around = around
    self.reach = reach
  }
}
