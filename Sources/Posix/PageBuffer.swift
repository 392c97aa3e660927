#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's bytes in memory pages of their own, which a reader that goes through them
/// once hands back as it goes (`release(below:)`).
///
/// A large file read whole and kept whole until the last of it is read costs its size on
/// top of everything made from it: bangumi-data's 7.7 MB, beside the 8,800 shows read
/// from it. Handing back the pages already read keeps the peak near what is made. The
/// pages are anonymous memory, not a mapping of the file, so a file cut short while it
/// is read (an editor saving, `curl -o`) cannot fault the reader: it read a copy.
public final class PageBuffer {
  /// The bytes read; those below `released` read as zeros.
  public let bytes: UnsafeBufferPointer<UInt8>
  let base: UnsafeMutableRawPointer
  let length: Int
  /// Bytes below this offset are handed back (a whole number of pages).
  public private(set) var released = 0

  static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Reads `fd` to its end into pages of its own, expecting `size` bytes (a regular
  /// file's size); nil when the file holds more than that now (it grew: read it another
  /// way) or when no memory can be had.
  ///
  /// - Throws: the `errno` of a failed read.
  public static func reading(_ fd: Int32, size: Int) throws(Errno.Code) -> PageBuffer? {
    // One byte more than expected, so a file that grew shows it.
    let length = (size + 1 + pageSize - 1) / pageSize * pageSize
    let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let mapped, mapped != MAP_FAILED else { return nil }
    var count = 0
    while count < length {
      let n = read(fd, mapped + count, length - count)
      if n < 0 {
        if errno == EINTR { continue }
        let code = errno
        munmap(mapped, length)
        throw Errno.Code(code)
      }
      if n == 0 { break }
      count += n
    }
    guard count <= size else {
      munmap(mapped, length)
      return nil
    }
    return PageBuffer(base: mapped, length: length, count: count)
  }

  init(base: UnsafeMutableRawPointer, length: Int, count: Int) {
    self.base = base
    self.length = length
    self.bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
  }

  /// Hands back the whole pages below `offset`: the reader is past them and never reads
  /// them again (they would read as zeros).
  public func release(below offset: Int) {
    let end = min(offset, bytes.count) / Self.pageSize * Self.pageSize
    guard end > released else { return }
    _ = madvise(base + released, end - released, MADV_DONTNEED)
    released = end
  }

  deinit { munmap(base, length) }
}
