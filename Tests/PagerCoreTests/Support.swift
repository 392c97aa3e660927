import PagerCore
import Testing

/// Milliseconds since the test's arbitrary time origin.
func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// One 60 fps frame.
let frame = Duration.nanoseconds(16_666_667)

/// A small seeded generator (SplitMix64) so random tests replay from their seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// `a - b` wrapped into `-n/2 ..< n/2`: the move between two looping positions.
func loopDelta(_ a: Double, _ b: Double, count n: Int) -> Double {
  let n = Double(n)
  var d = (a - b).truncatingRemainder(dividingBy: n)
  if d >= n / 2 { d -= n }
  if d < -n / 2 { d += n }
  return d
}

func wrap(_ page: Int, _ n: Int) -> Int { ((page % n) + n) % n }

/// Asserts that `pager` breaks none of its invariants at `now`.
func expectSound(
  _ pager: Pager, at now: Duration, sourceLocation: SourceLocation = #_sourceLocation
) {
  let problems = pager.checkInvariants(at: now)
  #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
}
