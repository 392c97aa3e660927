import YoubiCore

/// Loads and saves marks on a thread of its own, so the UI never waits for the disk.
///
/// `save` hands over the latest marks and returns at once. The first change
/// after a quiet spell is written `debounce` later, so a burst of key presses
/// is one write, and every change is on disk within `debounce` plus one write
/// (well under a second). A failed save (read-only or full disk, a lock held
/// too long) is reported and tried again `retry` later, or sooner with the
/// next change; `finish` writes whatever is pending at once and waits for it,
/// so every way out of the run loop saves first.
///
/// Results come back through `post` as `.stateSynced` (and
/// `.stateFileMovedAside`) events. The thread exists only while there is
/// work, so an idle saver costs nothing and leaves nothing running.
public final class StateSaver: @unchecked Sendable {
  public struct Timing: Sendable {
    /// How long after the first of a burst of changes the write starts.
    public var debounce: Duration
    /// How long after a failure the save is tried again.
    public var retry: Duration
    /// How long `finish` waits for the last write.
    public var finishTimeout: Duration

    public init(
      debounce: Duration = .milliseconds(200), retry: Duration = .seconds(5),
      finishTimeout: Duration = .seconds(5)
    ) {
      self.debounce = debounce
      self.retry = retry
      self.finishTimeout = finishTimeout
    }
  }

  private let store: StateStore
  private let timing: Timing
  private let post: @Sendable (AppEvent) -> Void
  private let monitor = Monitor()
  // Everything below is guarded by `monitor`.
  private var pending: Marks?
  /// When the pending save may start (monotonic).
  private var due: Duration = .zero
  private var loadRequested = false
  private var running = false
  private var finishing = false
  private var lastError: StateFileError?

  public init(
    store: StateStore, timing: Timing = Timing(),
    post: @escaping @Sendable (AppEvent) -> Void
  ) {
    self.store = store
    self.timing = timing
    self.post = post
  }

  /// Reads the state file; the marks arrive as `.stateSynced`.
  public func load() {
    monitor.locked {
      loadRequested = true
      startIfIdle()
    }
  }

  /// Saves `marks` (merged with the file) soon; the merged marks arrive as `.stateSynced`.
  public func save(_ marks: Marks) {
    monitor.locked {
      if pending == nil && due <= Monotonic.now { due = Monotonic.now + timing.debounce }
      pending = marks
      startIfIdle()
    }
  }

  /// Writes what is pending now and waits for it (at most `finishTimeout`).
  ///
  /// Returns why the marks may not be on disk, or nil when they are.
  @discardableResult
  public func finish() -> StateFileError? {
    monitor.locked {
      finishing = true
      monitor.broadcast()
      let deadline = Monotonic.now + timing.finishTimeout
      while running && Monotonic.now < deadline { monitor.wait(until: deadline) }
      if running || pending != nil {
        return lastError
          ?? StateFileError(.locked, "marks not saved: the last save did not finish in time")
      }
      return lastError
    }
  }

  /// Starts the worker when it is not running. Call holding the lock.
  private func startIfIdle() {
    monitor.broadcast()
    guard !running else { return }
    running = true
    RunLoop.startThread { [self] in work() }
  }

  /// The worker: loads and saves until nothing is left, then ends.
  private func work() {
    var events: [AppEvent] = []
    monitor.locked {
      while true {
        if !events.isEmpty {
          let batch = events
          events = []
          unlocked { batch.forEach(post) }
          continue
        }
        if loadRequested {
          loadRequested = false
          let result = unlocked { () -> Result<StateStore.Synced, StateFileError> in
            Result { () throws(StateFileError) in try store.load() }
          }
          events = report(result)
          continue
        }
        guard let marks = pending else { break }
        let now = Monotonic.now
        if !finishing && now < due {
          monitor.wait(until: due)
          continue
        }
        pending = nil
        let result = unlocked { () -> Result<StateStore.Synced, StateFileError> in
          Result { () throws(StateFileError) in try store.save(marks) }
        }
        events = report(result)
        if case .failure = result, !finishing {
          // Try again later; a newer change, if any, already holds these marks.
          if pending == nil { pending = marks }
          due = Monotonic.now + timing.retry
        }
      }
      running = false
      monitor.broadcast()
    }
  }

  /// The events for a load or save result; records the error. Call holding the lock.
  private func report(_ result: Result<StateStore.Synced, StateFileError>) -> [AppEvent] {
    switch result {
    case .success(let synced):
      lastError = nil
      return (synced.movedAside.map { [.stateFileMovedAside(to: $0)] } ?? [])
        + [.stateSynced(.success(synced.marks))]
    case .failure(let error):
      lastError = error
      return [.stateSynced(.failure(error))]
    }
  }

  /// Runs `body` with the lock released. Call holding the lock.
  private func unlocked<T>(_ body: () -> T) -> T {
    monitor.unlock()
    defer { monitor.lock() }
    return body()
  }
}
