#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place an `errno` becomes words for a message.
///
/// The common causes get short plain words (`no such file`); anything else is
/// the C library's own text.
public enum Errno {
  /// `code` in words, for a one-line message.
  public static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case ENOTDIR: "a part of the path is not a directory"
    case EISDIR: "is a directory"
    case ENOSPC: "no space left on the device"
    case EROFS: "read-only file system"
    default: String(cString: strerror(code))
    }
  }
}
