import TerminalUI

/// Why a schedule could not be loaded, as one line for standard error and the
/// exit status to leave with.
///
/// Messages start with `youbi:`, then the input (`schedule.json`, or `<stdin>`
/// for `-`), then the place: `line:column` for anything found while reading
/// the JSON, and the path inside the document (`days.monday[3].title`) for
/// anything wrong with its shape. Text from the input is passed through
/// `SafeText`, so a message never carries raw control characters.
public struct ScheduleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `sysexits.h` status: 64 usage, 65 bad data, 66 cannot open input.
  public var exitCode: Int32
  /// One line, no trailing newline.
  public var message: String

  public init(exitCode: Int32, message: String) {
    self.exitCode = exitCode
    self.message = message
  }

  public var description: String { message }

  /// `EX_USAGE`: the command line was wrong.
  public static let usage: Int32 = 64
  /// `EX_DATAERR`: the input was read but is not a valid schedule.
  public static let dataError: Int32 = 65
  /// `EX_NOINPUT`: the input does not exist or cannot be read.
  public static let noInput: Int32 = 66

  /// A usage error (exit 64) with `message` after the `youbi:` prefix.
  public static func usageError(_ message: String) -> ScheduleError {
    ScheduleError(exitCode: usage, message: "youbi: " + SafeText.sanitize(message))
  }
}
