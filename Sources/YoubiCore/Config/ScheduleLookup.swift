import Schedule

/// Which schedules youbi shows, and which rule chose them.
///
/// The order, first match wins:
/// 1. the FILE arguments (`-` is standard input);
/// 2. `$YOUBI_SCHEDULE`;
/// 3. the config file's `schedule` lines, then its accounts (`anilist`, `mal`);
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
  /// The subscriptions given their own `refresh=…` in the config, in seconds.
  public var refreshes: [WebURL: Int64] = [:]
  /// The schedules given a `kind=…` in the config.
  public var kinds: [ScheduleSource: SectionKind] = [:]
  /// The schedules given `follow=all` in the config.
  public var followed: Set<ScheduleSource> = []

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
      return ScheduleLookup(sources: arguments.map(source), rule: .arguments)
    }
    if let path = environment[environmentVariable], !path.isEmpty {
      return ScheduleLookup(sources: [source(path)], rule: .environment)
    }
    if let config, let line = config.schedules.first?.line ?? config.firstAccountLine {
      var lookup = ScheduleLookup(
        sources: config.schedules.map { source($0.path) } + config.accounts.map { .url($0.url) },
        rule: .config(file: config.file, line: line))
      for line in config.schedules {
        if case .url(let url) = source(line.path), let seconds = line.refreshSeconds {
          lookup.refreshes[url] = seconds
        }
        if let kind = line.kind { lookup.kinds[source(line.path)] = kind }
        if line.followsAll { lookup.followed.insert(source(line.path)) }
      }
      return lookup
    }
    if let path = ConfigPaths(environment: environment).defaultSchedule, exists(path) {
      return ScheduleLookup(sources: [.file(path)], rule: .defaultFile)
    }
    return ScheduleLookup(sources: [.demo], rule: .demo)
  }

  /// The source `text` names; a URL that fails its checks (the command line
  /// and the config refuse those first) is taken for a file name.
  private static func source(_ text: String) -> ScheduleSource {
    (try? ScheduleSource(naming: text)) ?? .file(text)
  }
}
