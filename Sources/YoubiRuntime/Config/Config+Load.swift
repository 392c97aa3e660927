import Posix
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Config {
  /// Reads and parses the config file at `path`.
  ///
  /// A missing file is no config (nil) unless `required` (it was named with
  /// `--config`); anything else that stops it being read is an error.
  public static func load(path: String, home: String?, required: Bool) throws(ConfigError)
    -> Config?
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      let code = errno
      if code == ENOENT && !required { return nil }
      throw ConfigError(file: path, "cannot open the config: \(Errno.describe(code))")
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw ConfigError(file: path, "cannot read the config: is a directory")
    }
    switch FileDescriptor.readAll(fd, limit: maxBytes) {  // parse names a size over it
    case .failure(let failure):
      throw ConfigError(file: path, "cannot read the config: \(Errno.describe(failure.value))")
    case .success(let bytes):
      return try parse(bytes, file: path, home: home)
    }
  }
}
