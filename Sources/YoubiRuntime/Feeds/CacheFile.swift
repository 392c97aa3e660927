import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files in the cache, written so that a kill at any moment leaves the old
/// version or the new one: a new temporary file beside the target (a unique
/// name, `O_EXCL | O_NOFOLLOW`, so nothing planted there is followed or
/// reused), written, synced, renamed over the target, and the directory synced.
enum CacheFile {
  /// What went wrong, with the file, as one line.
  struct Failure: Error, Equatable {
    var code: Int32
    var path: String
    var message: String { "\(String(cString: strerror(code))) (\(path))" }
    init(_ code: Int32, _ path: String) {
      self.code = code
      self.path = path
    }
  }

  private static let counter = Atomic<Int>(0)

  /// A temporary file being written, to be committed over its target or discarded.
  struct Temporary {
    let path: String
    private(set) var fd: Int32

    /// A new, empty temporary file beside `target`.
    init(beside target: String) throws(Failure) {
      let n = CacheFile.counter.add(1, ordering: .relaxed).newValue
      path = "\(target).tmp-\(getpid())-\(n)"
      fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard fd >= 0 else { throw Failure(errno, path) }
    }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
      var rest = bytes
      while !rest.isEmpty {
        let n = posixWrite(fd, rest.baseAddress, rest.count)
        if n < 0 {
          if errno == EINTR { continue }
          throw Failure(errno, path)
        }
        rest = UnsafeRawBufferPointer(rebasing: rest[n...])
      }
    }

    /// Syncs the file and renames it over `target`, then syncs the directory.
    mutating func commit(to target: String) throws(Failure) {
      var failure: Failure? = nil
      if fsync(fd) != 0 { failure = Failure(errno, path) }
      if close(fd) != 0 && failure == nil { failure = Failure(errno, path) }
      fd = -1
      if failure == nil && rename(path, target) != 0 { failure = Failure(errno, target) }
      if let failure {
        unlink(path)
        throw failure
      }
      try CacheFile.syncDirectory(CacheFile.parent(of: target))
    }

    /// Closes and removes the file.
    mutating func discard() {
      if fd >= 0 { close(fd) }
      fd = -1
      unlink(path)
    }
  }

  /// Writes `bytes` to `path` atomically.
  static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    var temporary = try Temporary(beside: path)
    do throws(Failure) {
      try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
        try temporary.write(UnsafeRawBufferPointer(buffer))
      }
      try temporary.commit(to: path)
    } catch {
      temporary.discard()
      throw error
    }
  }

  /// The whole of a regular file, or nil (missing, not regular, larger than `limit`).
  static func read(_ path: String, limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit
    else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return n == 0 ? bytes : nil }
      bytes += chunk[..<n]
    }
    return nil
  }

  /// Removes the temporary files a killed writer left beside `target`. Call
  /// it holding the target's lock: no live writer has one open then.
  static func removeLeftovers(beside target: String) {
    let slash = target.lastIndex(of: "/")!
    let directory = String(target[..<slash])
    let prefix = String(target[target.index(after: slash)...]) + ".tmp-"
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { unlink(directory + "/" + name) }
    }
  }

  /// `mkdir -p`, new directories private to the user (the XDG rule for state
  /// and cache); something that is not a directory in the way is an error.
  static func makeDirectories(_ directory: String) throws(Failure) {
    var path = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      path += "/" + component
      if mkdir(path, 0o700) == 0 { continue }
      let code = errno
      var info = stat()
      guard stat(path, &info) == 0 else { throw Failure(code, path) }
      guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(ENOTDIR, path) }
    }
  }

  /// Takes an exclusive lock on `path` (created if need be, never through a
  /// symlink), waiting up to `timeout`; returns the descriptor that holds it
  /// (closing it releases the lock) and whether another process held it first.
  static func lock(_ path: String, timeout: Duration) throws(Failure) -> (
    fd: Int32, waited: Bool
  ) {
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw Failure(errno, path) }
    let deadline = Monotonic.now + timeout
    var waited = false
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      waited = true
      if code == ENOLCK || code == EOPNOTSUPP { break }  // no locks here: go on unlocked
      guard code == EWOULDBLOCK || code == EINTR, Monotonic.now < deadline else {
        close(fd)
        throw Failure(code, path)
      }
      usleep(20_000)
    }
    return (fd, waited)
  }

  /// Syncs `directory`, so a rename in it is durable.
  static func syncDirectory(_ directory: String) throws(Failure) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(errno, directory) }
    defer { close(fd) }
    // Some file systems cannot sync a directory; the rename is still atomic there.
    if fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP { throw Failure(errno, directory) }
  }

  /// The directory holding `path`.
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

/// `write(2)` and `read(2)`, named so the methods called `write` and `read` can call them.
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}

func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
