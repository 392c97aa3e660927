import Schedule
import Synchronization
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#endif

/// Events that effects running on other threads hand back to the run loop.
final class Inbox: Sendable {
  private let events = Mutex<[AppEvent]>([])
  func post(_ event: AppEvent) { events.withLock { $0.append(event) } }
  func takeAll() -> [AppEvent] {
    events.withLock { e in
      defer { e.removeAll() }
      return e
    }
  }
}

/// Drives an `AppState` on a terminal until the state says to quit.
///
/// The loop decides nothing: it turns input into events, hands them to
/// `update`, carries out the effects it returns (feeding their results back
/// as events), and draws after each batch. Time comes from the injected
/// clock, so a test drives a whole run with a scripted terminal.
public enum RunLoop {
  /// How a run ended: the exit status and, for an error, one line for standard error.
  public struct Outcome: Equatable, Sendable {
    public var status: Int32
    public var message: String?
  }

  /// Reads the schedule at a path for `.load`, placed on the local calendar within the
  /// horizon given (`Horizon()`: the start's, `Placement`).
  public typealias Loader = @Sendable (String, Horizon) throws(ScheduleError) -> Schedule

  /// Runs the app until an update returns `.quit`, performing `initial` first
  /// (such as a background `.load`).
  ///
  /// The loop waits for input until the state's next deadline (every update names
  /// one): a frame while something moves, else the next change that comes by itself,
  /// minutes or hours away, so an idle Youbi uses no CPU.
  /// All input already waiting is handled before a frame is drawn, so a burst
  /// of keys costs one frame, not one per key.
  ///
  /// `loader` reads a schedule for `.load`, placed within the horizon it names (the real
  /// file loader, placed around today, unless a test passes its own). `stateStore` is where `.loadState` and `.save` go (nil:
  /// marks live in memory only), `opener` performs `.open` and `fetcher`
  /// `.fetch` (nil: every fetch fails, saying there is no cache); `tmuxClipboardOff`
  /// asks, after a copy, whether the tmux youbi runs in drops it; `syncer` carries out
  /// `.sync` (nil: progress is not written back), and sends what an earlier run left
  /// queued. `referenceLoader` carries out `.loadReferences` (nil: there are none).
  /// `watchClock`
  /// starts telling of jumps of the wall clock (`ClockWatcher.start`) and
  /// returns how to stop; each arrives as `.clockChanged`.
  public static func run(
    _ state: inout AppState, on terminal: some Terminal, clock: some AppClock,
    initial: [Effect] = [],
    loader: @escaping Loader = { path, _ throws(ScheduleError) in
      try ScheduleLoader.load(path: path)
    },
    stateStore: StateStore? = nil, opener: URLOpener? = nil, notifier: Notifier = Notifier(),
    fetcher: Fetcher? = nil, tmuxClipboardOff: (@Sendable () -> Bool)? = nil,
    syncer: Syncer? = nil, referenceLoader: (@Sendable () -> [String])? = nil,
    watchClock: (@escaping @Sendable () -> Void) -> (() -> Void)? = { _ in nil }
  ) -> Outcome {
    let effects = EffectRunner(
      terminal: terminal, loader: loader, stateStore: stateStore, opener: opener,
      notifier: notifier, fetcher: fetcher, tmuxClipboardOff: tmuxClipboardOff, syncer: syncer)
    effects.referenceLoader = referenceLoader
    let (inbox, waker) = (effects.inbox, terminal.waker)
    var stopWatchingClock: (() -> Void)? = nil
    defer {
      stopWatchingClock?()
      effects.finish()
    }
    var now = clock.now()
    // One path for every size change, the first one included.
    let start = initial + state.update(.resized(terminal.size), at: now)
    // The first frame goes out before the effects start threads and watches:
    // none of them changes what it shows, and the week is on screen sooner.
    if !start.contains(where: { if case .quit = $0 { true } else { false } }) {
      terminal.draw(state.render(at: now.uptime))
    }
    // A jump of the wall clock wakes the loop at once, not at its next deadline
    // (its watch is a thread too: started behind the first frame).
    stopWatchingClock = watchClock {
      inbox.post(.clockChanged)
      waker.wake()
    }
    if let end = effects.perform(start, now: now) { return end }
    effects.sweep()
    effects.sendQueuedProgress()  // what a killed youbi left queued
    var prepared = PreparedFrames()
    while true {
      var input = nextInput(on: terminal, clock: clock, deadline: effects.deadline) {
        prepared.prepare(from: state, at: clock.now(), wake: effects.deadline)
      }
      // A swipe's first frame, made while waiting, goes out before anything else.
      if case .key(let key)? = input, let frame = prepared.frame(for: key, at: clock.now().uptime) {
        terminal.draw(frame)
      }
      prepared.discard()
      var handled = 0
      repeat {
        now = clock.now()
        for event in events(of: input, now: now, deadline: effects.deadline, inbox: inbox) {
          if let end = effects.perform(state.update(event, at: now), now: now) { return end }
        }
        handled += 1
        input = handled < 256 ? terminal.nextInput(timeout: .zero) : nil
      } while input != nil
      terminal.draw(state.render(at: clock.now().uptime))
    }
  }

  /// How long a wait must have been quiet before the frames of the next keys are made:
  /// longer than keys held down repeat, so a burst of them costs no frame of its own.
  static let quietBeforePreparing = Duration.milliseconds(60)

  /// Waits for the next input until `deadline`; once a long wait has been quiet for
  /// `quietBeforePreparing`, runs `prepare` and waits on.
  static func nextInput(
    on terminal: some Terminal, clock: some AppClock, deadline: Duration?, prepare: () -> Void
  ) -> TerminalInput? {
    let quiet = quietBeforePreparing
    var timeout = deadline.map { max(.zero, $0 - clock.now().uptime) }
    guard timeout.map({ $0 > quiet * 2 }) ?? true else {
      return terminal.nextInput(timeout: timeout)
    }
    if let input = terminal.nextInput(timeout: quiet) { return input }
    prepare()
    timeout = deadline.map { max(.zero, $0 - clock.now().uptime) }
    return terminal.nextInput(timeout: timeout)
  }

  /// The events one input makes: none when the wait timed out before the deadline.
  static func events(
    of input: TerminalInput?, now: Moment, deadline: Duration?, inbox: Inbox
  ) -> [AppEvent] {
    switch input {
    case nil:
      if let d = deadline, now.uptime >= d { return [.timerFired] }
      return []
    case .key(let key)?: return [.keyPressed(key)]
    case .mouse(let mouse)?: return [.mouse(mouse)]
    case .paste(let text)?: return [.pasted(text)]
    case .resized(let size)?: return [.resized(size)]
    case .terminated(let signal)?: return [.signalled(signal)]
    case .endOfInput?: return [.inputEnded]
    case .woken?: return inbox.takeAll()
    }
  }

  /// The events for a load or save of the state file: where an unreadable
  /// file was moved, then the marks on disk (as `report` names them) or why not.
  static func events(
    of access: () throws(StateFileError) -> StateStore.Synced,
    _ report: (Result<Marks, StateFileError>) -> AppEvent
  ) -> [AppEvent] {
    do {
      let synced = try access()
      return (synced.movedAside.map { [.stateFileMovedAside(to: $0)] } ?? [])
        + [report(.success(synced.marks))]
    } catch {
      return [report(.failure(error))]
    }
  }
}
