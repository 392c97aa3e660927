import Foundation

/// A fresh directory under `$TMPDIR` (or `/tmp`), removed with everything in
/// it when the value is released: what tests point `XDG_STATE_HOME`,
/// `XDG_CONFIG_HOME` and `BROWSER` at, so no test touches a person's own files.
final class TemporaryDirectory {
  let path: String

  /// A directory under `base` (default `$TMPDIR`, else `/tmp`).
  init(_ name: String = "youbi-test", under base: String? = nil) {
    let base = base ?? ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template = Array((base + "/\(name)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = String(cString: made!)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The environment a test gives the code under test: XDG paths and BROWSER inside this directory.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "XDG_STATE_HOME": path + "/state", "XDG_CONFIG_HOME": path + "/config",
      "BROWSER": path + "/no-browser", "HOME": path + "/home", "PATH": "/usr/bin:/bin",
    ].merging(extra) { $1 }
  }

  /// Writes `text` to `name` inside the directory (directories made as needed); returns its path.
  @discardableResult
  func write(_ text: String, to name: String, executable: Bool = false) -> String {
    let file = path + "/" + name
    let parent = (file as NSString).deletingLastPathComponent
    try! FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: file, contents: Data(text.utf8),
      attributes: [.posixPermissions: executable ? 0o755 : 0o644])
    return file
  }

  /// The bytes of `name`, nil when it does not exist.
  func read(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path + "/" + name).map { Array($0) }
  }

  /// The names in the subdirectory `name`, sorted.
  func list(_ name: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + name)) ?? []).sorted()
  }
}
