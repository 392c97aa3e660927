import PagerCore
import Testing

@Suite("Bounded pager")
struct BoundedTests {
  let five = PagerMode.bounded(count: 5)

  @Test(arguments: [(0, Direction.backward), (4, Direction.forward)])
  func stepPastAnEndIsRefusedAndChangesNothing(page: Int, direction: Direction) {
    var pager = Pager(mode: five, page: page)
    let original = pager
    #expect(!pager.canStep(direction))
    #expect(pager.canStep(direction.reversed))
    #expect(pager.step(direction, at: ms(0)) == [.refused(direction)])
    #expect(pager == original)
  }

  @Test func stepsInsideWork() {
    var pager = Pager(mode: five, page: 0)
    #expect(pager.step(.forward, at: ms(0)) == [.pageWillChange(from: 0, to: 1)])
    #expect(pager.tick(at: ms(250)) == [.pageDidChange(from: 0, to: 1)])
  }

  @Test func burstStopsAtTheEnd() {
    var pager = Pager(mode: five, page: 2)
    #expect(pager.step(.forward, at: ms(0)) == [.pageWillChange(from: 2, to: 3)])
    #expect(pager.step(.forward, at: ms(10)) == [.pageWillChange(from: 3, to: 4)])
    #expect(!pager.canStep(.forward))
    #expect(pager.step(.forward, at: ms(20)) == [.refused(.forward)])
    #expect(pager.tick(at: ms(2000)) == [.pageDidChange(from: 2, to: 4)])
  }

  @Test func startPageIsClamped() {
    #expect(Pager(mode: five, page: 9).currentPage == 4)
    #expect(Pager(mode: five, page: -2).currentPage == 0)
  }

  @Test func dragPastAnEndRubberBandsAndIsRefused() {
    var pager = Pager(mode: five, page: 0)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: -0.8, at: ms(10))
    let p = pager.position(at: ms(10))
    #expect(p < 0 && p > -0.5)
    #expect(p > -0.8 * 0.55)
    pager.dragMoved(to: -50, at: ms(20))
    #expect(pager.position(at: ms(20)) > -0.5)
    #expect(pager.visiblePages(width: 80, at: ms(20)).map(\.page) == [0])
    #expect(pager.endDrag(velocity: 0, at: ms(30)) == [.refused(.backward)])
    #expect(pager.tick(at: ms(1000)) == [])
    #expect(pager.position(at: ms(1000)) == 0)
    expectSound(pager, at: ms(1000))
  }

  @Test func grabbingASpringBackHoldsTheStripWhereItIs() {
    var pager = Pager(mode: five, page: 0)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: -2, at: ms(10))
    pager.endDrag(velocity: 0, at: ms(20))
    let shown = pager.position(at: ms(40))
    #expect(shown < 0)
    pager.beginDrag(at: ms(40))
    #expect(abs(pager.position(at: ms(40)) - shown) < 1e-9)
    pager.dragMoved(to: -0.1, at: ms(50))
    #expect(pager.position(at: ms(50)) < shown)
  }

  @Test func smallOvershootSpringsBackWithoutRefusal() {
    var pager = Pager(mode: five, page: 4)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 0.2, at: ms(10))
    #expect(pager.position(at: ms(10)) > 4)
    #expect(pager.endDrag(velocity: 0, at: ms(30)) == [])
    #expect(pager.tick(at: ms(1000)) == [])
  }

  @Test func jumpGoesDirectAndClamps() {
    var pager = Pager(mode: five, page: 0)
    #expect(pager.jump(to: 3, at: ms(0)) == [.pageWillChange(from: 0, to: 3)])
    #expect(pager.position(at: ms(100)) > 0)
    #expect(pager.tick(at: ms(1000)) == [.pageDidChange(from: 0, to: 3)])
    #expect(pager.jump(to: 99, at: ms(1000)) == [.pageWillChange(from: 3, to: 4)])
    #expect(pager.jump(to: 4, at: ms(1100)) == [])
  }

  @Test func windowOmitsMissingNeighbours() {
    #expect(Pager(mode: five, page: 0).window == [0, 1])
    #expect(Pager(mode: five, page: 2).window == [1, 2, 3])
    #expect(Pager(mode: .bounded(count: 1), page: 0).window == [0])
  }

  @Test func visiblePagesNeverShowAMissingPage() {
    var pager = Pager(mode: five, page: 4)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 3, at: ms(10))
    #expect(pager.visiblePages(width: 37, at: ms(10)).map(\.page) == [4])
  }
}

