import PagerCore
import Testing

/// The seam with `k` pages in view: every day, both directions, every window from 1 to 7.
@Suite("Window seam")
struct WindowSeamTests {
  static let windows = Array(1...PageWindow.maximumCount)
  static let days = Array(0..<7)
  let week = PagerMode.looping(count: 7)

  /// The frame at rest on `page`: `k` columns from 0, starting `lead` pages before it.
  static func rest(on page: Int, window: PageWindow, width: Int) -> [VisiblePage] {
    (0..<window.count).map { slot in
      VisiblePage(page: wrap(page - window.lead + slot, 7), column: slot * width)
    }
  }

  @Test(arguments: windows, days)
  func snapChangesNoColumn(k: Int, start: Int) {
    let window = PageWindow(count: k)
    for direction in Direction.allCases {
      for width in [40, 37, 1] {
        var pager = Pager(mode: week, page: start, window: window)
        pager.step(direction, at: ms(0))
        var now = ms(0)
        var previous = pager.visiblePages(width: width, at: now)
        while let next = pager.nextFrame(after: now, frameInterval: frame), next > now {
          now = next
          let drawn = pager.visiblePages(width: width, at: now)
          #expect((k...(k + 1)).contains(drawn.count))
          expectSound(pager, at: now)
          previous = drawn
        }
        #expect(now == ms(250))
        #expect(pager.visiblePages(width: width, at: now - .nanoseconds(1)) == previous)
        let beforeSnap = pager.visiblePages(width: width, at: now)
        let events = pager.tick(at: now)
        let afterSnap = pager.visiblePages(width: width, at: now)
        let expected = wrap(start + direction.sign, 7)
        #expect(beforeSnap == afterSnap, "width \(width), \(direction)")
        #expect(afterSnap == WindowSeamTests.rest(on: expected, window: window, width: width))
        #expect(pager.windowPages == afterSnap.map(\.page))
        let crossesSeam =
          (start == 6 && direction == .forward) || (start == 0 && direction == .backward)
        #expect(events.contains(.snapped(toPage: expected)) == crossesSeam)
        expectSound(pager, at: now)
      }
    }
  }

  /// Retargets that re-base the strip by a whole loop move no column, whatever the window.
  @Test(arguments: windows, days)
  func retargetAcrossTheSeamChangesNoColumn(k: Int, start: Int) {
    for direction in Direction.allCases {
      for spacing in [0, 16, 60, 125, 200] {
        var pager = Pager(mode: week, page: start, window: PageWindow(count: k))
        var now = ms(0)
        for _ in 0..<10 {
          let before = pager.visiblePages(width: 29, at: now)
          pager.step(direction, at: now)
          #expect(pager.visiblePages(width: 29, at: now) == before)
          expectSound(pager, at: now)
          now += ms(spacing)
        }
        pager.tick(at: ms(100_000))
        #expect(pager.currentPage == wrap(start + 10 * direction.sign, 7))
        #expect(
          pager.visiblePages(width: 29, at: ms(100_000))
            == WindowSeamTests.rest(
              on: pager.currentPage, window: PageWindow(count: k), width: 29))
      }
    }
  }

  /// Seven steps either way come back to the same frame, through the seam, at every k.
  @Test(arguments: windows)
  func sevenStepsComeBackToTheSameFrame(k: Int) {
    for direction in Direction.allCases {
      var pager = Pager(mode: week, page: 3, window: PageWindow(count: k))
      let start = pager.visiblePages(width: 30, at: ms(0))
      var now = ms(0)
      for _ in 0..<7 {
        pager.step(direction, at: now)
        now += ms(300)
        pager.tick(at: now)
        expectSound(pager, at: now)
      }
      #expect(pager.currentPage == 3)
      #expect(pager.visiblePages(width: 30, at: now) == start)
    }
  }
}
