import PagerCore
import Testing

/// Crossing the seam between the last and the first page, for every day and direction.
@Suite("Seam")
struct SeamTests {
  static let days = Array(0..<7)
  let week = PagerMode.looping(count: 7)

  @Test(arguments: days, Direction.allCases)
  func stepSettlesOnTheNeighbour(start: Int, direction: Direction) {
    var pager = Pager(mode: week, page: start)
    var events = pager.step(direction, at: ms(0))
    events += pager.tick(at: ms(250))
    let expected = wrap(start + direction.sign, 7)
    #expect(pager.currentPage == expected)
    #expect(pager.position(at: ms(250)) == Double(expected))
    #expect(events.last == .pageDidChange(from: start, to: expected))
    #expect(events.filter { if case .pageDidChange = $0 { true } else { false } }.count == 1)
    let crossesSeam =
      (start == 6 && direction == .forward) || (start == 0 && direction == .backward)
    #expect(events.contains(.snapped(toPage: expected)) == crossesSeam)
    expectSound(pager, at: ms(250))
  }

  @Test(arguments: days, Direction.allCases)
  func snapChangesNoColumn(start: Int, direction: Direction) {
    for width in [80, 37] {
      var pager = Pager(mode: week, page: start)
      pager.step(direction, at: ms(0))
      // The driver's frames: every nextFrame until the end, where the last one lands exactly.
      var now = ms(0)
      var previous = pager.visiblePages(width: width, at: now)
      while let next = pager.nextFrame(after: now, frameInterval: frame), next > now {
        now = next
        let drawn = pager.visiblePages(width: width, at: now)
        #expect(abs(drawn[0].column - previous[0].column) <= width)
        previous = drawn
      }
      #expect(now == ms(250))
      // A frame a nanosecond earlier already looks like the snapped page.
      #expect(pager.visiblePages(width: width, at: now - .nanoseconds(1)) == previous)
      let beforeSnap = pager.visiblePages(width: width, at: now)
      pager.tick(at: now)
      let afterSnap = pager.visiblePages(width: width, at: now)
      #expect(beforeSnap == afterSnap, "width \(width)")
      #expect(afterSnap == [VisiblePage(page: wrap(start + direction.sign, 7), column: 0)])
      #expect(pager.visiblePages(width: width, at: ms(999)) == afterSnap)
    }
  }

  /// Retargets that re-base the strip by a whole loop must not move a column either.
  @Test(arguments: days, Direction.allCases)
  func retargetAcrossTheSeamChangesNoColumn(start: Int, direction: Direction) {
    for width in [80, 37] {
      for spacing in [0, 16, 60, 125, 200] {
        var pager = Pager(mode: week, page: start)
        var now = ms(0)
        for _ in 0..<10 {
          let before = pager.visiblePages(width: width, at: now)
          let positionBefore = pager.position(at: now)
          pager.step(direction, at: now)
          #expect(pager.visiblePages(width: width, at: now) == before)
          #expect(abs(loopDelta(pager.position(at: now), positionBefore, count: 7)) < 1e-9)
          expectSound(pager, at: now)
          now += ms(spacing)
        }
        pager.tick(at: ms(100_000))
        #expect(pager.currentPage == wrap(start + 10 * direction.sign, 7))
      }
    }
  }
}
