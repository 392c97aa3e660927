import Posix
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The schedule `youbi --init` writes: a small week to edit into your own.
///
/// One entry per line and every weekday present, so adding a serial is
/// copying a line; together the entries use every field an entry can have,
/// first of all what a weekly anime needs: its `time` (late-night slots past
/// 24:00), the `start` its episodes count from, the `skip` dates it is off
/// the air, and the `url` `o` opens.
public enum StarterSchedule {
  public static let text = """
    {
      "title": "My week",
      "days": {
        "monday": [
          {"title": "A serial I follow", "author": "Its author", "note": "chapter 12"},
          "A title on its own"
        ],
        "tuesday": [],
        "wednesday": [
          {"title": "Another serial", "author": "Someone else", "end": "2027-03-31"}
        ],
        "thursday": [
          {"title": "A late-night anime", "author": "Its studio", "time": "25:30",
           "start": "2026-10-01", "skip": ["2026-12-31"], "url": "https://example.com/anime"}
        ],
        "friday": [
          {"title": "星屑の郵便配達", "author": "青井ソラ", "note": "第48話", "time": "12:00"}
        ],
        "saturday": [],
        "sunday": []
      }
    }

    """

  /// The line `--init` prints after the path (on standard error, so standard
  /// output stays the path alone): what to do next.
  public static let nextStep =
    "youbi: next: edit it (each field is in use once), then run 'youbi': "
    + "it shows the week and follows your edits"

  /// Why the starter could not be written: one line and the exit status.
  public struct Failure: Error, Equatable, Sendable {
    public var exitCode: Int32
    public var message: String
  }

  /// `EX_CANTCREAT`: the file exists, or it or its directory cannot be made.
  public static let cannotCreate: Int32 = 73
  /// `EX_IOERR`: writing it failed part way.
  public static let ioError: Int32 = 74

  /// Writes the starter at `path`, making its directories (mode 0700, as XDG
  /// asks); never replaces a file that is there.
  ///
  /// The file is created with `O_EXCL`, so even a file that appears between
  /// a check and the write is left alone; one written only in part is removed.
  public static func create(at path: String) throws(Failure) {
    let shown = SafeText.sanitize(path)
    try makeDirectories(containing: path, shown: shown)
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if fd < 0 {
      let code = errno
      if code == EEXIST {
        throw Failure(
          exitCode: cannotCreate, message: "youbi: \(shown) already exists; not overwriting it")
      }
      throw Failure(
        exitCode: cannotCreate, message: "youbi: cannot create \(shown): \(Errno.describe(code))")
    }
    var failure = FileDescriptor.writeAll(fd, text.utf8)
    if close(fd) != 0 && failure == nil { failure = errno }
    if let failure {
      unlink(path)
      throw Failure(
        exitCode: ioError, message: "youbi: cannot write \(shown): \(Errno.describe(failure))")
    }
  }

  /// `mkdir -p` for the directory part of `path`.
  private static func makeDirectories(containing path: String, shown: String) throws(Failure) {
    guard let (code, failed) = Paths.makeDirectories(Paths.parent(of: path)) else { return }
    throw Failure(
      exitCode: cannotCreate,
      message:
        "youbi: cannot create the directory \(SafeText.sanitize(failed)): \(Errno.describe(code))")
  }
}
