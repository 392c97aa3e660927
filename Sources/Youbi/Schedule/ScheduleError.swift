/// Why a schedule could not be loaded, as one line for standard error and the
/// exit status to leave with.
///
/// Messages start with `youbi:`, then the input (`schedule.json`, or `<stdin>`
/// for `-`), then the place: `line:column` for anything found while reading
/// the JSON, and the path inside the document (`days.monday[3].title`) for
/// anything wrong with its shape. Text from the input is passed through
/// `SafeText`, so a message never carries raw control characters.
public struct ScheduleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `sysexits.h` status: 65 bad data, 66 cannot open input. (Usage errors,
  /// 64, belong to the command line and are not schedule errors.)
  public var exitCode: Int32
  /// One line, no trailing newline.
  public var message: String

  public init(exitCode: Int32, message: String) {
    self.exitCode = exitCode
    self.message = message
  }

  public var description: String { message }

  /// `EX_DATAERR`: the input was read but is not a valid schedule.
  public static let dataError: Int32 = 65
  /// `EX_NOINPUT`: the input does not exist or cannot be read.
  public static let noInput: Int32 = 66
}
