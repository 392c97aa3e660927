/// Which schedule a set of marks belongs to: its file, or its title when it has no file.
///
/// A file is named by its absolute path (resolved by whoever opens it), so the
/// same file reached by two relative paths shares its marks. The built-in
/// schedule and one read from standard input have no lasting path: they are
/// known by their title (an untitled one by the empty title).
public enum ScheduleKey: Hashable, Sendable, CustomStringConvertible {
  case path(String)
  case title(String)

  /// The key for a schedule read from `path` (nil: no file) titled `title`.
  public init(path: String?, title: String?) {
    self = path.map(ScheduleKey.path) ?? .title(title ?? "")
  }

  public var description: String {
    switch self {
    case .path(let path): "path \(path)"
    case .title(let title): "title \(title)"
    }
  }
}
