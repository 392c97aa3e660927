import Testing

@testable import PagerCore

/// The invariant checker must catch what it claims to catch, or the fuzz test proves nothing.
@Suite("Invariants")
struct InvariantTests {
  @Test func soundPagersHaveNoProblems() {
    var pager = Pager(mode: .looping(count: 7), page: 6)
    #expect(pager.checkInvariants().isEmpty)
    pager.step(.forward, at: ms(0))
    #expect(pager.checkInvariants(at: ms(100)).isEmpty)
    #expect(pager.checkInvariants(at: ms(250)).isEmpty)
  }

  @Test func settledOnADummyIsCaught() {
    var pager = Pager(mode: .looping(count: 7), page: 6)
    pager.target = 7
    #expect(pager.checkInvariants().contains { $0.contains("not a real page") })
  }

  @Test func slideOutsideTheStripIsCaught() {
    var pager = Pager(mode: .looping(count: 7), page: 6)
    pager.step(.forward, at: ms(0))
    pager.slide?.to = 8
    pager.target = 8
    let problems = pager.checkInvariants(at: ms(250))
    #expect(problems.contains { $0.contains("outside the strip") })
  }

  @Test func nonMonotonePushIsCaught() {
    var pager = Pager(mode: .looping(count: 7), page: 2)
    pager.step(.forward, at: ms(0))
    pager.slide?.push = 5
    #expect(pager.checkInvariants().contains { $0.contains("not monotone") })
  }

  @Test func silentPageChangeIsCaught() {
    var pager = Pager(mode: .bounded(count: 3), page: 0)
    pager.currentPage = 2
    #expect(!pager.checkInvariants().isEmpty)
  }

  @Test func finishedSlideAsksForAnImmediateTick() {
    var pager = Pager(mode: .looping(count: 7), page: 2)
    pager.step(.forward, at: ms(0))
    #expect(pager.nextFrame(after: ms(400), frameInterval: ms(16)) == ms(400))
    #expect(!pager.isMoving(at: ms(400)))
    pager.tick(at: ms(400))
    #expect(pager.nextFrame(after: ms(400), frameInterval: ms(16)) == nil)
  }
}
