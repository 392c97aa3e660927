import Schedule

/// Where a week comes from.
public enum ScheduleSource: Equatable, Hashable, Sendable {
  /// The built-in week of invented serials, shown when nothing names a schedule.
  case demo
  /// Standard input (`youbi -`): read once, never reloaded.
  case standardInput
  /// A schedule file: read, watched, and read again when it changes.
  case file(String)
  /// A subscription: fetched into the cache, read from there, and fetched
  /// again when the copy gets old (see `Feed`).
  case url(WebURL)

  /// The path handed to the loader (`-` for standard input); nil for the demo
  /// and for a URL, whose copy's path the feed knows.
  public var loadPath: String? {
    switch self {
    case .demo, .url: nil
    case .standardInput: "-"
    case .file(let path): path
    }
  }
}
