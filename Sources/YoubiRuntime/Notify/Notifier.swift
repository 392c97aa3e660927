import Schedule
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
/// program and its words from `notify-command`, then the title and the body as two
/// arguments of their own, detached, its streams on /dev/null; a thread reaps it.
public struct Notifier: Sendable {
  /// The environment a command runs with (and its `PATH`); nil runs no command.
  public var environment: [String: String]?

  public init(environment: [String: String]? = nil) { self.environment = environment }

  /// Claims `notification`'s release in `store` off the UI thread, and posts
  /// `.notificationClaimed` when this youbi is the one to announce it (or there is no
  /// state file to ask: better told twice than never), with the marks on disk after.
  public func claim(
    _ notification: Notification, in store: StateStore?, at wall: WallTime,
    post: @escaping @Sendable (AppEvent) -> Void
  ) {
    guard let store else { return post(.notificationClaimed(notification)) }
    RunLoop.startThread {
      do {
        let (claimed, synced) = try store.claim(notification.key, at: wall)
        if claimed { post(.notificationClaimed(notification)) }
        post(.stateSynced(.success(synced.marks)))
      } catch {
        post(.notificationClaimed(notification))
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
      run(words + [notification.title, notification.body])
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
    RunLoop.startThread { _ = Spawn.wait(pid) }
  }
}
