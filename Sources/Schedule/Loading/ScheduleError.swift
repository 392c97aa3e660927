import JSON

/// Why a schedule could not be loaded, as one line for standard error and the
/// exit status to leave with.
///
/// Messages start with `youbi:`, then the input (`schedule.json`, or `<stdin>`
/// for `-`), then the place: `line:column` for anything found in the input,
/// and the path inside the document (`days.monday[3].title`) for anything
/// wrong with its shape. Text quoted from the input is cut to a short prefix
/// but kept raw, so whoever prints the message must make it safe for the
/// terminal (the command line passes it through `SafeText`).
public struct ScheduleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `sysexits.h` status: `dataError` or `noInput`.
  public var exitCode: Int32
  /// One line, no trailing newline.
  public var message: String

  public init(exitCode: Int32, message: String) {
    self.exitCode = exitCode
    self.message = message
  }

  /// The error for `diagnostic` found in `source`: bad data.
  public init(_ diagnostic: Diagnostic, source: String) {
    self.init(
      exitCode: Self.dataError, message: "youbi: " + diagnostic.line(file: Excerpt.path(source)))
  }

  public var description: String { message }

  /// `EX_DATAERR`: the input was read but is not a valid schedule.
  public static let dataError: Int32 = 65
  /// `EX_USAGE`: the input named cannot be a schedule (a terminal).
  public static let usage: Int32 = 64
  /// `EX_NOINPUT`: the input does not exist or cannot be read.
  public static let noInput: Int32 = 66
}
