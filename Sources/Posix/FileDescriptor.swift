#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole reads and writes on a file descriptor, `EINTR` retried.
public enum FileDescriptor {
  /// Everything `fd` holds until end of file, or the `errno` of a failed read.
  ///
  /// Stops once more than `limit` bytes are in (the caller names the size),
  /// so a huge or endless input costs at most `limit` plus one chunk.
  /// `expected` (a regular file's size) sizes the buffer once.
  public static func readAll(_ fd: Int32, limit: Int = .max, expected: Int = 0) -> Result<
    [UInt8], Errno.Code
  > {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expected, limit) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(Errno.Code(errno))
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
      if bytes.count > limit { break }
    }
    return .success(bytes)
  }

  /// Writes all of `bytes` to `fd`; returns the `errno` of a failed write.
  public static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Int32? {
    var rest = Array(bytes)[...]
    while !rest.isEmpty {
      let n = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      rest = rest.dropFirst(n)
    }
    return nil
  }
}

extension Errno {
  /// An `errno` value as an error.
  public struct Code: Error, Equatable, Sendable {
    public var value: Int32
    public init(_ value: Int32) { self.value = value }
  }
}
