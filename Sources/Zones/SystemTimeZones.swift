import Posix
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's time zone database, read in Swift from its TZif files (`TZif`): the
/// local zone as `TZ` names it (else `/etc/localtime`), read once at start, and any
/// other zone from its file.
///
/// libc keeps one time zone per process and reads it from the environment, so asking
/// it about another zone would mean setting `TZ`, which races with every thread that
/// reads the environment. Reading the zone's file ourselves touches nothing shared but
/// the cache of zones already read, and the local zone is a constant.
public struct SystemTimeZones: TimeZoneDatabase {
  /// The zone taken as local instead of the process's (`TZ`): tests name one, so they
  /// do not depend on the machine's.
  public let localZone: String?

  public init(localZone: String? = nil) { self.localZone = localZone }

  /// The offset of the process's local zone at `utc` (`localZone` when set).
  public func localOffset(at utc: Int64) -> Int {
    if let localZone { return offsets(at: [utc], inZone: localZone)?.first ?? 0 }
    return Self.local.offset(at: utc)
  }

  public func instant(ofLocal local: Int64, inZone id: String) -> Int64? {
    Self.zone(id)?.instant(ofLocal: local)
  }

  public func offsets(at instants: [Int64], inZone id: String?) -> [Int]? {
    guard let id = id ?? localZone else { return instants.map { localOffset(at: $0) } }
    guard let zone = Self.zone(id) else { return nil }
    return instants.map { zone.offset(at: $0) }
  }

  /// The zone `id` read from its file under `TZDIR` (else `/usr/share/zoneinfo`), from
  /// the cache after the first time; nil when `id` names no readable, well-formed file.
  static func zone(_ id: String) -> TZif? {
    guard isZoneName(id) else { return nil }
    if let known = zoneCache.zones.withLock({ $0[id] }) { return known }
    var identity = "none"
    let zone = readFile(zoneDirectory + "/" + id, identity: &identity).flatMap {
      TZif(bytes: $0)
    }
    zoneCache.files.withLock { $0[id] = identity }
    if let zone { zoneCache.zones.withLock { $0[id] = zone } }
    return zone
  }

  /// The bytes of the regular file at `path` (at most a megabyte); nil when it cannot
  /// be read.
  static func readFile(_ path: String) -> [UInt8]? {
    var identity = ""
    return readFile(path, identity: &identity)
  }

  /// The bytes of the regular file at `path`, as `readFile(_:)` reads them, and who the
  /// file read was (`identity(_:)`).
  static func readFile(_ path: String, identity: inout String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      info.st_size <= 1 << 20
    else { return nil }
    identity = Self.identity(info)
    guard case .success(let bytes) = FileDescriptor.readAll(fd, limit: 1 << 20),
      bytes.count <= 1 << 20
    else { return nil }
    return bytes
  }

  /// Whether `id` can only name a file under the zone directory: letters, digits and
  /// `_+-./`, no empty or dot-led part (so no `..`), not absolute.
  package static func isZoneName(_ id: String) -> Bool {
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

/// The zones read so far, by name (a handful in a run), and who each one's file was when
/// it was read (`none`: it could not be).
final class ZoneCache: Sendable {
  let zones = Mutex([String: TZif]())
  let files = Mutex([String: String]())
}

let zoneCache = ZoneCache()
