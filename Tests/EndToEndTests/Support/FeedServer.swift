import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The test HTTP server (`Tests/FeedServer/feed_server.py`) on 127.0.0.1, started
/// by a test and stopped by it (`stop()`, also on deinit). Its files live in its
/// own scratch directory; every request is in its log.
final class FeedServer: @unchecked Sendable {
  let dir: TemporaryDirectory
  let port: Int
  private var pid: pid_t
  private static let script: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/FeedServer/feed_server.py"
  }()

  /// One request as the server logged it when it answered.
  struct Request: Equatable {
    var path: String
    var status: Int?
    var ifNoneMatch: String?
    var ifModifiedSince: String?
  }

  init() throws {
    dir = TemporaryDirectory.scratch()
    try FileManager.default.createDirectory(
      atPath: dir("www"), withIntermediateDirectories: true)
    (pid, port) = try startPythonServer(
      Self.script, ["--dir", dir("www"), "--log", dir("log")], in: dir,
      what: "feed server")
  }

  deinit { stop() }

  /// `http://127.0.0.1:PORT/path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// Serves `text` as `name` from now on (replaced atomically), last modified
  /// `age` seconds ago (a distinct Last-Modified for each version).
  func serve(_ name: String, _ text: String, age: Int = 0) throws {
    let temporary = dir.write(text, to: "www/.\(name).new")
    var times = [timespec](repeating: timespec(), count: 2)
    let when = time(nil) - age
    times[0].tv_sec = when
    times[1].tv_sec = when
    utimensat(AT_FDCWD, temporary, &times, 0)
    guard rename(temporary, dir("www/\(name)")) == 0 else {
      throw HarnessError("cannot serve \(name)")
    }
  }

  /// Makes `/name` behave as `mode` ("status/503", "truncated", "slow"…), or normally (nil).
  func setMode(_ name: String, _ mode: String?) throws {
    if let mode {
      dir.write(mode, to: "www/\(name).mode")
    } else {
      unlink(dir("www/\(name).mode"))
    }
  }

  /// Lets requests held by "slow" go on.
  func release() throws { dir.write("", to: "www/release") }

  /// The requests answered so far, in order.
  func answered() -> [Request] { log(event: "done") }

  /// The requests received so far (answered or not), in order.
  func received() -> [Request] { log(event: "start") }

  private func log(event: String) -> [Request] {
    (dir.text("log") ?? "").split(separator: "\n").compactMap { line in
      guard let data = line.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        object["event"] as? String == event
      else { return nil }
      return Request(
        path: object["path"] as? String ?? "", status: object["status"] as? Int,
        ifNoneMatch: object["if_none_match"] as? String,
        ifModifiedSince: object["if_modified_since"] as? String)
    }
  }

  /// Ends the server (nothing listens on its port afterwards) and removes its files.
  func stop() {
    goDown()
    dir.remove()
  }

  /// Ends the server but keeps its files and log: a server that is down.
  func goDown() {
    guard pid > 0 else { return }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    pid = 0
  }
}

/// Starts `executable` with `arguments` in the background (empty signal mask,
/// default signal actions, standard streams on /dev/null) and returns its pid.
func spawnInBackground(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil
) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var pid: pid_t = 0
  let rc = spawnWithDefaultSignals(
    executable, arguments, environment: environment, actions: &actions, pid: &pid)
  guard rc == 0 else { throw HarnessError("cannot run \(executable): errno \(rc)") }
  return pid
}
