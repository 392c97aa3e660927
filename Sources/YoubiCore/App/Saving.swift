/// When the marks go to disk: a pause after the first change of a burst, one
/// save at a time, another try after a failure, and a last save before quitting.
///
/// All of it is state and deadlines in the core, as the reload debounce is:
/// `update` returns `.save` when one is due and asks to be woken for the next
/// deadline, and the runtime performs each save at once and reports it back
/// as `.stateSaved`.
public struct Saving: Equatable, Sendable {
  /// How long after the first of a burst of changes the save starts: a burst
  /// of key presses is one write.
  public static let debounce = Duration.milliseconds(200)
  /// How long after a failed save it is tried again.
  public static let retry = Duration.seconds(5)
  /// How long a quit waits for the last save before giving up on it.
  public static let quitPatience = Duration.seconds(5)

  /// A quit waiting for the last save.
  public struct Quit: Equatable, Sendable {
    public var status: Int32
    /// When to stop waiting for the save (monotonic).
    public var giveUpAt: Duration
  }

  /// Marks changed since the last save was handed to the runtime.
  public internal(set) var unsaved = false
  /// When the next save is handed over (monotonic); nil: none is pending.
  public internal(set) var due: Duration?
  /// A `.save` is being performed: its `.stateSaved` has not come back.
  public internal(set) var inFlight = false
  /// The quit waiting for the last save, if one is.
  public internal(set) var quitting: Quit?

  /// The last save failed: the next is the retry, or sooner with a new change.
  var retrying = false

  /// The marks changed: they are saved `debounce` after the first change of a
  /// burst (after a failure too, rather than waiting for the retry).
  mutating func changed() {
    unsaved = true
    if retrying {
      retrying = false
      due = nil
    }
  }

  /// Whether to hand a save over at `now`: one is due and none is running.
  mutating func take(at now: Duration) -> Bool {
    if unsaved && due == nil { due = now + (quitting == nil ? Self.debounce : .zero) }
    guard unsaved, !inFlight, let due, due <= now else { return false }
    unsaved = false
    self.due = nil
    inFlight = true
    return true
  }

  /// A save came back; after a failure the marks are saved again `retry` later.
  mutating func finished(failed: Bool, at now: Duration) {
    inFlight = false
    retrying = failed
    if failed {
      unsaved = true
      due = now + Self.retry
    }
  }

  /// Whether quitting now would lose a change: one is unsaved or on its way to disk.
  var isBusy: Bool { unsaved || inFlight }

  /// A quit with `status` that waits for the last save, at most `quitPatience`.
  mutating func quit(_ status: Int32, at now: Duration) {
    quitting = Quit(status: status, giveUpAt: now + Self.quitPatience)
    if unsaved { due = now }
  }

  /// The next moment something is to be done: a save or giving up a quit.
  func deadline(after now: Duration) -> Duration? {
    let save = inFlight ? nil : due.map { max($0, now) }
    return [save, quitting?.giveUpAt].compactMap { $0 }.min()
  }
}

extension Saving {
  /// Nothing changed, nothing pending.
  public static let idle = Saving()
}
