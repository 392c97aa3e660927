import PagerCore
import Testing

/// A window of `k` pages: its shape, its strip, resizing mid-slide, bursts at every k.
@Suite("Window")
struct WindowTests {
  let week = PagerMode.looping(count: 7)

  @Test func theSelectedPageSitsInTheMiddle() {
    let leads = (1...7).map { PageWindow(count: $0).lead }
    #expect(leads == [0, 0, 1, 1, 2, 2, 3])
    #expect(PageWindow(count: 5).trail == 2)
    #expect(PageWindow(count: 0) == .single)
    #expect(PageWindow(count: 3, lead: 9).lead == 2)
  }

  @Test func theStripHasTheDummiesTheWindowNeeds() {
    #expect(Pager(mode: week, page: 0).drawableStrip == -1...7)
    #expect(Pager(mode: week, page: 0, window: PageWindow(count: 5)).drawableStrip == -3...9)
    #expect(Pager(mode: week, page: 0, window: PageWindow(count: 7)).drawableStrip == -4...10)
    let bounded = Pager(mode: .bounded(count: 3), page: 0, window: PageWindow(count: 5))
    #expect(bounded.drawableStrip == 0...2)
  }

  @Test func aWindowRestingOnMondayShowsTheWeekendBeforeIt() {
    let pager = Pager(mode: week, page: 0, window: PageWindow(count: 5))
    #expect(pager.windowPages == [5, 6, 0, 1, 2])
    #expect(
      pager.visiblePages(width: 40, at: ms(0))
        == [5, 6, 0, 1, 2].enumerated().map { VisiblePage(page: $1, column: 40 * $0) })
    expectSound(pager, at: ms(0))
  }

  @Test func theWholeRowSlidesByOnePage() {
    var pager = Pager(mode: week, page: 6, easing: .linear, window: PageWindow(count: 3))
    pager.step(.forward, at: ms(0))
    #expect(pager.windowPages == [6, 0, 1])
    // Halfway: shift = round(0.5 · 40) = 20; four pages cross the 120-column viewport.
    #expect(
      pager.visiblePages(width: 40, at: ms(125)) == [
        VisiblePage(page: 5, column: -20), VisiblePage(page: 6, column: 20),
        VisiblePage(page: 0, column: 60), VisiblePage(page: 1, column: 100),
      ])
  }

  @Test func aBoundedWindowDrawsNothingPastAnEnd() {
    let pager = Pager(mode: .bounded(count: 3), page: 0, window: PageWindow(count: 5))
    #expect(pager.windowPages == [0, 1, 2])
    #expect(
      pager.visiblePages(width: 10, at: ms(0)) == [
        VisiblePage(page: 0, column: 20), VisiblePage(page: 1, column: 30),
        VisiblePage(page: 2, column: 40),
      ])
    expectSound(pager, at: ms(0))
  }

  @Test(arguments: 1...PageWindow.maximumCount)
  func resizingMidSlideKeepsTheTargetAndEveryPress(k: Int) {
    var pager = Pager(mode: week, page: 5, window: PageWindow(count: k))
    pager.step(.forward, at: ms(0))
    pager.step(.forward, at: ms(40))
    let position = pager.position(at: ms(90))
    pager.pageWindow = PageWindow(count: 8 - k)
    #expect(pager.position(at: ms(90)) == position)
    expectSound(pager, at: ms(90))
    pager.step(.forward, at: ms(120))
    pager.tick(at: ms(10_000))
    #expect(pager.currentPage == 1)
    #expect(pager.visiblePages(width: 20, at: ms(10_000)).count == 8 - k)
    expectSound(pager, at: ms(10_000))
  }

  /// Keys pressed mid-slide are never lost, the picture never moves at a press, at every k.
  @Test(arguments: 1...PageWindow.maximumCount)
  func burstsSettleOnStartPlusForwardsMinusBackwards(k: Int) throws {
    for start in 0..<7 {
      for presses in [1, 2, 3, 7, 12] {
        for (s, spacing) in BurstTests.spacings.enumerated() {
          for pattern in BurstTests.Pattern.allCases {
            let seed = UInt64(k * 100_000 + start * 1_000 + presses * 10 + s)
            try BurstTests.run(
              start: start, presses: BurstTests.presses(pattern, count: presses, seed: seed),
              spacing: spacing, window: PageWindow(count: k))
          }
        }
      }
    }
  }
}
