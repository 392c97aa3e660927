import PagerCore
import Testing

@Suite("Drags")
struct DragTests {
  let week = PagerMode.looping(count: 7)

  @Test func cancelledDragReportsNoChangeAndRestoresTheState() {
    let original = Pager(mode: week, page: 3)
    var pager = original
    pager.beginDrag(at: ms(0))
    #expect(pager.isDragging)
    pager.dragMoved(to: 0.3, at: ms(50))
    #expect(abs(pager.position(at: ms(50)) - 3.3) < 1e-9)
    #expect(pager.isMoving(at: ms(50)))
    #expect(pager.nextFrame(after: ms(50), frameInterval: frame) == nil)
    #expect(pager.targetPage == 3)
    #expect(pager.endDrag(velocity: 0, at: ms(60)) == [])
    #expect(!pager.isDragging)
    #expect(abs(pager.position(at: ms(60)) - 3.3) < 1e-9)
    #expect(pager.position(at: ms(100)) < 3.29)
    #expect(pager.tick(at: ms(1000)) == [])
    #expect(pager == original)
  }

  @Test func releasedPastHalfAPageCompletesTheTurn() {
    var pager = Pager(mode: week, page: 3)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 0.6, at: ms(50))
    #expect(pager.endDrag(velocity: 0, at: ms(60)) == [.pageWillChange(from: 3, to: 4)])
    let end = pager.nextFrame(after: ms(60), frameInterval: .seconds(10))!
    #expect(end <= ms(60) + ms(250))
    #expect(pager.tick(at: end) == [.pageDidChange(from: 3, to: 4)])
    #expect(pager.position(at: end) == 4)
  }

  @Test func backwardDragCompletesToo() {
    var pager = Pager(mode: week, page: 3)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: -0.51, at: ms(50))
    #expect(pager.endDrag(velocity: 0, at: ms(60)) == [.pageWillChange(from: 3, to: 2)])
    #expect(pager.tick(at: ms(1000)) == [.pageDidChange(from: 3, to: 2)])
  }

  @Test func flickCompletesAShortDrag() {
    var pager = Pager(mode: week, page: 3)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 0.1, at: ms(30))
    #expect(pager.endDrag(velocity: 2, at: ms(40)) == [.pageWillChange(from: 3, to: 4)])
    #expect(pager.velocity(at: ms(40)) > 0)
    #expect(pager.tick(at: ms(1000)) == [.pageDidChange(from: 3, to: 4)])
  }

  @Test func flickAgainstTheDragOrTooSlowSpringsBack() {
    for velocity in [-3.0, 0.5, Pager.flickVelocity] {
      var pager = Pager(mode: week, page: 3)
      pager.beginDrag(at: ms(0))
      pager.dragMoved(to: 0.2, at: ms(30))
      #expect(pager.endDrag(velocity: velocity, at: ms(40)) == [], "velocity \(velocity)")
      #expect(pager.tick(at: ms(1000)) == [])
      #expect(pager.currentPage == 3)
    }
  }

  @Test func springBackMovesOnlyTowardsTheRestingPage() {
    var pager = Pager(mode: week, page: 3)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 0.45, at: ms(30))
    pager.endDrag(velocity: 0.4, at: ms(40))
    var last = pager.position(at: ms(40))
    var now = ms(40)
    while let next = pager.nextFrame(after: now, frameInterval: frame), next > now {
      now = next
      let p = pager.position(at: now)
      #expect(p <= last + 1e-12)
      #expect(p >= 3)
      last = p
    }
    #expect(last == 3)
  }

  @Test func dragTurnsAtMostOnePage() {
    var pager = Pager(mode: week, page: 3)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 1.7, at: ms(10))
    #expect(pager.position(at: ms(10)) == 4)
    pager.dragMoved(to: -2.5, at: ms(20))
    #expect(pager.position(at: ms(20)) == 2)
  }

  @Test(arguments: [(0, -0.8, 6), (6, 0.8, 0)])
  func dragPastTheEndsEntersTheDummies(start: Int, offset: Double, expected: Int) {
    var pager = Pager(mode: week, page: start)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: offset, at: ms(10))
    #expect(abs(pager.position(at: ms(10)) - (Double(start) + offset)) < 1e-9)
    #expect(pager.visiblePages(width: 10, at: ms(10)).map(\.page).contains(expected))
    var events = pager.endDrag(velocity: 0, at: ms(20))
    events += pager.tick(at: ms(1000))
    #expect(
      events == [
        .pageWillChange(from: start, to: expected), .snapped(toPage: expected),
        .pageDidChange(from: start, to: expected),
      ])
  }

  @Test func grabbingMidSlideStopsTheStripWhereItIs() {
    var pager = Pager(mode: week, page: 3)
    pager.step(.forward, at: ms(0))
    let grabbed = pager.position(at: ms(100))
    pager.beginDrag(at: ms(100))
    #expect(pager.position(at: ms(100)) == grabbed)
    #expect(pager.position(at: ms(200)) == grabbed)
    // Released where it was: it turns from page 3, the nearest, and says the target moved back.
    #expect(pager.endDrag(velocity: 0, at: ms(200)) == [.pageWillChange(from: 4, to: 3)])
    #expect(pager.tick(at: ms(1000)) == [])
    #expect(pager.currentPage == 3)
  }

  @Test func grabbingAnUntickedDummyReportsTheSettleLater() {
    var pager = Pager(mode: week, page: 6)
    pager.step(.forward, at: ms(0))
    pager.beginDrag(at: ms(300))
    #expect(pager.position(at: ms(300)) == 0)
    var events = pager.endDrag(velocity: 0, at: ms(310))
    events += pager.tick(at: ms(1000))
    #expect(events == [.pageDidChange(from: 6, to: 0)])
    expectSound(pager, at: ms(1000))
  }

  @Test func stepDuringADragReleasesItAndSteps() {
    var pager = Pager(mode: week, page: 3)
    pager.beginDrag(at: ms(0))
    pager.dragMoved(to: 0.2, at: ms(10))
    #expect(pager.step(.forward, at: ms(20)) == [.pageWillChange(from: 3, to: 4)])
    #expect(!pager.isDragging)
    #expect(abs(pager.position(at: ms(20)) - 3.2) < 1e-9)
    #expect(pager.tick(at: ms(1000)) == [.pageDidChange(from: 3, to: 4)])
  }

  @Test func dragCallsWithoutADragAreIgnored() {
    var pager = Pager(mode: week, page: 3)
    let original = pager
    pager.dragMoved(to: 0.5, at: ms(0))
    #expect(pager.endDrag(velocity: 3, at: ms(0)) == [])
    #expect(pager == original)
  }
}
