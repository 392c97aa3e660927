/// Which schedules youbi shows, and which rule chose them.
///
/// The order, first match wins:
/// 1. the FILE arguments (`-` is standard input);
/// 2. `$YOUBI_SCHEDULE`;
/// 3. the config file's `schedule` lines;
/// 4. `$XDG_CONFIG_HOME/youbi/schedule.json` (default `~/.config/youbi/schedule.json`)
///    when it exists;
/// 5. the built-in demo week.
///
/// A pure function of its inputs: the environment is a dictionary and the
/// file system is one probe, so tests drive every branch without touching disk.
public struct ScheduleLookup: Equatable, Sendable {
  /// The rule that chose the schedules.
  public enum Rule: Equatable, Sendable {
    case arguments
    case environment
    /// The config file, and the line of its first `schedule`.
    case config(file: String, line: Int)
    case defaultFile
    case demo
  }

  /// The schedules to show, in order: one section each.
  public var sources: [ScheduleSource]
  public var rule: Rule

  public init(sources: [ScheduleSource], rule: Rule) {
    self.sources = sources
    self.rule = rule
  }

  /// The environment variable naming a schedule.
  public static let environmentVariable = "YOUBI_SCHEDULE"

  /// Chooses the schedules for `arguments` (the command line's FILE operands).
  public static func resolve(
    arguments: [String], environment: [String: String], config: Config?,
    exists: (String) -> Bool
  ) -> ScheduleLookup {
    if !arguments.isEmpty {
      return ScheduleLookup(
        sources: arguments.map { $0 == "-" ? .standardInput : .file($0) }, rule: .arguments)
    }
    if let path = environment[environmentVariable], !path.isEmpty {
      return ScheduleLookup(sources: [.file(path)], rule: .environment)
    }
    if let config, let first = config.schedules.first {
      return ScheduleLookup(
        sources: config.schedules.map { .file($0.path) },
        rule: .config(file: config.file, line: first.line))
    }
    if let path = ConfigPaths(environment: environment).defaultSchedule, exists(path) {
      return ScheduleLookup(sources: [.file(path)], rule: .defaultFile)
    }
    return ScheduleLookup(sources: [.demo], rule: .demo)
  }
}
