/// Timing curve of a slide: maps 0...1 to 0...1.
///
/// The curves are polynomials so that a retargeted slide can add an initial-velocity term
/// (a cubic Hermite blend) and still be proven monotone; see `pushRange`.
public struct Easing: Equatable, Sendable {
  /// The shape of the curve.
  ///
  /// `easeInOut` is smoothstep `3t² − 2t³`; `easeOut` is quadratic `1 − (1 − t)²`.
  public enum Curve: Equatable, Sendable { case linear, easeInOut, easeOut }
  /// Which curve this is.
  public var curve: Curve
  /// An easing with the given curve.
  public init(_ curve: Curve) { self.curve = curve }
  /// Constant speed; mostly for tests and for drivers that animate something else.
  public static let linear = Easing(.linear)
  /// Smoothstep: starts and ends at rest; the default for slides.
  public static let easeInOut = Easing(.easeInOut)
  /// Starts fast and decelerates; suits flick-driven pagers.
  public static let easeOut = Easing(.easeOut)

  /// The eased progress for a time fraction `t`, clamped to 0...1.
  ///
  /// Exactly 0 at 0 and exactly 1 at 1, so a slide starts and ends where it says.
  public func callAsFunction(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    switch curve {
    case .linear: return t
    case .easeInOut: return t * t * (3 - 2 * t)
    case .easeOut: return t * (2 - t)
    }
  }

  /// The derivative of the curve at `t` (progress per unit of time fraction).
  ///
  /// Used to compute the strip's velocity, which a retarget carries into the next slide.
  public func slope(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    switch curve {
    case .linear: return 1
    case .easeInOut: return 6 * t * (1 - t)
    case .easeOut: return 2 * (1 - t)
    }
  }

  /// The allowed range of the normalised Hermite push `u` for this curve.
  ///
  /// A slide is `from + Δ·e(s) + u·Δ·s(1 − s)²`. Its derivative is
  /// `Δ·(e'(s) + u·(1 − s)(1 − 3s))`, which keeps the sign of `Δ` on 0...1 (no overshoot, no
  /// backing up) exactly when `u` lies in this range; the lower bound means "start at rest".
  var pushRange: ClosedRange<Double> {
    switch curve {
    case .linear: return -1...3
    case .easeInOut: return 0...3
    case .easeOut: return -2...1
    }
  }
}
