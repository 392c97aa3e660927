import Foundation
import TestSupport

/// Starts one of the tests' Python servers on 127.0.0.1 in the background and waits
/// for the port it writes to `dir/port` (it binds port 0); the pid and the port.
///
/// A server that dies or says nothing within 10 s is killed and reported as `what`.
func startPythonServer(
  _ script: String, _ arguments: [String], in dir: TemporaryDirectory, what: String
) throws -> (pid: pid_t, port: Int) {
  guard let python = findExecutable("python3") else { throw HarnessError("no python3") }
  let pid = try spawnInBackground(python, [script] + arguments + ["--port-file", dir("port")])
  let deadline = Date().addingTimeInterval(10)
  while dir.text("port") == nil {
    guard Date() < deadline, isRunning(pid) else {
      kill(pid, SIGKILL)
      throw HarnessError("the \(what) did not start")
    }
    usleep(10_000)
  }
  return (pid, Int(dir.text("port")!)!)
}
