/// Where a week comes from.
public enum ScheduleSource: Equatable, Hashable, Sendable {
  /// The built-in week of invented serials, shown when nothing names a schedule.
  case demo
  /// Standard input (`youbi -`): read once, never reloaded.
  case standardInput
  /// A schedule file: read, watched, and read again when it changes.
  case file(String)

  /// The path handed to the loader (`-` for standard input); nil for the demo.
  public var loadPath: String? {
    switch self {
    case .demo: nil
    case .standardInput: "-"
    case .file(let path): path
    }
  }
}
