/// Where youbi's own files are, from the environment (XDG Base Directory).
///
/// Pure: it is handed the environment as a dictionary, so tests never read
/// the real one and never touch a developer's files.
public struct ConfigPaths: Equatable, Sendable {
  /// `$XDG_CONFIG_HOME/youbi`, else `$HOME/.config/youbi`; nil when neither
  /// gives an absolute path.
  public var directory: String?
  /// `$HOME`, for expanding `~` (nil when unset or empty).
  public var home: String?

  public init(environment: [String: String]) {
    home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    // The spec ignores a relative XDG_CONFIG_HOME, as it does an empty one.
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      directory = Self.trimmingSlashes(xdg) + "/youbi"
    } else if let home, home.hasPrefix("/") {
      directory = Self.trimmingSlashes(home) + "/.config/youbi"
    } else {
      directory = nil
    }
  }

  /// The config file read when `--config` does not name one.
  public var configFile: String? { directory.map { $0 + "/config" } }

  /// The schedule shown when nothing else names one, if it exists; `--init` writes it.
  public var defaultSchedule: String? { directory.map { $0 + "/schedule.json" } }

  /// `/a/b/` → `/a/b`; `/` → `` (so appending `/youbi` gives `/youbi`).
  private static func trimmingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
