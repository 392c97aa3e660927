import PagerCore
import TestSupport
import Testing

/// Milliseconds since the test's arbitrary time origin.
func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// One 60 fps frame.
let frame = Duration.nanoseconds(16_666_667)

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
