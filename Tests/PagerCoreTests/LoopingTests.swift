import PagerCore
import Testing

@Suite("Looping pager")
struct LoopingTests {
  let week = PagerMode.looping(count: 7)

  @Test func restsOnItsStartPage() {
    let pager = Pager(mode: week, page: 3)
    #expect(pager.position(at: ms(0)) == 3)
    #expect(pager.currentPage == 3)
    #expect(pager.targetPage == 3)
    #expect(!pager.isMoving(at: ms(0)))
    #expect(pager.nextFrame(after: ms(0), frameInterval: frame) == nil)
    #expect(pager.visiblePages(width: 80, at: ms(0)) == [VisiblePage(page: 3, column: 0)])
  }

  @Test func startPageWraps() {
    #expect(Pager(mode: week, page: 9).currentPage == 2)
    #expect(Pager(mode: week, page: -1).currentPage == 6)
  }

  @Test func stepSlidesOverOneDurationAndSettles() {
    var pager = Pager(mode: week, page: 3)
    #expect(pager.step(.forward, at: ms(1000)) == [.pageWillChange(from: 3, to: 4)])
    #expect(pager.targetPage == 4)
    #expect(pager.currentPage == 3)
    #expect(pager.position(at: ms(1000)) == 3)
    #expect(pager.position(at: ms(1125)) == 3.5)
    #expect(pager.position(at: ms(1250)) == 4)
    #expect(pager.isMoving(at: ms(1249)))
    #expect(!pager.isMoving(at: ms(1250)))
    #expect(pager.nextFrame(after: ms(1000), frameInterval: ms(16)) == ms(1016))
    #expect(pager.nextFrame(after: ms(1240), frameInterval: ms(16)) == ms(1250))
    #expect(pager.tick(at: ms(1200)) == [])
    #expect(pager.tick(at: ms(1250)) == [.pageDidChange(from: 3, to: 4)])
    #expect(pager.currentPage == 4)
    #expect(pager.nextFrame(after: ms(1250), frameInterval: ms(16)) == nil)
    #expect(pager.tick(at: ms(2000)) == [])
    expectSound(pager, at: ms(2000))
  }

  @Test func positionIsPure() {
    var pager = Pager(mode: week, page: 0)
    pager.step(.forward, at: ms(0))
    let copy = pager
    let a = pager.position(at: ms(100))
    _ = pager.position(at: ms(200))
    #expect(pager.position(at: ms(100)) == a)
    #expect(pager == copy)
  }

  @Test func forwardFromLastPageSlidesOntoTheDummyThenSnaps() {
    var pager = Pager(mode: week, page: 6)
    #expect(pager.step(.forward, at: ms(0)) == [.pageWillChange(from: 6, to: 0)])
    #expect(pager.position(at: ms(250)) == 7)
    #expect(pager.visiblePages(width: 80, at: ms(250)) == [VisiblePage(page: 0, column: 0)])
    #expect(pager.tick(at: ms(250)) == [.snapped(toPage: 0), .pageDidChange(from: 6, to: 0)])
    #expect(pager.position(at: ms(250)) == 0)
    expectSound(pager, at: ms(250))
  }

  @Test func backwardFromFirstPageSlidesOntoTheDummyThenSnaps() {
    var pager = Pager(mode: week, page: 0)
    #expect(pager.step(.backward, at: ms(0)) == [.pageWillChange(from: 0, to: 6)])
    #expect(pager.position(at: ms(125)) == -0.5)
    #expect(pager.position(at: ms(250)) == -1)
    #expect(pager.tick(at: ms(300)) == [.snapped(toPage: 6), .pageDidChange(from: 0, to: 6)])
    #expect(pager.position(at: ms(300)) == 6)
  }

