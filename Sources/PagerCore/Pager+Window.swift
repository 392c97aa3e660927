extension Pager {
  /// Whether nothing moves: no slide (finished or not) and no drag.
  ///
  /// A slide whose end has passed still counts as moving until `tick` lands it, so a
  /// driver that re-bases its pages waits for the landing, as the dummy snap does.
  public var isSettled: Bool { slide == nil && drag == nil }

  /// Re-centres a settled infinite pager: the page it rests on becomes page 0.
  ///
  /// Returns how many pages the window moved (the old page number), which the driver adds
  /// to whatever page 0 stands for (a date, a week). Positions then stay near 0, where they
  /// are exact on the slide's grid however far one pages, and the re-centred pager draws
  /// exactly what the old one did: at rest both show one page at column 0. Does nothing and
  /// returns 0 while a slide or drag is under way, or for looping and bounded pagers.
  @discardableResult
  public mutating func recentre() -> Int {
    guard case .infinite = mode, isSettled, target != 0 else { return 0 }
    let shift = target
    target = 0
    currentPage = 0
    return shift
  }
}
