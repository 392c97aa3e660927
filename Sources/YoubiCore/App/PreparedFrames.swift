import TerminalUI

/// The first frames of the keys most likely next, made while the run loop waits, so
/// that a swipe's first frame goes out as soon as its key is read.
///
/// A swipe's first frame is drawn at the instant of its key, where the slide has not
/// moved yet: the columns are where they were, the selection has moved on. Worked out
/// beforehand from the same state, it is the same canvas, cell for cell, as long as
/// nothing happened in between and the picture did not change by itself. So a frame
/// is held for the state it was made from (any event discards it, `discard()`) and
/// until that state's wake or the key's next change by itself (a countdown, the day, a
/// notice: `nextDeadline(frames: false)`), whichever is first.
///
/// The run loop still handles the key as always and draws the frame it asks for next,
/// so the frame prepared is only ever a head start: the state is what it always was.
public struct PreparedFrames {
  /// The keys a frame is prepared for, each with the keys that do the same.
  static let keys: [[Key]] = [[.right, .char("l")], [.left, .char("h")]]

  private var frames: [(keys: [Key], canvas: Canvas)] = []
  /// When the frames stop being what their keys would show (nil: not by themselves).
  private var until: Duration? = nil

  public init() {}

  public var isEmpty: Bool { frames.isEmpty }

  /// Makes the frames from `state` as it is at `now`, `wake` being when it asked to be
  /// woken (its picture may change then); while something moves (a slide, a drag, the
  /// spinner) there are none, its next frame being due anyway.
  public mutating func prepare(from state: AppState, at now: Moment, wake: Duration?) {
    discard()
    guard !state.isMoving else { return }
    var until = wake
    for keys in Self.keys {
      var next = state
      _ = next.update(.keyPressed(keys[0]), at: now)
      if let still = next.nextDeadline(after: now.uptime, frames: false) {
        until = min(until ?? still, still)
      }
      frames.append((keys, next.render(at: now.uptime)))
    }
    self.until = until
  }

  /// The frame prepared for `key` pressed at `now`, if there is one and it still holds.
  public func frame(for key: Key, at now: Duration) -> Canvas? {
    if let until, now >= until { return nil }
    return frames.first { $0.keys.contains(key) }?.canvas
  }

  /// Forgets the frames: the state they were made from has changed.
  public mutating func discard() {
    frames.removeAll()
    until = nil
  }
}
