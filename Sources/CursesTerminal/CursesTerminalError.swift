import TerminalUI

/// Why the terminal could not be started.
///
/// Each case carries what the user needs to fix it; `message` is the one
/// line the program prints before exiting, so a bad `TERM` never ends in an
/// ncurses abort or a crash.
public enum CursesTerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `/dev/tty` could not be opened (no controlling terminal, e.g. under cron).
  case noTerminal
  /// `TERM` is unset or empty.
  case termNotSet
  /// ncurses refused the terminal type (unknown to terminfo, or unusable such as `dumb`).
  case unknownTerminal(String)
  /// A system call needed to start failed (e.g. `pipe`), with its name and errno.
  case system(String, Int32)

  /// The one-line message to print, prefixed with the program name.
  public var message: String {
    switch self {
    case .noTerminal: "youbi: no terminal (cannot open /dev/tty)"
    case .termNotSet: "youbi: TERM is not set"
    case .unknownTerminal(let t):
      // TERM comes from the environment: sanitized, it cannot put escapes on stderr.
      "youbi: cannot use terminal type '\(SafeText.sanitize(t))' (check TERM)"
    case .system(let call, let err):
      "youbi: cannot start the terminal (\(call) failed, errno \(err))"
    }
  }

  public var description: String { message }
}
