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
  ///
  /// The commands of `$BROWSER` are tried in order, as Python's `webbrowser`
  /// does: one that is missing, fails to start or exits non-zero (a detached
  /// one within `patience`) passes the link on to the next. The watch of a
  /// detached one is work on `background`.
  public func open(
    _ url: WebURL, on terminal: some Terminal, background: Background = Background(),
    report: @escaping @Sendable (Result<WebURL, OpenFailure>) -> Void
  ) {
    attempt(
      url, BrowserCommand.commands(environment: environment)[...], problems: [],
      handOver: { terminal.handOver($0) }, background: background, report: report)
  }

  /// Tries `commands` in turn; `handOver` lends the terminal to a terminal browser
  /// (nil off the UI thread, where such a browser is passed over).
  private func attempt(
    _ url: WebURL, _ commands: ArraySlice<BrowserCommand>, problems: [String],
    handOver: ((() -> Void) -> Void)?, background: Background,
    report: @escaping @Sendable (Result<WebURL, OpenFailure>) -> Void
  ) {
    var problems = problems
    var rest = commands
    while let command = rest.popFirst() {
      let name = command.words[0]
      guard let path = Spawn.find(name, searchPath: environment["PATH"]) else {
        problems.append("\(command.programName) not found")
        continue
      }
      let arguments = command.arguments(for: url)
      if command.runsInTerminal {
        guard let handOver else {
          problems.append("\(command.programName) needs the terminal")
          continue
        }
        var ended: Result<Spawn.Exit, Spawn.Failure> = .failure(Spawn.Failure(code: 0))
        handOver {
          ended = Spawn.start(path, arguments, environment: environment, mode: .inTerminal)
            .map(Spawn.wait)
        }
        switch ended {
        case .success(.exited(0)): return report(.success(url))
        case .success(let exit): problems.append(Self.describe(command, exit))
        case .failure(let failure):
          problems.append("\(command.programName): \(Errno.describe(failure.code))")
        }
        continue
      }
      switch Spawn.start(path, arguments, environment: environment, mode: .detached) {
      case .failure(let failure):
        problems.append("\(command.programName): \(Errno.describe(failure.code))")
      case .success(let pid):
        let (opener, rest, problems) = (self, rest, problems)
        background.start {
          guard let problem = Self.watch(pid, command, opener: opener) else {
            return report(.success(url))
          }
          opener.attempt(
            url, rest, problems: problems + [problem], handOver: nil, background: background,
            report: report)
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
    _ url: WebURL, with opener: URLOpener?, on terminal: some Terminal, background: Background,
    report: @escaping @Sendable (Result<WebURL, OpenFailure>) -> Void
  ) {
    guard let opener else {
      return report(.failure(OpenFailure("cannot open the link: no browser configured")))
    }
    opener.open(url, on: terminal, background: background, report: report)
  }

  /// How a detached opener fared within its `patience`: nil when it is still running
  /// (a browser that stays, as firefox does) or exited 0, else why it failed. A
  /// running one is reaped whenever it ends.
  private static func watch(_ pid: pid_t, _ command: BrowserCommand, opener: URLOpener)
    -> String?
  {
    let deadline = opener.clock.now().uptime + opener.patience
    while opener.clock.now().uptime < deadline {
      if let exit = Spawn.poll(pid) { return exit == .exited(0) ? nil : describe(command, exit) }
      usleep(10_000)
    }
    Background.reap(pid)
    return nil
  }

  /// Why `command` did not open the link.
  private static func describe(_ command: BrowserCommand, _ exit: Spawn.Exit) -> String {
    switch exit {
    case .exited(let status): "\(command.programName) exited with status \(status)"
    case .signalled(let signal): "\(command.programName) killed by signal \(signal)"
    }
  }
}
