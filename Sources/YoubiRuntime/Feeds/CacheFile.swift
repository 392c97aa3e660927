import Posix
import Synchronization
import YoubiCore

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
    func write(_ bytes: some Collection<UInt8>) throws(Failure) {
      if let code = FileDescriptor.writeAll(fd, bytes) { throw Failure(code, path) }
    }

    /// Syncs the file and renames it over `target`, then syncs the directory;
    /// returns the file's `FeedCache.stamp` (a rename keeps it).
    @discardableResult
    mutating func commit(to target: String) throws(Failure) -> String? {
      var failure: Failure? = nil
      var info = stat()
      if fsync(fd) != 0 { failure = Failure(errno, path) }
      if failure == nil && fstat(fd, &info) != 0 { failure = Failure(errno, path) }
      if close(fd) != 0 && failure == nil { failure = Failure(errno, path) }
      fd = -1
      if failure == nil && rename(path, target) != 0 { failure = Failure(errno, target) }
      if let failure {
        unlink(path)
        throw failure
      }
      if let code = Paths.syncDirectory(Paths.parent(of: target)) {
        throw Failure(code, Paths.parent(of: target))
      }
      return FeedCache.stamp(info)
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
      try temporary.write(bytes)
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
    guard case .success(let bytes) = FileDescriptor.readAll(fd, limit: limit), bytes.count <= limit
    else { return nil }
    return bytes
  }

  /// Removes the temporary files a killed writer left beside `target`. Call
  /// it holding the target's lock: no live writer has one open then.
  static func removeLeftovers(beside target: String) {
    let (directory, name) = Paths.split(target)
    let prefix = name + ".tmp-"
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { unlink(directory + "/" + name) }
    }
  }

  /// `mkdir -p`, new directories private to the user (the XDG rule for the cache).
  static func makeDirectories(_ directory: String) throws(Failure) {
    if let (code, path) = Paths.makeDirectories(directory, mode: 0o700) {
      throw Failure(code, path)
    }
  }

  /// Takes an exclusive lock on `path` (created if need be, never through a
  /// symlink), waiting up to `timeout` on `clock`; returns the descriptor that holds it
  /// (closing it releases the lock) and whether another process held it first.
  static func lock(_ path: String, timeout: Duration, clock: any AppClock) throws(Failure) -> (
    fd: Int32, waited: Bool
  ) {
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw Failure(errno, path) }
    let deadline = clock.now().uptime + timeout
    var waited = false
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      waited = true
      if code == ENOLCK || code == EOPNOTSUPP { break }  // no locks here: go on unlocked
      guard code == EWOULDBLOCK || code == EINTR, clock.now().uptime < deadline else {
        close(fd)
        throw Failure(code, path)
      }
      usleep(20_000)
    }
    return (fd, waited)
  }
}

/// `read(2)`, named so code beside methods called `read` can call it.
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
