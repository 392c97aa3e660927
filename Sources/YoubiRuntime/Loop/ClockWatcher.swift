import CTimerFD
import YoubiCore

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when the wall clock jumps: it was set (NTP, `date -s`), or the machine
/// woke from sleep.
///
/// The run loop sleeps until its next deadline on the monotonic clock, which
/// neither a clock step nor a suspend moves: without a word from the kernel,
/// today's tab and a countdown stayed stale until that deadline (a minute with a
/// countdown on screen, hours without). A `CLOCK_REALTIME` timerfd armed with
/// `TFD_TIMER_CANCEL_ON_SET` far in the future is cancelled whenever the clock
/// is set, and on resume (Linux treats a resume as a set); its read then fails
/// with `ECANCELED`, the thread reports, arms it again and waits on.
///
/// One thread sleeps in `poll` on the timer and a stop pipe: no CPU meanwhile.
public final class ClockWatcher: @unchecked Sendable {
  private let timer: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  private var thread: pthread_t?

  /// Starts watching; `changed` is called on the watcher's thread after each jump.
  /// Nil where the system has no such timer (then only the deadlines wake youbi).
  public init?(changed: @escaping @Sendable () -> Void) {
    let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
    guard fd >= 0 else { return nil }
    var pipeFDs: [Int32] = [-1, -1]
    guard pipe(&pipeFDs) == 0 else {
      close(fd)
      return nil
    }
    for p in pipeFDs { _ = fcntl(p, F_SETFD, FD_CLOEXEC) }
    guard Self.arm(fd) else {
      close(fd)
      for p in pipeFDs { close(p) }
      return nil
    }
    (timer, stopRead, stopWrite) = (fd, pipeFDs[0], pipeFDs[1])
    let stop = stopRead
    thread = BackgroundThread.start(joinable: true) {
      Self.run(timer: fd, stop: stop, changed: changed)
    }
    if thread == nil {
      close(fd)
      for p in pipeFDs { close(p) }
      return nil
    }
  }

  /// Stops the thread and waits for it, then closes the descriptors.
  public func stop() {
    guard let thread else { return }
    self.thread = nil
    var byte: UInt8 = 1
    while write(stopWrite, &byte, 1) < 0 && errno == EINTR {}
    pthread_join(thread, nil)
    close(timer)
    close(stopRead)
    close(stopWrite)
  }

  deinit { stop() }

  /// Arms `fd` to expire a year from now, cancelled by any set of the clock.
  private static func arm(_ fd: Int32) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var spec = itimerspec()
    spec.it_value = timespec(tv_sec: now.tv_sec + 366 * 86_400, tv_nsec: 0)
    return timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
      == 0
  }

  private static func run(timer: Int32, stop: Int32, changed: @Sendable () -> Void) {
    while true {
      guard let stopped = BackgroundThread.waitForReading(timer, or: stop), !stopped else {
        return
      }
      var expirations: UInt64 = 0
      let n = read(timer, &expirations, 8)
      if n < 0 && errno == EAGAIN { continue }
      // ECANCELED: the clock was set. An expiry (a year on) is only re-armed.
      let jumped = n < 0 && errno == ECANCELED
      guard arm(timer) else { return }
      if jumped { changed() }
    }
  }
}

extension ClockWatcher {
  /// What `RunLoop.run` takes as `watchClock`: a watcher of the system's clock,
  /// and how to stop it (nil when there is none).
  public static func start(_ changed: @escaping @Sendable () -> Void) -> (() -> Void)? {
    guard let watcher = ClockWatcher(changed: changed) else { return nil }
    return { watcher.stop() }
  }
}
