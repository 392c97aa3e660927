import JSON
import TerminalUI

/// Why the config file cannot be used, as one line for standard error.
///
/// Every problem in a config file ends the run before the terminal is
/// touched, with `EX_CONFIG`: the line names the file and, for what is
/// written in it, the line number, then what is wrong and what would be right.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `EX_CONFIG` from `sysexits.h`.
  public static let exitCode: Int32 = 78

  /// One line, starting `youbi: FILE:LINE:`, no trailing newline.
  public var message: String

  public init(message: String) { self.message = message }

  /// A problem on `line` of `file`: `youbi: config:3: unknown key "lables"; …`.
  public init(file: String, line: Int, _ reason: String) {
    message = "youbi: \(SafeText.sanitize(Excerpt.path(file))):\(line): \(reason)"
  }

  /// A problem with the file as a whole: `youbi: config: cannot open: permission denied`.
  public init(file: String, _ reason: String) {
    message = "youbi: \(SafeText.sanitize(Excerpt.path(file))): \(reason)"
  }

  public var exitCode: Int32 { Self.exitCode }
  public var description: String { message }
}
