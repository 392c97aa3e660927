import Posix
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// How a run ends before its work is done: an exit status and one line for
/// standard error. Every failure on the way turns into one, and `main` prints it.
struct Exit: Error {
  var status: Int32
  var message: String

  init(_ status: Int32, _ message: String) {
    self.status = status
    self.message = message
  }

  init(_ error: ScheduleError) { self.init(error.exitCode, error.message) }
  init(_ error: ConfigError) { self.init(error.exitCode, error.message) }
  init(_ error: StarterSchedule.Failure) { self.init(error.exitCode, error.message) }

  /// `EX_IOERR`: the output could not be written.
  static let ioError: Int32 = 74
}

/// Prints one line to standard error, made safe: it may quote what the user typed.
func fail(_ message: String) {
  _ = FileDescriptor.writeAll(2, (SafeText.sanitize(message) + "\n").utf8)
}

/// Writes all of `text` to standard output; 0, or the exit for a failed write.
@discardableResult
func writeOutput(_ text: String) throws(Exit) -> Int32 {
  try writeOutput(Array(text.utf8))
}

/// Writes all of `utf8` to standard output; 0, or the exit for a failed write.
@discardableResult
func writeOutput(_ utf8: [UInt8]) throws(Exit) -> Int32 {
  // Closed: checked before a file can land on descriptor 1.
  let code = fcntl(1, F_GETFD) < 0 ? EBADF : FileDescriptor.writeAll(1, utf8)
  guard let code else { return 0 }
  let reason = code == EBADF ? "standard output is closed" : Errno.describe(code)
  throw Exit(Exit.ioError, "youbi: cannot write the output: \(reason)")
}

/// Writes `printed` to standard output; 0, or the exit for a failed write. Text and a
/// JSON document go out in pieces as they are made; after a failed write nothing more is
/// written.
@discardableResult
func writeOutput(_ printed: Printed) throws(Exit) -> Int32 {
  switch printed {
  case .bytes(let bytes):
    return try writeOutput(bytes)
  case .text(let write):
    var failed: Exit?
    write { piece in
      guard failed == nil else { return }
      do throws(Exit) { try writeOutput(piece) } catch { failed = error }
    }
    if let failed { throw failed }
    return 0
  case .json(let entries, let kind):
    var failed: Exit?
    OutputJSON.write(entries, kind: kind) { piece in
      guard failed == nil else { return }
      do throws(Exit) { try writeOutput(Array(piece)) } catch { failed = error }
    }
    if let failed { throw failed }
    return 0
  }
}

/// What a one-shot run has no more use for just before the process exits, kept rather
/// than freed: the kernel takes the whole heap back at once, while freeing a big
/// schedule object by object (bangumi-data's week: 600 serials, their origins, titles
/// and slots) was a seventh of a warm `--print`.
enum LeftAtExit {
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Keeps `value` alive until the process exits. Only from the main thread.
  static func keep(_ value: Any) { kept.append(value) }
}
