/// Where the state file lives, from an environment passed in (never read here).
///
/// `$XDG_STATE_HOME/youbi/state.json`, where an unset, empty or relative
/// `XDG_STATE_HOME` means `$HOME/.local/state` (the XDG Base Directory rule:
/// relative paths are invalid and ignored). Tests pass their own dictionary,
/// so no test touches a developer's own state.
public enum StateLocation {
  /// The state file's path, or why there is none.
  public static func stateFile(environment: [String: String]) -> Result<String, StateFileError> {
    if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") {
      return .success(join(base, "youbi/state.json"))
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return .success(join(home, ".local/state/youbi/state.json"))
    }
    return .failure(
      StateFileError(.noLocation, "marks are not saved: neither XDG_STATE_HOME nor HOME is set"))
  }

  private static func join(_ base: String, _ rest: String) -> String {
    base.hasSuffix("/") ? base + rest : base + "/" + rest
  }
}
