#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a killed writer left: its temporary files, found by the pid in their names.
extension AtomicFile {
  /// The pid in a temporary file's name (`NAME.tmp-<pid>-<random>`); nil for any other name.
  public static func writer(ofTemporary name: String) -> pid_t? {
    let bytes = Array(name.utf8)
    let mark = Array(marker.utf8)
    guard bytes.count > mark.count else { return nil }
    var start: Int? = nil
    for i in stride(from: bytes.count - mark.count, through: 0, by: -1)
    where bytes[i..<i + mark.count].elementsEqual(mark) {
      start = i + mark.count
      break
    }
    guard let start, let dash = bytes[start...].firstIndex(of: UInt8(ascii: "-")),
      dash > start, dash + 1 < bytes.count,
      bytes[start..<dash].allSatisfy({ (0x30...0x39).contains($0) }),
      let pid = pid_t(String(decoding: bytes[start..<dash], as: UTF8.self)), pid > 0
    else { return nil }
    return pid
  }

  /// Removes the temporary files in `directory` whose writer is gone (no
  /// process has its pid); `only` keeps the sweep to the temporaries of one
  /// target's name. Returns the names removed.
  ///
  /// A live writer's files are left alone, whoever it is; so is this
  /// process's own. A pid used again by a new process keeps its file until
  /// that one ends too.
  @discardableResult
  public static func sweep(_ directory: String, only target: String? = nil) -> [String] {
    var removed: [String] = []
    Paths.forEachName(in: directory) { name, _ in
      if let target, !name.hasPrefix(target + marker) { return }
      guard let pid = writer(ofTemporary: name), pid != getpid(), !isAlive(pid) else { return }
      if unlink(directory + "/" + name) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Whether a process with `pid` exists (one of another user counts).
  static func isAlive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
