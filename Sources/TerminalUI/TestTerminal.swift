import Synchronization

/// A headless terminal for tests: scripted input, a manual clock, recorded canvases.
///
/// `nextInput(until:)` returns the next scripted input, advancing the clock to
/// its time; with nothing scripted before the deadline it advances the clock to
/// the deadline and returns nil; with nothing scripted and no deadline the run
/// loop would block forever, so it reports `.terminated(signal: 0)` instead.
/// A wake from another thread is delivered as `.woken` on the next call.
public final class TestTerminal: Terminal {
  public var size: Size
  public private(set) var clock: Duration
  public private(set) var frames: [(time: Duration, canvas: Canvas)] = []
  private var script: [(time: Duration, input: TerminalInput)] = []
  private let wakes = Wakes()

  /// Wake-ups from other threads, counted under a lock.
  private final class Wakes: Sendable {
    let count = Mutex(0)
  }

  public init(size: Size, start: Duration = .zero) {
    self.size = size
    self.clock = start
  }

  /// The last canvas drawn.
  public var screen: Canvas? { frames.last?.canvas }

  /// Queues `input` to arrive at `time` (inputs are delivered in time order).
  public func send(_ input: TerminalInput, at time: Duration) {
    script.append((time, input))
    script.sort { $0.time < $1.time }
  }

  public func draw(_ canvas: Canvas) { frames.append((clock, canvas)) }

  public func nextInput(until deadline: Duration?) -> TerminalInput? {
    let woken = wakes.count.withLock { n in
      defer { n = max(0, n - 1) }
      return n > 0
    }
    if woken { return .woken }
    if let next = script.first, deadline.map({ next.time <= $0 }) ?? true {
      script.removeFirst()
      clock = max(clock, next.time)
      if case .resized(let s) = next.input { size = s }
      return next.input
    }
    guard let deadline else { return .terminated(signal: 0) }
    clock = max(clock, deadline)
    return nil
  }

  public func now() -> Duration { clock }
  public var waker: Waker {
    let wakes = self.wakes
    return Waker { wakes.count.withLock { $0 += 1 } }
  }
}
