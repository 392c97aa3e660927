import PagerCore
import Testing

@Suite("Jumps")
struct JumpTests {
  /// Samples a slide at 60 fps and returns the unwrapped moves between frames.
  static func moves(_ pager: Pager, from start: Duration, count n: Int) -> [Double] {
    var now = start
    var last = pager.position(at: now)
    var moves: [Double] = []
    while let next = pager.nextFrame(after: now, frameInterval: frame), next > now {
      now = next
      let p = pager.position(at: now)
      moves.append(loopDelta(p, last, count: n))
      last = p
    }
    return moves
  }

  @Test(arguments: 0..<7, 0..<7)
  func jumpTakesTheShortestWayRound(start: Int, destination: Int) {
    var pager = Pager(mode: .looping(count: 7), page: start)
    var events = pager.jump(to: destination, at: ms(0))
    let forward = wrap(destination - start, 7)
    let expected = forward <= 3 ? Double(forward) : Double(forward - 7)
    let moves = JumpTests.moves(pager, from: ms(0), count: 7)
    #expect(abs(moves.reduce(0, +) - expected) < 1e-9)
    #expect(moves.allSatisfy { expected >= 0 ? $0 >= -1e-12 : $0 <= 1e-12 })
    let end = pager.nextFrame(after: ms(0), frameInterval: .seconds(10)) ?? ms(0)
    #expect(end <= ms(500))
    events += pager.tick(at: end)
    #expect(pager.currentPage == destination)
    #expect(
      events.filter { if case .pageDidChange = $0 { true } else { false } }.count
        == (start == destination ? 0 : 1))
    expectSound(pager, at: end)
  }

  @Test func tiesGoForward() {
    var pager = Pager(mode: .looping(count: 6), page: 1)
    pager.jump(to: 4, at: ms(0))
    #expect(pager.position(at: ms(100)) > 1)
    pager.tick(at: ms(1000))
    #expect(pager.currentPage == 4)
  }

  @Test func jumpMidSlideStartsFromWhereTheStripIs() {
    var pager = Pager(mode: .looping(count: 7), page: 5)
    pager.step(.forward, at: ms(0))
    let p = pager.position(at: ms(100))
    #expect(pager.jump(to: 1, at: ms(100)) == [.pageWillChange(from: 6, to: 1)])
    #expect(pager.position(at: ms(100)) == p)
    #expect(pager.tick(at: ms(2000)) == [.pageDidChange(from: 5, to: 1)])
  }
}
