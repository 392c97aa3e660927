import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex with a condition variable whose timed waits use the monotonic
/// clock (`Monotonic.now`), so setting the wall clock never stretches a wait.
///
/// `Synchronization.Mutex` has no condition variable; the saver needs one to
/// sleep until a change arrives or its debounce or retry time comes.
final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    #if os(Linux)
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      pthread_cond_init(condition, &attributes)
      pthread_condattr_destroy(&attributes)
    #else
      pthread_cond_init(condition, nil)
    #endif
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }

  /// Releases the lock until `broadcast` or `deadline` (nil: no limit), then
  /// takes it again. Call only holding the lock; wake-ups may be spurious.
  func wait(until deadline: Duration?) {
    guard let deadline else {
      pthread_cond_wait(condition, mutex)
      return
    }
    #if os(Linux)
      let (seconds, attoseconds) = deadline.components
      var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      pthread_cond_timedwait(condition, mutex, &ts)
    #else
      let (seconds, attoseconds) = max(.zero, deadline - Monotonic.now).components
      var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      pthread_cond_timedwait_relative_np(condition, mutex, &ts)
    #endif
  }

  /// Wakes every waiter. Call holding the lock.
  func broadcast() { pthread_cond_broadcast(condition) }
}
