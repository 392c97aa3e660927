import Posix
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files in the cache: each written whole (`AtomicFile`), so a kill at any
/// moment leaves the old version or the new one; read only when regular and
/// within a size, never through a link; and locked one fetch at a time.
enum CacheFile {
  /// What went wrong, with the file, as one line.
  typealias Failure = AtomicFile.Failure
  /// A temporary file being written, to be committed over its target or discarded.
  typealias Temporary = AtomicFile.Temporary

  /// Writes `bytes` to `path` atomically; returns the new file's `FeedCache.stamp`.
  @discardableResult
  static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) -> String? {
    FeedCache.stamp(try AtomicFile.write(bytes, to: path))
  }

  /// The whole of a regular file, or nil (missing, not regular, larger than `limit`).
  static func read(_ path: String, limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit
    else { return nil }
    // Into one buffer of the size fstat says (a snapshot of 200 KB, read in 64 KiB
    // chunks, was copied three times over).
    guard
      case .success(let bytes) = FileDescriptor.readAll(
        fd, limit: limit, expected: Int(info.st_size)),
      bytes.count <= limit
    else { return nil }
    return bytes
  }

  /// The first `count` bytes of the regular file at `path` (fewer when it is shorter);
  /// nil when it cannot be read.
  static func head(_ path: String, count: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: min(count, Int(info.st_size)))
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard n >= 0 else { return nil }
    return Array(bytes.prefix(n))
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
