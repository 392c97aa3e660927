import Schedule
import Synchronization
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends notifications: claims each release in the state file, then writes its
/// sequence through the terminal or runs its command.
///
/// The command is started from an argument vector (`Spawn`, never a shell): the
/// program and its words from `notify-command`, then `--`, then the title and the body
/// as two arguments of their own (a title that starts with `-` is no option),
/// detached, its streams on /dev/null; a thread reaps it.
public struct Notifier: Sendable {
  /// The environment a command runs with (and its `PATH`); nil runs no command.
  public var environment: [String: String]?
  /// The releases waiting to be claimed, claimed a batch at a time.
  let claims = ClaimQueue()

  public init(environment: [String: String]? = nil) { self.environment = environment }

  /// Claims `notification`'s release in `store` off the UI thread (`background`),
  /// and posts `.notificationClaimed` when this youbi is the one to announce it, with
  /// the marks on disk after.
  ///
  /// A release is either recorded or not sent. Releases that come while a claim is
  /// under way wait, and are claimed together in one write. A claim that finds the
  /// lock held too long is tried again, never assumed, until youbi quits. Only with
  /// no state file to ask, or one that cannot be written at all (not a lock
  /// held), is a release told unrecorded: better told twice than never.
  public func claim(
    _ notification: Notification, in store: StateStore?, at wall: WallTime,
    on background: Background, post: @escaping @Sendable (AppEvent) -> Void
  ) {
    guard let store else { return post(.notificationClaimed(notification)) }
    guard claims.add(notification, at: wall) else { return }  // the claim under way takes it
    let claims = self.claims
    background.start {
      while let (batch, wall) = claims.next() {
        Self.claim(batch, in: store, at: wall, stopping: { background.isStopping }, post: post)
      }
    }
  }

  /// Claims `batch` in one write, trying again while another youbi holds the lock.
  static func claim(
    _ batch: [Notification], in store: StateStore, at wall: WallTime,
    stopping: () -> Bool, post: (AppEvent) -> Void
  ) {
    while true {
      do {
        let (claimed, synced) = try store.claim(batch.map(\.key), at: wall)
        for notification in batch where claimed.contains(notification.key) {
          post(.notificationClaimed(notification))
        }
        return post(.stateSynced(.success(synced.marks)))
      } catch let error where error.reason == .locked {
        if stopping() { return }  // unrecorded, so unsent: the next youbi tells it
      } catch {
        for notification in batch { post(.notificationClaimed(notification)) }
        return
      }
    }
  }

  /// The releases waiting for a claim, and whether a claim is under way.
  final class ClaimQueue: Sendable {
    private let state = Mutex<(waiting: [Notification], wall: WallTime, busy: Bool)>(
      ([], WallTime(seconds: 0), false))

    /// Adds `notification`; true when no claim is under way, so one must start.
    func add(_ notification: Notification, at wall: WallTime) -> Bool {
      state.withLock { state in
        if !state.waiting.contains(notification) { state.waiting.append(notification) }
        state.wall = wall
        defer { state.busy = true }
        return !state.busy
      }
    }

    /// Everything waiting, and when it was asked; nil (the claim is over) when nothing is.
    func next() -> ([Notification], WallTime)? {
      state.withLock { state in
        guard !state.waiting.isEmpty else {
          state.busy = false
          return nil
        }
        defer { state.waiting = [] }
        return (state.waiting, state.wall)
      }
    }
  }

  /// Sends `notification` by its route.
  public func deliver(_ notification: Notification, on terminal: some Terminal) {
    let route = notification.route
    let sequence: ControlSequence
    switch route.form {
    case .bell: sequence = .bell
    case .osc9: sequence = .osc9(notification.line)
    case .osc777: sequence = .osc777(title: notification.title, body: notification.body)
    case .osc99: sequence = .osc99(title: notification.title, body: notification.body)
    case .command(let words):
      run(words + ["--", notification.title, notification.body])
      return
    }
    terminal.send(route.tmux && route.form != .bell ? sequence.forTmux : sequence)
  }

  /// Starts `arguments` detached, and reaps it on a thread when it ends.
  func run(_ arguments: [String]) {
    guard let environment, let name = arguments.first,
      let path = Spawn.find(name, searchPath: environment["PATH"])
    else { return }
    guard
      case .success(let pid) = Spawn.start(
        path, arguments, environment: environment, mode: .detached)
    else { return }
    Background.reap(pid)
  }
}
