/// One time-based move of the strip: `(from, to, start, duration, easing)` plus a push.
///
/// `from` is in the pager's raw coordinates, which may lie outside the strip after a looping
/// re-base (the pager wraps them for display); `to` is always a strip index. The push is the
/// Hermite initial-velocity term, in pages, that lets a retarget keep the strip's speed.
struct Slide: Equatable, Sendable {
  var from: Double
  var to: Int
  var start: Duration
  var duration: Duration
  var push: Double
  var easing: Easing

  var end: Duration { start + duration }

  /// Time fraction 0...1 at `now`.
  func progress(at now: Duration) -> Double {
    if now <= start { return 0 }
    if now >= end { return 1 }
    return now.seconds(since: start) / duration.secondsValue
  }

  /// Raw position at `now`, quantised to the 2⁻³² grid (see `quantised`).
  func rawPosition(at now: Duration) -> Double {
    if now >= end { return Double(to) }
    let s = progress(at: now)
    let delta = Double(to) - from
    let g = s * (1 - s) * (1 - s)
    return (from + delta * easing(s) + push * g).quantised
  }

  /// Velocity in pages per second at `now`; zero once the slide has ended.
  func velocity(at now: Duration) -> Double {
    if now >= end || now < start { return now < start ? velocityAtStart : 0 }
    let s = progress(at: now)
    let delta = Double(to) - from
    return (delta * easing.slope(s) + push * (1 - s) * (1 - 3 * s)) / duration.secondsValue
  }

  private var velocityAtStart: Double {
    ((Double(to) - from) * easing.slope(0) + push) / duration.secondsValue
  }

  /// The push that makes a slide over `delta` pages lasting `duration` start at `velocity`
  /// (pages per second), clamped so the slide stays monotone towards its target.
  ///
  /// Without a velocity towards the target (at rest, or reversing) there is no push and the
  /// slide follows its easing curve as configured: the strip may change speed abruptly on a
  /// reversal, but never moves away from where it is going.
  static func push(
    velocity: Double, delta: Double, duration: Duration, easing: Easing
  ) -> Double {
    guard delta != 0, velocity.isFinite, velocity * delta > 0 else { return 0 }
    let u = velocity * duration.secondsValue / delta - easing.slope(0)
    let range = easing.pushRange
    return delta * min(max(u, range.lowerBound), range.upperBound)
  }
}

extension Double {
  /// This value rounded to a multiple of 2⁻³².
  ///
  /// Positions on this grid survive a shift by a whole number of pages exactly (for
  /// magnitudes below 2²⁰), so a looping re-base can never move a column by rounding noise.
  var quantised: Double {
    let scale = 4_294_967_296.0
    guard abs(self) < 1_048_576 else { return self }
    return (self * scale).rounded() / scale
  }
}

extension Duration {
  /// This duration in seconds as a `Double`.
  public var secondsValue: Double {
    // Spans under ~9 s (every slide) fit in 64 bits of attoseconds: a cheap conversion.
    if let small = Int64(exactly: attoseconds) { return Double(small) * 1e-18 }
    let (s, atto) = components
    return Double(s) + Double(atto) * 1e-18
  }

  /// Seconds from `origin` to `self`, computed on the difference to keep precision.
  func seconds(since origin: Duration) -> Double {
    (self - origin).secondsValue
  }

  /// A duration of `seconds` seconds (finite, non-negative input expected).
  static func fromSeconds(_ seconds: Double) -> Duration {
    guard seconds.isFinite, seconds > 0 else { return .zero }
    return .nanoseconds(Int64((seconds * 1e9).rounded(.up)))
  }
}
