import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The stand-in for AniList and MyAnimeList (`Tests/FeedServer/tracker_server.py`) on
/// 127.0.0.1, with the accounts' lists in a state file the test writes (and the server
/// rewrites when progress is written), and every request in its log.
final class TrackerServer: @unchecked Sendable {
  let dir: TemporaryDirectory
  let port: Int
  private var pid: pid_t
  private static let script: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/FeedServer/tracker_server.py"
  }()

  init(state: [String: Any]) throws {
    dir = TemporaryDirectory.scratch()
    let server = dir.path
    try JSONSerialization.data(withJSONObject: state).write(
      to: URL(fileURLWithPath: server + "/state.json"))
    (pid, port) = try startPythonServer(
      Self.script, ["--state", dir("state.json"), "--log", dir("log")], in: dir,
      what: "tracker server")
  }

  deinit { stop() }

  /// `http://127.0.0.1:PORT`.
  var base: String { "http://127.0.0.1:\(port)" }

  /// The lists and modes as they are now.
  func state() throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: dir("state.json")))
    return try JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  /// Changes the state file (atomically, as the server does).
  func change(_ body: (inout [String: Any]) -> Void) throws {
    var state = try state()
    body(&state)
    try JSONSerialization.data(withJSONObject: state).write(
      to: URL(fileURLWithPath: dir("state.json")), options: .atomic)
  }

  /// Every request answered, in order.
  func requests() -> [[String: Any]] {
    (dir.text("log") ?? "").split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The requests whose `op` is `op`.
  func requests(_ op: String) -> [[String: Any]] {
    requests().filter { $0["op"] as? String == op }
  }

  /// Polls the log until `condition` holds (10 s at most).
  func waitFor(_ what: String, _ condition: ([[String: Any]]) -> Bool) async throws {
    let deadline = Date().addingTimeInterval(10)
    while !condition(requests()) {
      if Date() > deadline {
        throw HarnessError("timed out waiting for \(what); log:\n\(dir.text("log") ?? "")")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  func stop() {
    guard pid > 0 else { return }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    pid = 0
    dir.remove()
  }
}
