import Foundation

extension TerminalSession {
  /// The program's exit status as the shell saw it, once it has exited.
  func exitStatus() -> Int32? {
    dir.text("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Waits for the program to exit and for tmux to have taken in all it wrote: the
  /// wrapper prints "e2e-wrapper: exited" afterwards, and tmux handles a pane's output
  /// in order, so once that line is on screen the terminal modes can be read.
  func waitForExit(timeout: Double = 10) async throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let s = exitStatus(), try capture(joinWrapped: true).contains("e2e-wrapper: exited") {
        return s
      }
      if Date() > deadline {
        throw HarnessError(
          "program did not exit within \(timeout)s; screen:\n\((try? capture())?.description ?? "?")"
        )
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  var sttyBefore: String? { dir.text("stty-before") }
  var sttyAfter: String? { dir.text("stty-after") }
}
