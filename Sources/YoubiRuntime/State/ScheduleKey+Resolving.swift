import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ScheduleKey {
  /// The key for a schedule loaded from `source` (nil: the built-in week;
  /// `-`: standard input) titled `title`; a file is named by its real
  /// absolute path, so `week.json`, `./week.json` and a symlink to it share marks.
  ///
  /// Reads the file system (`realpath`): call it where the schedule is
  /// opened (`main`), never in the state.
  public static func resolving(source: String?, title: String?) -> ScheduleKey {
    guard let source, source != "-" else { return ScheduleKey(path: nil, title: title) }
    if let real = realpath(source, nil) {
      defer { free(real) }
      return .path(String(cString: real))
    }
    if source.hasPrefix("/") { return .path(source) }
    guard let cwd = getcwd(nil, 0) else { return .path(source) }
    defer { free(cwd) }
    return .path(String(cString: cwd) + "/" + source)
  }
}
