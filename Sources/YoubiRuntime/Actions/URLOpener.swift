import Posix
import Schedule
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a checked URL in a browser: `$BROWSER`, else `xdg-open` (`open` on macOS).
///
/// The URL is one element of an argument vector given to `posix_spawn`; no
/// shell ever sees it. A graphical opener runs detached (its own session,
/// standard streams on /dev/null) and a thread reaps it, so the UI never
/// waits: when it fails within `patience` (xdg-open finding no browser exits
/// at once) the failure is reported, else "opened". A terminal browser gets
/// the terminal through `Terminal.handOver` and youbi waits for it, as git
/// waits for an editor.
public struct URLOpener: Sendable {
  /// The environment the opener reads (`BROWSER`, `PATH`) and the browser gets.
  public let environment: [String: String]
  /// How long a detached opener has to fail before the link counts as opened.
  public var patience: Duration = .seconds(3)
  /// Where the patience is measured.
  public let clock: any AppClock

  public init(environment: [String: String], clock: any AppClock) {
    self.environment = environment
    self.clock = clock
  }

  /// Opens `url`; `report` gets the result once, now or later, on any thread.
  public func open(
    _ url: WebURL, on terminal: some Terminal,
    report: @escaping @Sendable (Result<WebURL, OpenFailure>) -> Void
  ) {
    var problems: [String] = []
    for command in BrowserCommand.commands(environment: environment) {
      let name = command.words[0]
      guard let path = Spawn.find(name, searchPath: environment["PATH"]) else {
        problems.append("\(command.programName) not found")
        continue
      }
      let arguments = command.arguments(for: url)
      if command.runsInTerminal {
        var ended: Result<Spawn.Exit, Spawn.Failure> = .failure(Spawn.Failure(code: 0))
        terminal.handOver {
          ended = Spawn.start(path, arguments, environment: environment, mode: .inTerminal)
            .map(Spawn.wait)
        }
        switch ended {
        case .success(let exit): report(Self.result(url, command, exit))
        case .failure(let failure): report(.failure(Self.failure(command, errno: failure.code)))
        }
        return
      }
      switch Spawn.start(path, arguments, environment: environment, mode: .detached) {
      case .failure(let failure):
        problems.append("\(command.programName): \(Errno.describe(failure.code))")
      case .success(let pid):
        let patience = patience
        RunLoop.startThread { [clock] in
          Self.watch(pid, url, command, patience: patience, clock: clock, report: report)
        }
        return
      }
    }
    let hint = environment["BROWSER"] == nil ? " (set BROWSER)" : ""
    report(
      .failure(OpenFailure("cannot open the link: \(problems.joined(separator: ", "))\(hint)")))
  }

  /// Opens `url` with `opener`; with none (a run that was given no
  /// environment, such as a test) reports a failure rather than guess.
  static func open(
    _ url: WebURL, with opener: URLOpener?, on terminal: some Terminal,
    report: @escaping @Sendable (Result<WebURL, OpenFailure>) -> Void
  ) {
    guard let opener else {
      return report(.failure(OpenFailure("cannot open the link: no browser configured")))
    }
    opener.open(url, on: terminal, report: report)
  }

  /// Reports how a detached opener fared within `patience`, then reaps it whenever it ends.
  private static func watch(
    _ pid: pid_t, _ url: WebURL, _ command: BrowserCommand, patience: Duration,
    clock: any AppClock, report: @Sendable (Result<WebURL, OpenFailure>) -> Void
  ) {
    let deadline = clock.now().uptime + patience
    while clock.now().uptime < deadline {
      if let exit = Spawn.poll(pid) { return report(result(url, command, exit)) }
      usleep(10_000)
    }
    report(.success(url))  // still running: a browser that stays, as firefox does
    _ = Spawn.wait(pid)
  }

  private static func result(_ url: WebURL, _ command: BrowserCommand, _ exit: Spawn.Exit)
    -> Result<WebURL, OpenFailure>
  {
    switch exit {
    case .exited(0): .success(url)
    case .exited(let status):
      .failure(
        OpenFailure("cannot open the link: \(command.programName) exited with status \(status)"))
    case .signalled(let signal):
      .failure(
        OpenFailure("cannot open the link: \(command.programName) killed by signal \(signal)"))
    }
  }

  private static func failure(_ command: BrowserCommand, errno code: Int32) -> OpenFailure {
    OpenFailure("cannot open the link: \(command.programName): \(Errno.describe(code))")
  }
}
