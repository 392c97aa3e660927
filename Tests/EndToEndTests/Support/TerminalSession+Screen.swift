import Foundation
import Testing

extension TerminalSession {
  /// The screen; `joinWrapped` joins rows the terminal wrapped (`capture-pane -J`).
  func capture(joinWrapped: Bool = false) throws -> Screen {
    Screen(
      styled: try server.run(
        ["capture-pane", "-p", "-e"] + (joinWrapped ? ["-J"] : []) + ["-t", name]
      ).out)
  }

  func paneTitle() throws -> String {
    try server.run(["display-message", "-p", "-t", name, "#{pane_title}"]).out
      .trimmingCharacters(in: .newlines)
  }

  func paneSize() throws -> (width: Int, height: Int) {
    let s = try server.run(["display-message", "-p", "-t", name, "#{pane_width} #{pane_height}"])
      .out.split(separator: " ").map {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
      }
    return (s[0], s[1])
  }

  /// Raw bytes the program (and wrapper) wrote to the terminal so far.
  func output() -> Data {
    FileManager.default.contents(atPath: dir("output.log")) ?? Data()
  }

  /// Polls the screen until `condition` holds; on timeout records the last screen and throws.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (Screen) -> Bool
  ) async throws -> Screen {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try capture()
    while !condition(last) {
      if Date() > deadline {
        throw HarnessError(
          "timed out after \(timeout)s waiting for \(what); screen:\n\(last)\nexit status: \(exitStatus().map(String.init) ?? "running")"
        )
      }
      try await Task.sleep(for: .milliseconds(20))
      last = try capture()
    }
    return last
  }

  /// Waits until the screen has stayed the same (attributes included) for `quiet`
  /// seconds — longer than any frame — and `condition` holds for it.
  @discardableResult
  func settle(
    _ what: String = "a settled screen", quiet: Double = 0.3, timeout: Double = 10,
    _ condition: (Screen) -> Bool = { _ in true }
  ) async throws -> Screen {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try capture()
    var since = Date()
    while true {
      try await Task.sleep(for: .milliseconds(25))
      let now = try capture()
      if now != last {
        last = now
        since = Date()
      } else if Date().timeIntervalSince(since) >= quiet && condition(now) {
        return now
      }
      if Date() > deadline {
        throw HarnessError(
          "timed out after \(timeout)s waiting for \(what); last screen:\n\(last)\nexit status: \(exitStatus().map(String.init) ?? "running")"
        )
      }
    }
  }

  /// Settles on a screen showing exactly one day, and returns that day.
  @discardableResult
  func settledDay(timeout: Double = 10) async throws -> (day: String, screen: Screen) {
    // One full day name on the heading, and that day's tab highlighted with the indicator
    // under it: a frame stalled mid-slide can show one full name, not all of this.
    let s = try await settle("a settled screen showing one day", timeout: timeout) {
      guard let day = $0.currentDay, let i = Screen.dayNames.firstIndex(of: day),
        let tabs = $0.tabRanges, let bar = $0.indicatorColumns
      else { return false }
      return $0.highlightsTab(i, today: todayIndex()) && bar.overlaps(tabs[i])
    }
    return (s.currentDay!, s)
  }
}