@Suite("Infinite pager")
struct InfiniteTests {
  @Test func stepsGoAnywhere() {
    var pager = Pager(mode: .infinite, page: 0)
    #expect(pager.step(.backward, at: ms(0)) == [.pageWillChange(from: 0, to: -1)])
    #expect(pager.tick(at: ms(250)) == [.pageDidChange(from: 0, to: -1)])
    #expect(pager.canStep(.backward) && pager.canStep(.forward))
    #expect(pager.logicalPage(-12345) == -12345)
  }

  @Test func windowRecentresAfterEachCompletedTurn() {
    var pager = Pager(mode: .infinite, page: 100)
    #expect(pager.window == [99, 100, 101])
    pager.step(.forward, at: ms(0))
    #expect(pager.window == [99, 100, 101])
    pager.tick(at: ms(250))
    #expect(pager.window == [100, 101, 102])
    pager.beginDrag(at: ms(300))
    pager.dragMoved(to: 0.6, at: ms(310))
    pager.endDrag(velocity: 0, at: ms(320))
    pager.tick(at: ms(1000))
    #expect(pager.window == [101, 102, 103])
  }

  @Test func cancelledDragDoesNotMoveTheIndex() {
    var pager = Pager(mode: .infinite, page: 7)
    let original = pager
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: -0.4, at: ms(10))
    #expect(pager.visiblePages(width: 80, at: ms(10)).map(\.page) == [6, 7])
    #expect(pager.endDrag(velocity: -0.3, at: ms(20)) == [])
    #expect(pager.tick(at: ms(1000)) == [])
    #expect(pager == original)
    #expect(pager.window == [6, 7, 8])
  }

  @Test func jumpGoesDirect() {
    var pager = Pager(mode: .infinite, page: 0)
    #expect(pager.jump(to: -40, at: ms(0)) == [.pageWillChange(from: 0, to: -40)])
    let end = pager.nextFrame(after: ms(0), frameInterval: .seconds(10))!
    #expect(end <= ms(500))
    #expect(pager.tick(at: end) == [.pageDidChange(from: 0, to: -40)])
  }

  @Test func burstIsNeverLost() {
    var pager = Pager(mode: .infinite, page: 0)
    for i in 0..<15 { pager.step(.forward, at: ms(16 * i)) }
    for i in 15..<20 { pager.step(.backward, at: ms(16 * i)) }
    pager.tick(at: ms(100_000))
    #expect(pager.currentPage == 10)
  }
}

@Suite("Infinite pager: re-centring")
struct RecentreTests {
  @Test func aSettledPagerMovesItsPageToZeroAndDrawsTheSame() {
    var pager = Pager(mode: .infinite, page: 0)
    pager.step(.forward, at: ms(0))
    pager.step(.forward, at: ms(10))
    #expect(pager.recentre() == 0, "moving: nothing happens")
    pager.tick(at: ms(1000))
    let before = pager.visiblePages(width: 80, at: ms(1000))
    #expect(before == [VisiblePage(page: 2, column: 0)])
    #expect(pager.recentre() == 2)
    #expect(pager.currentPage == 0 && pager.targetPage == 0 && pager.isSettled)
    #expect(pager.visiblePages(width: 80, at: ms(1000)) == [VisiblePage(page: 0, column: 0)])
    #expect(pager == Pager(mode: .infinite, page: 0))
    #expect(pager.recentre() == 0)
  }

  @Test func aDragIsNeverRecentred() {
    var pager = Pager(mode: .infinite, page: 5)
    pager.beginDrag(at: ms(0))
    #expect(!pager.isSettled)
    #expect(pager.recentre() == 0)
    pager.endDrag(velocity: 0, at: ms(10))
    #expect(pager.isSettled)
    #expect(pager.recentre() == 5)
  }

  @Test func loopingAndBoundedPagersAreLeftAlone() {
    var looping = Pager(mode: .looping(count: 7), page: 3)
    var bounded = Pager(mode: .bounded(count: 7), page: 3)
    #expect(looping.recentre() == 0 && looping.currentPage == 3)
    #expect(bounded.recentre() == 0 && bounded.currentPage == 3)
  }

  @Test func pruningKeepsOnlyTheWindow() {
    var memory = PageMemory(default: 0, mode: .infinite)
    for page in -50...50 { memory[page] = page + 100 }
    memory.prune(keeping: -3...3)
    #expect(memory.storedPages == Array(-3...3))
    #expect(memory[40] == 0 && memory[2] == 102)
  }
}
