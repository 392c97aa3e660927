import Foundation
import Testing

/// The binary under test, from `YOUBI_BIN` (an absolute path; `make test` sets it).
enum YoubiBinary {
  static let environmentValue: String? = {
    let value = ProcessInfo.processInfo.environment["YOUBI_BIN"] ?? ""
    return value.isEmpty ? nil : value
  }()

  static var isConfigured: Bool { environmentValue != nil }

  /// Whether this runs under CI: `CI` set, and not to `false`.
  static let underCI = isCI(ProcessInfo.processInfo.environment)

  static func isCI(_ environment: [String: String]) -> Bool {
    environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
  }

  /// Whether the suites that run youbi run: when `YOUBI_BIN` is set, and always under
  /// CI, where a missing binary then fails every test that needs it rather than
  /// skipping the suite.
  static func runsSuites(configured: Bool, ci: Bool) -> Bool { configured || ci }

  static let missingReason: Comment =
    "YOUBI_BIN is not set: the end-to-end tests drive the release binary and build nothing themselves; run `make test` (it builds .build/release/youbi and sets YOUBI_BIN)"

  /// The validated path, or a clear error.
  static func path() throws -> String {
    guard let value = environmentValue else { throw HarnessError("\(missingReason)") }
    guard value.hasPrefix("/") else {
      throw HarnessError("YOUBI_BIN must be an absolute path, got '\(value)'")
    }
    guard FileManager.default.isExecutableFile(atPath: value) else {
      throw HarnessError("YOUBI_BIN='\(value)' is not an executable file (build it: make release)")
    }
    return value
  }
}

/// Quotes a string for /bin/sh.
func shellQuote(_ s: String) -> String {
  "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
