#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-blocking, close-on-exec pipe; closed when the last owner lets go.
///
/// The waker's closure holds it, so a `Waker` used after `stop()` writes into
/// a pipe nobody reads instead of into a reused file descriptor.
final class SelfPipe: Sendable {
  let readFD: Int32
  let writeFD: Int32

  init?() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }  // pipe2 is not in Swift's Glibc module
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    readFD = fds[0]
    writeFD = fds[1]
  }

  deinit {
    close(readFD)
    close(writeFD)
  }

  /// Writes one byte (thread-safe; a full pipe already means "wake up").
  func poke() {
    var b: UInt8 = 1
    _ = write(writeFD, &b, 1)
  }

  /// Reads everything pending; returns the bytes.
  func drain() -> [UInt8] { Self.drain(readFD) }

  /// Reads everything pending on the non-blocking `fd`; returns the bytes.
  static func drain(_ fd: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 64)
    while true {
      let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) }
      if n <= 0 { break }
      out.append(contentsOf: buf[0..<n])
    }
    return out
  }
}
