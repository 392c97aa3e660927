#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths and directories.
public enum Paths {
  /// `dir/name` → (`dir`, `name`); `name` → (`.`, `name`); `/name` → (`/`, `name`).
  public static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = path[..<slash]
    return (directory.isEmpty ? "/" : String(directory), String(path[path.index(after: slash)...]))
  }

  /// The directory `path` is in.
  public static func parent(of path: String) -> String { split(path).directory }

  /// Syncs `directory`, so a rename in it is durable; the `errno` of a failure.
  ///
  /// Some file systems cannot sync a directory (`EINVAL`, `ENOTSUP`); a
  /// rename is still atomic there, so that is no failure.
  public static func syncDirectory(_ directory: String) -> Int32? {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return errno }
    defer { close(fd) }
    if fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP { return errno }
    return nil
  }

  /// Calls `body` with each name in `directory` (`.` and `..` too) and the
  /// descriptor the listing itself holds open; false when it cannot be listed.
  @discardableResult
  public static func forEachName(in directory: String, _ body: (String, Int32) -> Void) -> Bool {
    guard let listing = opendir(directory) else { return false }
    defer { closedir(listing) }
    while let entry = readdir(listing) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      body(name, dirfd(listing))
    }
    return true
  }

  /// `mkdir -p`: makes `directory` and every missing parent with `mode`.
  ///
  /// Returns nil when it is there now; else the `errno` and the path that
  /// failed. Something that is not a directory in the way is `ENOTDIR`.
  public static func makeDirectories(_ directory: String, mode: mode_t = 0o700) -> (
    code: Int32, path: String
  )? {
    var path = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") where component != "." {
      path += "/" + component
      if mkdir(path, mode) == 0 { continue }
      let code = errno
      var info = stat()
      guard stat(path, &info) == 0 else { return (code, path) }
      guard (info.st_mode & S_IFMT) == S_IFDIR else { return (ENOTDIR, path) }
    }
    return nil
  }
}
