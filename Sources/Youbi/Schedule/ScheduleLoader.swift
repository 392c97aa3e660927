import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a schedule file (or standard input) and turns it into a `Schedule`,
/// or explains in one line why it cannot.
///
/// The file is opened read-only and never written. See the "Schedules"
/// section of `README.md` for the format and every error.
public enum ScheduleLoader {
  /// The largest input accepted: 256 MiB.
  ///
  /// A schedule of 1,000,000 entries such as `{"title": "Serial 123456",
  /// "author": "Author 12"}` is about 50 MB, well inside. Anything larger is
  /// refused as bad data (exit 65) before it is read in full: the input
  /// exists and opens, it is just not a schedule we will hold in memory.
  public static let maxInputBytes = 256 << 20

  /// Loads the schedule at `path`; `-` reads standard input, called
  /// `<stdin>` in messages.
  public static func load(path: String) throws(ScheduleError) -> Schedule {
    let source = path == "-" ? "<stdin>" : path
    let bytes = try readAll(path: path, source: SafeText.sanitize(source))
    return try parse(bytes, source: source)
  }

  /// Parses schedule JSON; `source` names the input in messages.
  public static func parse(_ bytes: [UInt8], source: String) throws(ScheduleError) -> Schedule {
    let name = SafeText.sanitize(source)
    if bytes.isEmpty {
      throw ScheduleError(
        exitCode: ScheduleError.dataError,
        message: "youbi: \(name): empty file; expected a JSON object with \"days\"")
    }
    if bytes.count > maxInputBytes { throw tooLarge(name, bytes.count) }
    return try bytes.withUnsafeBufferPointer { (buf) throws(ScheduleError) -> Schedule in
      var parser = ScheduleParser(buf, source: name)
      return try parser.parseSchedule()
    }
  }

  // MARK: - Reading

  static func readAll(path: String, source: String) throws(ScheduleError) -> [UInt8] {
    // Whether we opened `fd` and must close it. Not `fd != 0`: with standard
    // input closed, `open` returns 0 for the file, which must still be closed.
    let fd: Int32
    let owned: Bool
    if path == "-" {
      fd = 0
      owned = false
    } else {
      fd = open(path, O_RDONLY | O_CLOEXEC)
      if fd < 0 { throw openFailure(errno: errno, source: source) }
      owned = true
    }
    defer { if owned { close(fd) } }

    var info = stat()
    var expected = 0
    if fstat(fd, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR {
        throw ScheduleError(
          exitCode: ScheduleError.noInput,
          message: "youbi: \(source): is a directory; expected a schedule file")
      }
      if kind == S_IFREG {
        expected = Int(info.st_size)
        if expected > maxInputBytes { throw tooLarge(source, expected) }
      }
    }

    var bytes: [UInt8] = []
    bytes.reserveCapacity(expected + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw readFailure(errno: errno, source: source)
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
      if bytes.count > maxInputBytes { throw tooLarge(source, nil) }
    }
    return bytes
  }

  /// The message for a failed `open(2)`.
  static func openFailure(errno code: Int32, source: String) -> ScheduleError {
    let reason: String
    switch code {
    case ENOENT: reason = "no such file"
    case EACCES: reason = "permission denied"
    case ENOTDIR: reason = "a part of the path is not a directory"
    default: reason = String(cString: strerror(code))
    }
    return ScheduleError(
      exitCode: ScheduleError.noInput, message: "youbi: \(source): cannot open: \(reason)")
  }

  /// The message for a failed `read(2)`.
  static func readFailure(errno code: Int32, source: String) -> ScheduleError {
    let reason = code == EISDIR ? "is a directory" : String(cString: strerror(code))
    return ScheduleError(
      exitCode: ScheduleError.noInput, message: "youbi: \(source): cannot read: \(reason)")
  }

  static func tooLarge(_ source: String, _ size: Int?) -> ScheduleError {
    let limit = "\(maxInputBytes >> 20) MiB"
    let what = size.map { "\($0) bytes" } ?? "more than that"
    return ScheduleError(
      exitCode: ScheduleError.dataError,
      message: "youbi: \(source): too large (\(what)); schedules are limited to \(limit)")
  }
}
