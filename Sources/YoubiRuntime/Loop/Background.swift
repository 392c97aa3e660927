import Synchronization
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way work starts off the UI thread: loads, saves, fetches, claims and the
/// opener's watch, each counted while it runs.
///
/// The count is told to the terminal's waker (`Waker.workStarted`, `workEnded`), so a
/// test terminal on a simulated clock waits for the work before it moves time on, and
/// the end of each wakes the run loop. Quitting waits a moment for what still runs
/// (`stop(waitingUpTo:)`): a fetch cut short removes its own temporary files.
///
/// Threads that hand nothing back (a reaper waiting for a notify command or a browser
/// to exit, which may be hours) start with `reap(_:)` and are not counted.
public final class Background: Sendable {
  let waker: Waker?
  private let running = Mutex<Int>(0)
  private let stopping = Atomic<Bool>(false)

  /// Work that `waker` hears of; nil: only counted.
  public init(waker: Waker? = nil) { self.waker = waker }

  /// Starts `work` on a new thread with a roomy stack (parsing nests); if no thread
  /// can be made, here and now. `work` hands its results back itself (it posts them);
  /// the waker hears of its end after that.
  public func start(_ work: @escaping @Sendable () -> Void) {
    running.withLock { $0 += 1 }
    waker?.workStarted()
    Self.thread {
      work()
      self.running.withLock { $0 -= 1 }
      self.waker?.workEnded()
    }
  }

  /// How many started works have not ended.
  public var count: Int { running.withLock { $0 } }

  /// Whether youbi is quitting: work that would wait or try again stops.
  public var isStopping: Bool { stopping.load(ordering: .acquiring) }

  /// Youbi is quitting: says so to the work still running and waits for it, up
  /// to `limit` of real time; whether it all ended.
  @discardableResult
  public func stop(waitingUpTo limit: Duration = .seconds(2)) -> Bool {
    stopping.store(true, ordering: .releasing)
    var waited = Duration.zero
    while count > 0 && waited < limit {
      usleep(2_000)
      waited += .milliseconds(2)
    }
    return count == 0
  }

  /// Reaps `pid` on a thread of its own when it exits: nothing comes back, so
  /// nothing waits for it.
  static func reap(_ pid: pid_t) { thread { _ = Spawn.wait(pid) } }

  /// Runs `body` on a new detached thread (8 MiB of stack), or here and now.
  private static func thread(_ body: @escaping @Sendable () -> Void) {
    if BackgroundThread.start(stackSize: 8 << 20, body) == nil { body() }
  }
}
