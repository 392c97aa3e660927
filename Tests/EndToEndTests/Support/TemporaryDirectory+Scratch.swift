import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryDirectory {
  /// A scratch directory for one end-to-end test. Its name starts with the
  /// test process's id, so the tmux server's watchdog removes what a crashed
  /// run left behind (see `TmuxServer`).
  static func scratch() -> TemporaryDirectory {
    TemporaryDirectory("youbi-e2e-\(getpid())")
  }

  /// Writes `files` (paths relative to this directory → contents), making directories.
  func write(_ files: [String: String]) {
    for (name, text) in files { write(text, to: name) }
  }

  /// The environment every youbi under test runs with: its own config, state,
  /// cache and home directories here, and a `BROWSER` that only records what it
  /// was asked to open (in `browser.log`), so no test reads or writes a
  /// developer's own files or opens their browser. `YOUBI_SCHEDULE` is left
  /// out; callers unset it.
  func isolatedEnvironment() -> [String: String] {
    for name in ["config", "state", "cache", "home"] { mkdir(self(name), 0o755) }
    let browser = write(
      "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$0.log\"\n", to: "browser", executable: true)
    return [
      "XDG_CONFIG_HOME": self("config"), "XDG_STATE_HOME": self("state"),
      "XDG_CACHE_HOME": self("cache"), "HOME": self("home"), "BROWSER": browser,
    ]
  }
}
