import Synchronization
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// How a run ended.
public enum RunOutcome: Equatable, Sendable {
  /// The user quit (or a signal asked us to); exit with this status.
  case quit(status: Int32)
  /// The schedule could not be loaded after the UI had started.
  case loadFailed(ScheduleError)
}

/// A one-slot mailbox a loader thread fills and the run loop empties.
final class Mailbox<Value: Sendable>: Sendable {
  private let slot = Mutex<Value?>(nil)
  func put(_ value: Value) { slot.withLock { $0 = value } }
  func take() -> Value? {
    slot.withLock { v in
      defer { v = nil }
      return v
    }
  }
}

/// Drives an `AppState` on a terminal until the user quits.
public enum RunLoop {
  /// Runs the app. When `load` is given, it runs on its own thread while the UI
  /// shows a spinner, so the first frame never waits for the schedule.
  ///
  /// While a slide runs the loop waits for input with a timeout up to the next
  /// frame; when nothing moves it blocks, so an idle Youbi uses no CPU. All input
  /// that is already waiting is handled before a frame is drawn, so a burst of
  /// keys costs one frame, not one per key.
  public static func run(
    _ state: inout AppState, on terminal: some Terminal,
    load: (@Sendable () -> Result<Schedule, ScheduleError>)? = nil
  ) -> RunOutcome {
    let mailbox = Mailbox<Result<SafeSchedule, ScheduleError>>()
    if let load {
      let waker = terminal.waker
      startThread {
        mailbox.put(load().map(SafeSchedule.init))
        waker.wake()
      }
    }
    var now = terminal.now()
    _ = state.update(.resized(terminal.size), at: now)  // one path for every size change
    terminal.draw(state.render(at: now))
    while true {
      var input = terminal.nextInput(until: state.nextFrame(after: now))
      var handled = 0
      repeat {
        now = terminal.now()
        let event: AppEvent
        switch input {
        case nil: event = .frameTicked
        case .key(let key)?: event = .keyPressed(key)
        case .mouse(let mouse)?: event = .mouse(mouse)
        case .resized(let size)?: event = .resized(size)
        case .terminated(let signal)?: return .quit(status: 128 + signal)
        case .woken?:
          switch mailbox.take() {
          case .success(let schedule)?: event = .scheduleLoaded(schedule)
          case .failure(let error)?: return .loadFailed(error)
          case nil: event = .frameTicked
          }
        }
        for effect in state.update(event, at: now) {
          if case .quit(let status) = effect { return .quit(status: status) }
        }
        handled += 1
        input = handled < 256 ? terminal.nextInput(until: now) : nil
      } while input != nil
      now = terminal.now()
      terminal.draw(state.render(at: now))
    }
  }

  /// Runs `body` on a new detached thread with a roomy stack (parsing nests).
  ///
  /// The thread starts with every signal blocked, so signals (SIGWINCH,
  /// SIGTSTP, SIGTERM…) are handled on the UI thread, never in the middle of a
  /// parse. If no thread can be made, the body runs here and now.
  private static func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, 8 << 20)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
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
    if started != 0 {
      Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
    }
  }
}
