import PagerCore
import Testing

@Suite("Easing and page memory")
struct EasingTests {
  static let curves: [Easing] = [.linear, .easeInOut, .easeOut]

  @Test(arguments: curves)
  func curvesRunFromZeroToOneMonotonically(easing: Easing) {
    #expect(easing(0) == 0)
    #expect(easing(1) == 1)
    #expect(easing(-1) == 0)
    #expect(easing(2) == 1)
    var last = 0.0
    for i in 0...1000 {
      let v = easing(Double(i) / 1000)
      #expect(v >= last)
      last = v
    }
  }

  @Test(arguments: curves)
  func slopeIsTheDerivative(easing: Easing) {
    let h = 1e-6
    for t in stride(from: 0.01, through: 0.99, by: 0.07) {
      let numeric = (easing(t + h) - easing(t - h)) / (2 * h)
      #expect(abs(numeric - easing.slope(t)) < 1e-6)
    }
  }

  @Test(arguments: curves, [0, 16, 40, 125, 200])
  func everyEasingKeepsBurstsSound(easing: Easing, spacing: Int) throws {
    var pager = Pager(mode: .looping(count: 7), page: 0, easing: easing)
    var last = pager.position(at: ms(0))
    var travelled = 0.0
    var presses = 0
    var now = ms(0)
    while now < ms(12_000) {
      if presses < 12 && ms(spacing * presses) <= now + frame {
        now = ms(spacing * presses)
        presses += 1
        pager.step(.forward, at: now)
      } else {
        now += frame
      }
      let p = pager.position(at: now)
      let move = loopDelta(p, last, count: 7)
      #expect(move >= -1e-12 && move <= 1, "at \(now)")
      travelled += move
      last = p
      pager.tick(at: now)
    }
    #expect(abs(travelled - 12) < 1e-9)
    #expect(pager.currentPage == 5)
  }

  @Test func memoryIsKeyedByLogicalPage() {
    var memory = PageMemory(default: 0, mode: .looping(count: 7))
    #expect(memory[3] == 0)
    memory[6] = 12
    #expect(memory[-1] == 12)
    memory[7] = 4
    #expect(memory[0] == 4)
    memory[-1] = 0
    #expect(memory[6] == 0)
    #expect(memory.storedPages == [0])
    memory.removeAll()
    #expect(memory == PageMemory(default: 0, mode: .looping(count: 7)))
  }

  @Test func plainMemoryUsesKeysAsGiven() {
    let pager = Pager(mode: .looping(count: 7), page: 0)
    var memory = PageMemory(default: "top")
    memory[pager.logicalPage(7)] = "row 9"
    #expect(memory[0] == "row 9")
    #expect(memory[7] == "top")
    var infinite = PageMemory(default: 1, mode: .infinite)
    infinite[-30] = 2
    #expect(infinite[-30] == 2)
    #expect(infinite[40] == 1)
  }

  @Test func directionHelpers() {
    #expect(Direction.forward.sign == 1)
    #expect(Direction.backward.sign == -1)
    #expect(Direction.forward.reversed == .backward)
    #expect(PagerMode.looping(count: 7).pageCount == 7)
    #expect(PagerMode.infinite.pageCount == nil)
  }
}
