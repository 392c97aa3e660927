import Synchronization
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A headless terminal for tests: scripted input, a manual clock, recorded canvases.
///
/// Its `clock` is the monotonic time of the simulated world: `nextInput(timeout:)`
/// returns the next scripted input due within the timeout, advancing the clock
/// to its time; with nothing due it advances the clock by the timeout and
/// returns nil. With nothing scripted and no timeout the run loop would block
/// for ever, so it reports `.endOfInput`. A wake from another thread is
/// delivered as `.woken` on the next call. Work the run loop started on
/// another thread (a load, a save) takes no simulated time: while any is
/// running, the next call waits for it in real time (at most `workLimit`) before
/// the clock moves, so results arrive at the same simulated moment every run. Past `timeLimit` of simulated time
/// it reports `.endOfInput` too, so a run that never settles ends as a failed
/// test instead of running (and drawing) for ever.
public final class TestTerminal: Terminal {
  public var size: Size
  public private(set) var clock: Duration
  public private(set) var frames: [(time: Duration, canvas: Canvas)] = []
  /// What `copyToClipboard` was asked to copy, in order.
  public private(set) var clipboard: [String] = []
  /// The control sequences sent (notifications, the bell), in order.
  public private(set) var sequences: [ControlSequence] = []
  /// How many times the terminal was handed over to another program.
  public private(set) var handOvers = 0
  /// The simulated time after which input ends, whatever is scripted.
  public var timeLimit: Duration = .seconds(3600)
  /// How long, in real time, to wait for work on another thread to end.
  public var workLimit: Duration = .seconds(30)
  private var script: [(time: Duration, input: TerminalInput)] = []
  private let wakes = Wakes()

  /// Wake-ups from other threads and the work still running there, counted under a lock.
  private final class Wakes: Sendable {
    let count = Mutex(0)
    let working = Mutex(0)
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

  /// Moves the clock on by `interval`, as if the program had been busy that long.
  public func advance(by interval: Duration) { clock += interval }

  public func draw(_ canvas: Canvas) { frames.append((clock, canvas)) }

  public func nextInput(timeout: Duration?) -> TerminalInput? {
    // At least `workLimit` in real time, a millisecond a nap (no clock: youbi's targets
    // import no _Concurrency, where the standard clocks live).
    var waited = Duration.zero
    while wakes.working.withLock({ $0 }) > 0 && waited < workLimit {
      usleep(1_000)
      waited += .milliseconds(1)
    }
    let woken = wakes.count.withLock { n in
      defer { n = max(0, n - 1) }
      return n > 0
    }
    if woken { return .woken }
    if clock > timeLimit { return .endOfInput }
    let deadline = timeout.map { clock + max(.zero, $0) }
    if let next = script.first, deadline.map({ next.time <= $0 }) ?? true {
      script.removeFirst()
      clock = max(clock, next.time)
      if case .resized(let s) = next.input { size = s }
      return next.input
    }
    guard let deadline else { return .endOfInput }
    clock = max(clock, deadline)
    return nil
  }

  public var waker: Waker {
    let wakes = self.wakes
    return Waker(
      { wakes.count.withLock { $0 += 1 } }, started: { wakes.working.withLock { $0 += 1 } },
      ended: { wakes.working.withLock { $0 -= 1 } })
  }

  public func copyToClipboard(_ text: String) { clipboard.append(text) }

  public func send(_ sequence: ControlSequence) { sequences.append(sequence) }

  public func handOver(_ body: () -> Void) {
    handOvers += 1
    body()
  }
}
