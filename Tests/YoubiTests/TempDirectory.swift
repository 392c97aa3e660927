#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under /tmp for one test, removed with everything in it
/// by `remove()`. Tests that touch files use one, never a real config or
/// state directory (and never read the environment to find one).
final class TempDirectory {
  let path: String

  init() {
    var template = Array("/tmp/youbi-unit-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = String(cString: made!)
  }

  /// `path/name`.
  func callAsFunction(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` (replacing it), making no directories.
  @discardableResult
  func write(_ text: String, to name: String) -> String {
    let file = self(name)
    let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot write \(file)")
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    return file
  }

  /// The contents of `name`, or nil.
  func read(_ name: String) -> String? {
    let fd = open(self(name), O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      bytes += chunk[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func remove() { Self.removeTree(path) }

  private static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR, let stream = opendir(path) {
      var names: [String] = []
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(stream)
      for name in names { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
