import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's time zone database, read through libc: `localtime_r` for the local zone
/// (so `TZ` is honoured), and for another zone `TZ` set to its name around `mktime`.
///
/// libc keeps one time zone per process and reads it from the environment, so setting
/// `TZ` for a moment would race with any other thread asking for local time (the UI's
/// clock does, every frame). Every use of the process's zone, here and in the app's
/// clock, goes through `withZone`, one process-wide lock, and `TZ` is put back before
/// the lock is released.
public struct SystemTimeZones: TimeZoneDatabase {
  /// The zone taken as local instead of the process's (`TZ`): tests name one, so they
  /// do not depend on the machine's.
  public let localZone: String?

  public init(localZone: String? = nil) { self.localZone = localZone }

  /// Runs `body` holding the lock on the process's time zone.
  ///
  /// Whoever calls `localtime_r`, `mktime`, `tzset` or changes `TZ` while other threads
  /// run must do it inside this.
  public static func withZone<T: Sendable>(_ body: () -> T) -> T {
    zoneLock.mutex.withLock { _ in body() }
  }

  public func localOffset(at utc: Int64) -> Int {
    if let localZone { return offsets(at: [utc], inZone: localZone)?.first ?? 0 }
    return Self.withZone {
      var t = time_t(utc)
      var parts = tm()
      localtime_r(&t, &parts)
      return Int(parts.tm_gmtoff)
    }
  }

  public func instant(ofLocal local: Int64, inZone id: String) -> Int64? {
    Self.inZone(id) { () -> Int64 in
      var t = time_t(local)
      var parts = tm()
      gmtime_r(&t, &parts)
      parts.tm_isdst = -1
      return Int64(mktime(&parts))
    }
  }

  public func offsets(at instants: [Int64], inZone id: String?) -> [Int]? {
    func offsets() -> [Int] {
      instants.map { utc in
        var t = time_t(utc)
        var parts = tm()
        localtime_r(&t, &parts)
        return Int(parts.tm_gmtoff)
      }
    }
    guard let id = id ?? localZone else { return Self.withZone { offsets() } }
    return Self.inZone(id) { offsets() }
  }

  /// Runs `body` with the process's zone set to `id` (holding the lock), then puts `TZ`
  /// back; nil when `id` names no zone file.
  static func inZone<T: Sendable>(_ id: String, _ body: () -> T) -> T? {
    guard isZoneName(id) else { return nil }
    return withZone { () -> T? in
      let directory = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
      var info = stat()
      guard stat(directory + "/" + id, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        return nil
      }
      let saved = getenv("TZ").map { String(cString: $0) }
      setenv("TZ", id, 1)
      tzset()
      let result = body()
      if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
      tzset()
      return result
    }
  }

  /// Whether `id` can only name a file under the zone directory: letters, digits and
  /// `_+-./`, no empty or dot-led part (so no `..`), not absolute.
  static func isZoneName(_ id: String) -> Bool {
    guard !id.isEmpty, id.utf8.count <= 200 else { return false }
    let allowed = id.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "_+-./".unicodeScalars.contains($0))
    }
    return allowed
      && id.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
        !$0.isEmpty && !$0.hasPrefix(".")
      }
  }
}

/// The lock on the process's time zone (a class, since a `Mutex` cannot be copied).
private final class ZoneLock: Sendable {
  let mutex = Mutex(())
}

private let zoneLock = ZoneLock()
