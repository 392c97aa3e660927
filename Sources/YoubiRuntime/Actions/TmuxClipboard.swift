import Posix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the tmux youbi runs in passes a copy (OSC 52) on to the terminal outside.
///
/// Youbi cannot know whether a terminal took a copy: none answers. tmux can say
/// whether it passes copies on at all (`tmux show -gv set-clipboard`), and with `off`
/// it drops them, so the footer says how to turn it on instead of "sent".
public enum TmuxClipboard {
  /// A check to run after a copy when `environment` is inside tmux (`TMUX` set and a
  /// `tmux` on `PATH`); nil elsewhere, where there is nothing to ask.
  public static func check(environment: [String: String]) -> (@Sendable () -> Bool)? {
    guard let socket = environment["TMUX"], !socket.isEmpty,
      let tmux = Spawn.find("tmux", searchPath: environment["PATH"])
    else { return nil }
    return { isOff(tmux: tmux, environment: environment) }
  }

  /// Asks tmux for its `set-clipboard` option: true only when it answers `off`.
  static func isOff(tmux: String, environment: [String: String]) -> Bool {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { if null >= 0 { close(null) } }
    let started = Spawn.start(
      tmux, ["tmux", "show", "-gv", "set-clipboard"], environment: environment,
      mode: .captured(output: ends[1], errors: max(null, ends[1]), extra: max(null, ends[1])))
    close(ends[1])
    defer { close(ends[0]) }
    guard case .success(let pid) = started else { return false }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while output.count < 64 {
      let n = read(ends[0], &buffer, buffer.count)
      if n <= 0 { break }
      output += buffer[..<n]
    }
    guard Spawn.wait(pid) == .exited(0) else { return false }
    return String(decoding: output, as: UTF8.self).split(separator: "\n").first == "off"
  }
}
