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
  /// `expected` (a regular file's size) sizes the buffer once, and the bytes
  /// are read straight into it; nothing is zeroed first (a start used to
  /// clear a 64 KiB chunk, sixteen fresh pages, to read a 26 KB week).
  public static func readAll(_ fd: Int32, limit: Int = .max, expected: Int = 0) -> Result<
    [UInt8], Errno.Code
  > {
    var failure: Int32?
    var ended = false
    // One more than expected, so the read that finds the end needs no new room.
    var bytes = [UInt8](unsafeUninitializedCapacity: min(expected, limit) + 1) { buffer, count in
      count = 0
      while count < buffer.count {
        let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { failure = errno }
        if n <= 0 { break }
        count += n
      }
      ended = failure == nil && count < buffer.count
    }
    if let failure { return .failure(Errno.Code(failure)) }
    if ended || bytes.count > limit { return .success(bytes) }
    // Longer than expected (a pipe, or a file that grew): on in chunks.
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let n = read(fd, chunk.baseAddress, chunk.count)
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(Errno.Code(errno))
      }
      if n == 0 { break }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
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
