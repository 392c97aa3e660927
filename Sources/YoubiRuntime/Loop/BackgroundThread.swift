import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads for work off the UI thread: loads, saves, the file watcher, the
/// browser's reaper.
///
/// Every one starts with every signal blocked, so signals (SIGWINCH, SIGTSTP,
/// SIGTERM…) are handled on the UI thread, never in the middle of a parse or
/// a write.
enum BackgroundThread {
  /// Starts `body` on a new thread with a `stackSize`-byte stack (the
  /// system's default when nil): detached, or joinable when `joinable`.
  /// Returns the thread, or nil when none could be made (`body` is dropped).
  @discardableResult
  static func start(
    stackSize: Int? = nil, joinable: Bool = false, _ body: @escaping @Sendable () -> Void
  ) -> pthread_t? {
    final class Box: Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    pthread_attr_setdetachstate(
      &attributes, Int32(joinable ? PTHREAD_CREATE_JOINABLE : PTHREAD_CREATE_DETACHED))
    var all = sigset_t()
    var saved = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let started = pthread_create(
      &thread, &attributes,
      { raw in
        Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<Box>.fromOpaque(box).release()
      return nil
    }
    return thread
  }

  /// A watcher thread's sleep: until `fd` or `control` can be read, through
  /// signals. Nil when `poll` fails, else whether `control` can be read.
  static func waitForReading(_ fd: Int32, or control: Int32) -> Bool? {
    var fds = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: control, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&fds, 2, -1) < 0 {
      if errno != EINTR { return nil }
    }
    return fds[1].revents != 0
  }
}
