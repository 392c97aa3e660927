#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under `$TMPDIR` (or `/tmp`) for one test, removed with
/// everything in it by `remove()` or when the value is released.
///
/// The one way tests make temporary files: what they point `XDG_STATE_HOME`,
/// `XDG_CONFIG_HOME`, `XDG_CACHE_HOME` and `BROWSER` at, so no test touches a
/// person's own files (and none reads the environment to find a real one).
public final class TemporaryDirectory {
  public let path: String

  /// A directory named `name-XXXXXX` under `base` (default `$TMPDIR`, else `/tmp`).
  public init(_ name: String = "youbi-test", under base: String? = nil) {
    let base = base ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/\(name)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "cannot make a temporary directory under \(base)")
    path = String(cString: made!)
  }

  deinit { remove() }

  /// `path/name`.
  public func callAsFunction(_ name: String) -> String { path + "/" + name }

  /// The environment a test gives the code under test: the XDG directories,
  /// BROWSER and HOME inside this directory, and a plain PATH.
  public func environment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "XDG_STATE_HOME": self("state"), "XDG_CONFIG_HOME": self("config"),
      "XDG_CACHE_HOME": self("cache"), "BROWSER": self("no-browser"), "HOME": self("home"),
      "PATH": "/usr/bin:/bin",
    ].merging(extra) { $1 }
  }

  /// Writes `text` to `name` (replacing it; parent directories made as
  /// needed) and returns its path.
  @discardableResult
  public func write(_ text: String, to name: String, executable: Bool = false) -> String {
    let file = self(name)
    makeParents(of: file)
    let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, executable ? 0o755 : 0o644)
    precondition(fd >= 0, "cannot write \(file)")
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      precondition(n > 0, "cannot write \(file)")
      bytes = bytes.dropFirst(n)
    }
    if executable { fchmod(fd, 0o755) }
    close(fd)
    return file
  }

  /// The bytes of `name`, nil when it cannot be read.
  public func read(_ name: String) -> [UInt8]? {
    let fd = open(self(name), O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return nil }
      if n == 0 { return bytes }
      bytes += chunk[..<n]
    }
  }

  /// The text of `name` (UTF-8), nil when it cannot be read.
  public func text(_ name: String) -> String? {
    read(name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names in the subdirectory `name`, sorted; none when it is not there.
  public func list(_ name: String) -> [String] {
    Self.names(in: self(name)).sorted()
  }

  /// Removes the directory and everything in it (again is harmless).
  public func remove() { Self.removeTree(path) }

  private func makeParents(of file: String) {
    var prefix = ""
    for part in file.split(separator: "/").dropLast() {
      prefix += "/" + part
      mkdir(prefix, 0o755)  // EEXIST is fine; a real failure shows when the file is opened
    }
  }

  private static func names(in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  private static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      chmod(path, 0o700)  // a test may have taken the permissions away
      for name in names(in: path) { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
