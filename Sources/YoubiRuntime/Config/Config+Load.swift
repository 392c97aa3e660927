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
      throw ConfigError(file: path, "cannot open the config: \(describe(code))")
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw ConfigError(file: path, "cannot read the config: is a directory")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 14)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ConfigError(file: path, "cannot read the config: \(describe(errno))")
      }
      if n == 0 { break }
      bytes += chunk[..<n]
      if bytes.count > maxBytes { break }  // parse names the size
    }
    return try parse(bytes, file: path, home: home)
  }

  private static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case ENOTDIR: "a part of the path is not a directory"
    case EISDIR: "is a directory"
    default: String(cString: strerror(code))
    }
  }
}
