#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal actions read, set and put back, with none of the handlers' state
/// (which `TerminalGuard.swift` alone holds).
extension TerminalGuard {
  // MARK: Without a guard

  /// Runs `body` (a `newterm`) with the signals ncurses would take over set to
  /// be ignored, so it installs no handlers of its own; then puts them back.
  ///
  /// For terminals on plain streams (tests, benchmarks), which have no guard:
  /// ncurses only installs a handler where it finds the default action.
  static func withoutCursesHandlers<T>(_ body: () -> T) -> T {
    let saved = [SIGINT, SIGTERM, SIGTSTP, SIGWINCH].map { sig in
      var old = sigaction()
      _ = sigaction(sig, nil, &old)
      _ = signal(sig, SIG_IGN)
      return (sig, old)
    }
    defer { restore(saved) }
    return body()
  }

  /// Puts back the actions in `saved`, in order.
  static func restore(_ saved: some Sequence<(Int32, sigaction)>) {
    for (sig, action) in saved {
      var a = action
      _ = sigaction(sig, &a, nil)
    }
  }

  /// Whether `sig` has its default action (no handler, not ignored).
  static func isDefault(_ sig: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(sig, nil, &current) == 0 else { return false }
    return current.sa_flags & SA_SIGINFO == 0
      && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0
  }
}
