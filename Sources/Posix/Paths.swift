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
