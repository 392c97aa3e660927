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

  /// Runs the app until an update returns `.quit`, performing `initial` first
  /// (such as a background `.load`).
  ///
  /// While something moves the loop waits for input only until the state's
  /// next deadline; when nothing does it blocks, so an idle Youbi uses no CPU.
  /// All input already waiting is handled before a frame is drawn, so a burst
  /// of keys costs one frame, not one per key.
  ///
  /// `loader` reads a schedule for `.load` (the real file loader unless a test
  /// passes its own). `stateStore` is where `.loadState` and `.save` go (nil:
  /// marks live in memory only), `opener` performs `.open` and `fetcher`
  /// `.fetch` (nil: every fetch fails, saying there is no cache); `tmuxClipboardOff`
  /// asks, after a copy, whether the tmux youbi runs in drops it. `watchClock`
  /// starts telling of jumps of the wall clock (`ClockWatcher.start`) and
  /// returns how to stop; each arrives as `.clockChanged`.
  public static func run(
    _ state: inout AppState, on terminal: some Terminal, clock: some AppClock,
    initial: [Effect] = [],
    loader: @escaping @Sendable (String) throws(ScheduleError) -> Schedule = ScheduleLoader.load,
    stateStore: StateStore? = nil, opener: URLOpener? = nil, notifier: Notifier = Notifier(),
    fetcher: Fetcher? = nil, tmuxClipboardOff: (@Sendable () -> Bool)? = nil,
    watchClock: (@escaping @Sendable () -> Void) -> (() -> Void)? = { _ in nil }
  ) -> Outcome {
    let inbox = Inbox()
    let waker = terminal.waker
    var stopWatchingClock: (() -> Void)? = nil
    defer { stopWatchingClock?() }
    /// Runs `work` off the UI thread and hands its events back.
    func background(_ work: @escaping @Sendable () -> [AppEvent]) {
      waker.workStarted()
      startThread {
        for event in work() { inbox.post(event) }
        waker.workEnded()
      }
    }
    var deadline: Duration? = nil
    var now = clock.now()
    var watcher: FileWatcher? = nil
    defer {
      watcher?.stop()
      fetcher?.cancelAll()  // a fetch under way ends with youbi; the cache keeps its old copy
    }
    /// Carries out `effects`; returns the outcome when one of them quits.
    func perform(_ effects: [Effect]) -> Outcome? {
      deadline = nil
      for effect in effects {
        switch effect {
        case .quit(let status, let message):
          return Outcome(status: status, message: message)
        case .wake(let at):
          deadline = at
        case .load(let path, let pages):
          background {
            let result = Result { () throws(ScheduleError) in
              // The parsed week is handed over, not kept: the safe one is made from it
              // as it is let go, so a large file's shows are never held twice.
              let safe: [SafeSchedule]
              if pages.isEmpty {
                safe = SafeSchedule.sections(of: try loader(path))
              } else {
                var read = [try loader(path)]
                for page in pages { read.append(try loader(page)) }
                let merged = Schedule.merging(pages: read)
                read = []
                safe = SafeSchedule.sections(of: consume merged)
              }
              // Folded here, off the UI thread, so the first search never waits on it.
              for schedule in safe { schedule.prepareSearch() }
              return safe
            }
            return [.scheduleLoaded(path: path, result)]
          }
        case .loadState:
          guard let stateStore else { continue }
          background {
            events(of: { () throws(StateFileError) in try stateStore.load() }, AppEvent.stateSynced)
          }
        case .save(let marks):
          // Without a state file the marks live in memory: "saved" at once.
          guard let stateStore else {
            inbox.post(.stateSaved(.success(marks)))
            waker.wake()
            continue
          }
          background {
            events(
              of: { () throws(StateFileError) in try stateStore.save(marks) }, AppEvent.stateSaved)
          }
        case .open(let url):
          URLOpener.open(url, with: opener, on: terminal) { result in
            inbox.post(.urlOpened(result))
            waker.wake()
          }
        case .copy(let text):
          terminal.copyToClipboard(text)
          if let tmuxClipboardOff {
            background { tmuxClipboardOff() ? [.tmuxClipboardOff] : [] }
          }
        case .fetch(let url, let at):
          let waker = terminal.waker
          startThread {
            let outcome =
              fetcher?.fetch(url, at: at)
              ?? .failed(FetchFailure(.other, "no cache to fetch into (set HOME)"))
            inbox.post(.fetched(url, outcome))
            waker.wake()
          }
        case .notify(let notification):
          let waker = terminal.waker
          notifier.claim(notification, in: stateStore, at: now.wall) { event in
            inbox.post(event)
            waker.wake()
          }
        case .deliver(let notification):
          notifier.deliver(notification, on: terminal)
        case .watch(let paths):
          if let watcher, watcher.paths == paths, !paths.isEmpty {
            watcher.rearm()  // the same files: follow where they are now
            continue
          }
          watcher?.stop()
          watcher = nil
          guard !paths.isEmpty else { continue }
          var failures: [String] = []
          watcher = FileWatcher(
            paths: paths,
            report: { changed in
              for path in changed { inbox.post(.fileChanged(path: path)) }
              waker.wake()
            }, failed: { failures.append($0) })
          if !failures.isEmpty {
            inbox.post(.watchFailed(failures.joined(separator: "; ")))
            waker.wake()
          }
        }
      }
      return nil
    }

    now = clock.now()
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
    if let end = perform(start) { return end }
    while true {
      let timeout = deadline.map { max(.zero, $0 - clock.now().uptime) }
      var input = terminal.nextInput(timeout: timeout)
      var handled = 0
      repeat {
        now = clock.now()
        var events: [AppEvent] = []
        switch input {
        case nil:
          if let d = deadline, now.uptime >= d { events = [.timerFired] }
        case .key(let key)?: events = [.keyPressed(key)]
        case .mouse(let mouse)?: events = [.mouse(mouse)]
        case .paste(let text)?: events = [.pasted(text)]
        case .resized(let size)?: events = [.resized(size)]
        case .terminated(let signal)?: events = [.signalled(signal)]
        case .endOfInput?: events = [.inputEnded]
        case .woken?: events = inbox.takeAll()
        }
        for event in events {
          if let end = perform(state.update(event, at: now)) { return end }
        }
        handled += 1
        input = handled < 256 ? terminal.nextInput(timeout: .zero) : nil
      } while input != nil
      terminal.draw(state.render(at: clock.now().uptime))
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

  /// Runs `body` on a new detached background thread with a roomy stack
  /// (parsing nests); if no thread can be made, here and now.
  static func startThread(_ body: @escaping @Sendable () -> Void) {
    if BackgroundThread.start(stackSize: 8 << 20, body) == nil { body() }
  }
}
