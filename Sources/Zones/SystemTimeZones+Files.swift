#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which zone files a run's times were placed with: what a snapshot of the result depends
/// on beyond the local zone (a source's own zone, such as `Asia/Tokyo`), so that a zone
/// database update is never read past.
extension SystemTimeZones {
  /// Who the file of each zone read so far (other than the local one, read apart) was
  /// when it was read, by name; `none` for one whose file could not be read.
  public static var filesRead: [String: String] { zoneCache.files.withLock { $0 } }

  /// Who the file of zone `id` is now, as `filesRead` says it.
  public static func fileIdentity(ofZone id: String) -> String {
    var info = stat()
    guard isZoneName(id), stat(zoneDirectory + "/" + id, &info) == 0,
      (info.st_mode & S_IFMT) == S_IFREG
    else { return "none" }
    return identity(info)
  }

  /// A file's device, inode, size, and modification and change times to the nanosecond.
  static func identity(_ info: stat) -> String {
    "dev=\(info.st_dev) ino=\(info.st_ino) size=\(info.st_size)"
      + " mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
      + " ctime=\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
  }
}
