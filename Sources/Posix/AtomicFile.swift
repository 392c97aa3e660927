import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way a file is replaced whole: a new temporary file beside the
/// target, written, synced, renamed over the target, and the directory synced.
///
/// A kill at any moment leaves the old version or the new one, never a torn
/// one. The temporary file is `NAME.tmp-<pid>-<random>`, made new (`O_EXCL |
/// O_NOFOLLOW`), so nothing planted beside the target is followed or reused;
/// the pid in its name lets a later youbi sweep what a killed one left
/// (`sweep(_:)`). Every temporary this process has open is listed, so the
/// ones still there when youbi quits are removed (`removeOwnTemporaries()`).
public enum AtomicFile {
  /// What went wrong, with the file it went wrong on.
  public struct Failure: Error, Equatable, Sendable {
    public var code: Int32
    public var path: String
    public init(_ code: Int32, _ path: String) {
      self.code = code
      self.path = path
    }
    /// `No space left on device (/path)`.
    public var message: String { "\(String(cString: strerror(code))) (\(path))" }
  }

  /// The mark in a temporary file's name, between the target's name and the pid.
  public static let marker = ".tmp-"

  /// The paths of this process's temporary files not yet committed or discarded.
  private static let live = Mutex<Set<String>>([])

  /// A temporary file being written, to be committed over its target or discarded.
  public struct Temporary {
    public let path: String
    public private(set) var fd: Int32

    /// A new, empty temporary file beside `target`.
    public init(beside target: String) throws(Failure) {
      var path = ""
      var fd: Int32 = -1
      for _ in 0..<100 where fd < 0 {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        path = "\(target)\(AtomicFile.marker)\(getpid())-\(random)"
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 && errno != EEXIST { break }
      }
      guard fd >= 0 else { throw Failure(errno, path) }
      self.path = path
      self.fd = fd
      _ = AtomicFile.live.withLock { $0.insert(path) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: some Collection<UInt8>) throws(Failure) {
      if let code = FileDescriptor.writeAll(fd, bytes) { throw Failure(code, path) }
    }

    /// Writes `bytes` over the file's bytes at `offset` (what was written there before).
    public func write(_ bytes: [UInt8], at offset: Int) throws(Failure) {
      var done = 0
      while done < bytes.count {
        let n = bytes.withUnsafeBytes { all in
          pwrite(fd, all.baseAddress! + done, all.count - done, off_t(offset + done))
        }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw Failure(n < 0 ? errno : EIO, path) }
        done += n
      }
    }

    /// Syncs the file and renames it over `target`, then syncs the directory;
    /// returns the file's status (a rename keeps its inode). On a failure the
    /// temporary file is gone.
    @discardableResult
    public mutating func commit(to target: String) throws(Failure) -> stat {
      var failure: Failure? = nil
      var info = stat()
      if fsync(fd) != 0 { failure = Failure(errno, path) }
      if failure == nil && fstat(fd, &info) != 0 { failure = Failure(errno, path) }
      if close(fd) != 0 && failure == nil { failure = Failure(errno, path) }
      fd = -1
      if failure == nil && rename(path, target) != 0 { failure = Failure(errno, target) }
      if let failure {
        unlink(path)
        AtomicFile.forget(path)
        throw failure
      }
      AtomicFile.forget(path)
      let directory = Paths.parent(of: target)
      if let code = Paths.syncDirectory(directory) { throw Failure(code, directory) }
      return info
    }

    /// Closes and removes the file (again is harmless).
    public mutating func discard() {
      if fd >= 0 { close(fd) }
      fd = -1
      unlink(path)
      AtomicFile.forget(path)
    }
  }

  /// Writes `bytes` to `path` atomically; returns the new file's status.
  @discardableResult
  public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure)
    -> stat
  {
    var temporary = try Temporary(beside: path)
    do throws(Failure) {
      try temporary.write(bytes)
      return try temporary.commit(to: path)
    } catch {
      temporary.discard()
      throw error
    }
  }

  private static func forget(_ path: String) { _ = live.withLock { $0.remove(path) } }

  /// Removes every temporary file this process still has in `directory`
  /// (youbi is quitting, with writes cut short); returns how many there were.
  @discardableResult
  public static func removeOwnTemporaries(in directory: String) -> Int {
    live.withLock { paths in
      let here = paths.filter { Paths.parent(of: $0) == directory }
      for path in here {
        unlink(path)
        paths.remove(path)
      }
      return here.count
    }
  }
}