  @Test func aStepAfterTheEndSettlesFirst() {
    var pager = Pager(mode: week, page: 6)
    pager.step(.forward, at: ms(0))
    #expect(
      pager.step(.forward, at: ms(400)) == [
        .snapped(toPage: 0), .pageDidChange(from: 6, to: 0), .pageWillChange(from: 0, to: 1),
      ])
    #expect(pager.position(at: ms(400)) == 0)
  }

  @Test func singlePageLoopSnapsWithoutChange() {
    var pager = Pager(mode: .looping(count: 1), page: 0)
    #expect(pager.step(.forward, at: ms(0)) == [])
    #expect(pager.isMoving(at: ms(100)))
    #expect(pager.visiblePages(width: 10, at: ms(125)).map(\.page) == [0, 0])
    #expect(pager.tick(at: ms(250)) == [.snapped(toPage: 0)])
    expectSound(pager, at: ms(250))
  }

  @Test func logicalPageWrapsEveryIndex() {
    let pager = Pager(mode: week, page: 0)
    #expect(pager.logicalPage(-1) == 6)
    #expect(pager.logicalPage(7) == 0)
    #expect(pager.logicalPage(-8) == 6)
    #expect(pager.logicalPage(15) == 1)
    #expect(pager.logicalPage(3) == 3)
  }

  @Test func windowHoldsNeighboursRoundTheLoop() {
    #expect(Pager(mode: week, page: 0).window == [6, 0, 1])
    #expect(Pager(mode: week, page: 6).window == [5, 6, 0])
  }

  @Test func forwardThenBackAtOnceReportsNoChange() {
    var pager = Pager(mode: week, page: 3)
    var events = pager.step(.forward, at: ms(0))
    events += pager.step(.backward, at: ms(0))
    events += pager.tick(at: ms(1000))
    #expect(events == [.pageWillChange(from: 3, to: 4), .pageWillChange(from: 4, to: 3)])
    #expect(pager.currentPage == 3)
    #expect(!pager.isMoving(at: ms(0)))
  }

  @Test func reversingMidSlideNeverReportsTheAbandonedPage() {
    var pager = Pager(mode: week, page: 3)
    var events = pager.step(.forward, at: ms(0))
    events += pager.step(.backward, at: ms(100))
    #expect(pager.position(at: ms(100)) > 3)
    events += pager.tick(at: ms(2000))
    #expect(events == [.pageWillChange(from: 3, to: 4), .pageWillChange(from: 4, to: 3)])
    #expect(pager.position(at: ms(2000)) == 3)
  }

  @Test func retargetKeepsTheStripsSpeed() {
    var pager = Pager(mode: week, page: 0)
    pager.step(.forward, at: ms(0))
    let before = pager.velocity(at: ms(100))
    pager.step(.forward, at: ms(100))
    let after = pager.velocity(at: ms(100))
    #expect(before > 0)
    #expect(abs(after - before) < 1e-9)
  }

  @Test func durationZeroIsInstant() {
    var pager = Pager(mode: week, page: 3, duration: .zero)
    #expect(
      pager.step(.forward, at: ms(5)) == [
        .pageWillChange(from: 3, to: 4), .pageDidChange(from: 3, to: 4),
      ])
    #expect(!pager.isMoving(at: ms(5)))
    #expect(pager.nextFrame(after: ms(5), frameInterval: frame) == nil)
    var last = Pager(mode: week, page: 6, duration: .zero)
    #expect(
      last.step(.forward, at: ms(0)) == [
        .pageWillChange(from: 6, to: 0), .snapped(toPage: 0), .pageDidChange(from: 6, to: 0),
      ])
    #expect(
      last.jump(to: 4, at: ms(0)) == [
        .pageWillChange(from: 0, to: 4), .pageDidChange(from: 0, to: 4),
      ])
    #expect(last.position(at: ms(0)) == 4)
    last.beginDrag(at: ms(1))
    last.dragMoved(to: 0.7, at: ms(2))
    #expect(
      last.endDrag(velocity: 0, at: ms(3)) == [
        .pageWillChange(from: 4, to: 5), .pageDidChange(from: 4, to: 5),
      ])
    expectSound(last, at: ms(3))
  }

  @Test func negativeDurationIsStoredAsZero() {
    var pager = Pager(mode: week, page: 0, duration: .milliseconds(-5))
    #expect(pager.duration == .zero)
    pager.duration = .milliseconds(100)
    pager.duration = .milliseconds(-1)
    #expect(pager.duration == .zero)
  }

  @Test func visiblePagesUseOneRoundingRule() {
    var pager = Pager(mode: week, page: 3, easing: .linear)
    pager.step(.forward, at: ms(0))
    // Position 3.5: shift = round(0.5 · 37) = 19.
    #expect(
      pager.visiblePages(width: 37, at: ms(125)) == [
        VisiblePage(page: 3, column: -19), VisiblePage(page: 4, column: 18),
      ])
    #expect(
      pager.visiblePages(width: 80, at: ms(125)) == [
        VisiblePage(page: 3, column: -40), VisiblePage(page: 4, column: 40),
      ])
    // 3.999: shift rounds to the full width, so only page 4 is on screen.
    #expect(
      pager.visiblePages(width: 80, at: .microseconds(249_750)) == [VisiblePage(page: 4, column: 0)]
    )
    #expect(pager.visiblePages(width: 0, at: ms(125)) == [])
  }
}
