import JSON
import Posix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the bytes of a file or of standard input, and the errors doing so.
extension ScheduleLoader {
  // MARK: - Reading

  static func readAll(path: String, source: String) throws(ScheduleError) -> [UInt8] {
    switch try read(path: path, source: source, pages: false) {
    case .bytes(let bytes): return bytes
    case .pages(let pages): return Array(pages.bytes)
    }
  }

  /// What `read(path:source:pages:)` read: an array, or pages of their own.
  enum Input {
    case bytes([UInt8])
    case pages(PageBuffer)
  }

  /// The smallest regular file read into pages of its own when asked: below it, an
  /// array costs nothing worth handing back.
  static let pagesFrom = 1 << 20

  /// Reads `path` as `readAll` does; a regular file of `pagesFrom` bytes or more into
  /// pages of its own when `pages` is true, so a reader can hand back what it has read.
  static func read(path: String, source: String, pages: Bool) throws(ScheduleError) -> Input {
    // Whether we opened `fd` and must close it. Not `fd != 0`: with standard
    // input closed, `open` returns 0 for the file, which must still be closed.
    let fd: Int32
    let owned: Bool
    if path == "-" {
      fd = 0
      owned = false
    } else {
      // Never blocks: a FIFO with no writer opens at once (and is refused below).
      fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      if fd < 0 { throw openFailure(errno: errno, source: source) }
      owned = true
    }
    defer { if owned { close(fd) } }

    let expected = try expectedSize(fd, owned: owned, path: path, source: source)

    if pages && expected >= pagesFrom {
      do {
        if let buffer = try PageBuffer.reading(fd, size: expected) { return .pages(buffer) }
      } catch {
        throw readFailure(errno: error.value, source: source)
      }
      // It grew while it was read: read it again, whole.
      guard lseek(fd, 0, SEEK_SET) == 0 else { throw readFailure(errno: errno, source: source) }
    }
    switch FileDescriptor.readAll(fd, limit: maxInputBytes, expected: expected) {
    case .failure(let failure): throw readFailure(errno: failure.value, source: source)
    case .success(let bytes) where bytes.count > maxInputBytes: throw tooLarge(source, nil)
    case .success(let bytes): return .bytes(bytes)
    }
  }

  /// The size a regular file says it has (0 for a pipe, which is read as standard input
  /// is); an error for a directory, a terminal, another kind of file or one too large.
  static func expectedSize(_ fd: Int32, owned: Bool, path: String, source: String)
    throws(ScheduleError) -> Int
  {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return 0 }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR {
      throw ScheduleError(
        exitCode: ScheduleError.noInput,
        message: "youbi: \(Excerpt.path(source)): is a directory; expected a schedule file")
    }
    if owned && isatty(fd) != 0 {
      throw ScheduleError(
        exitCode: ScheduleError.usage,
        message: "youbi: \(Excerpt.path(source)): is a terminal; pipe a schedule into 'youbi -'")
    }
    if owned && kind != S_IFREG {
      // A pipe the shell opened (`youbi <(gen-week)`) is read as standard input is;
      // anything else (a FIFO, a device, a socket) is not a schedule file.
      guard (kind == S_IFIFO || kind == S_IFSOCK) && namesADescriptor(path) else {
        throw ScheduleError(
          exitCode: ScheduleError.noInput,
          message:
            "youbi: \(Excerpt.path(source)): not a regular file (\(kindName(kind))); expected a schedule file"
        )
      }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }
    guard kind == S_IFREG else { return 0 }
    let expected = Int(info.st_size)
    if expected > maxInputBytes { throw tooLarge(source, expected) }
    return expected
  }

  /// Whether `path` names a descriptor this process already has open (`/dev/fd/N`,
  /// `/proc/self/fd/N`, `/dev/stdin`), as a shell's process substitution gives.
  public static func namesADescriptor(_ path: String) -> Bool {
    path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/") || path == "/dev/stdin"
  }

  /// What a file of type `kind` (`st_mode & S_IFMT`) is called in a message.
  static func kindName(_ kind: mode_t) -> String {
    switch kind {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  /// The message for a failed `open(2)`.
  static func openFailure(errno code: Int32, source: String) -> ScheduleError {
    ScheduleError(
      exitCode: ScheduleError.noInput,
      message: "youbi: \(Excerpt.path(source)): cannot open: \(Errno.describe(code))")
  }

  /// The message for a failed `read(2)`.
  static func readFailure(errno code: Int32, source: String) -> ScheduleError {
    ScheduleError(
      exitCode: ScheduleError.noInput,
      message: "youbi: \(Excerpt.path(source)): cannot read: \(Errno.describe(code))")
  }

  static func tooLarge(_ source: String, _ size: Int?) -> ScheduleError {
    ScheduleError(
      exitCode: ScheduleError.dataError,
      message: "youbi: \(Excerpt.path(source)): \(tooLargeMessage(size))")
  }

  static func tooLargeMessage(_ size: Int?) -> String {
    let limit = "\(maxInputBytes >> 20) MiB"
    let what = size.map { "\($0) bytes" } ?? "more than that"
    return "too large (\(what)); schedules are limited to \(limit)"
  }
}
