import Posix
import Schedule
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where snapshots of big sources are kept (`$XDG_CACHE_HOME/youbi/snapshots/`), and
/// who a source is.
///
/// One file a source and kind (the weeks around today, what comes next), named after a
/// hash of the source's path, replaced whole (`AtomicFile.write`) when its key differs. Only a cache: a snapshot
/// that is missing, stale, torn or foreign is never used, and the source is parsed.
public struct SnapshotStore: Sendable {
  public let directory: String
  /// Sources smaller than this are parsed every time: a snapshot would not pay.
  public static let threshold = 64 << 10
  /// The largest snapshot read (a larger file is not one of ours).
  static let limit = 64 << 20

  public init(directory: String) { self.directory = directory }

  /// The store under the cache `FeedCache` uses; nil without one.
  public init?(environment: [String: String]) {
    guard let cache = FeedCache(environment: environment) else { return nil }
    self.init(directory: FeedCache.join(cache.directory, "snapshots"))
  }

  /// Who the regular file at `path` is, to the nanosecond: its device, inode, size, and
  /// modification and change times (`touch -d` can put the first back, never the second);
  /// nil when it is not a regular file, or smaller than `smallest`.
  public static func identity(of path: String, atLeast smallest: Int = threshold) -> String? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      info.st_size >= smallest
    else { return nil }
    return "dev=\(info.st_dev) ino=\(info.st_ino) size=\(info.st_size)"
      + " mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
      + " ctime=\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
  }

  /// Who the local zone's file is (what `TZ` names, else `/etc/localtime`), or the
  /// rule `TZ` gives: a zone changed under the same name is another key.
  public static func zoneIdentity(environment: [String: String]) -> String {
    let directory = environment["TZDIR"] ?? "/usr/share/zoneinfo"
    var file = "/etc/localtime"
    if var tz = environment["TZ"] {
      if tz.hasPrefix(":") { tz.removeFirst() }
      file = tz.hasPrefix("/") ? tz : directory + "/" + tz
    }
    var info = stat()
    let found =
      stat(file, &info) == 0
      ? "dev=\(info.st_dev) ino=\(info.st_ino) size=\(info.st_size)"
        + " mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "none"
    return "TZ=\(environment["TZ"].map { "\"\($0)\"" } ?? "unset") TZDIR=\(directory) file=\(found)"
  }

  /// How a key names a zone file: `zone-file Asia/Tokyo dev=… ino=… …`.
  static let zonePrefix = "zone-file "

  /// The zone files the snapshots this process read were placed with, as they were then.
  static let zonesRelied = Mutex([String: String]())

  /// The lines a key ends with for the zone files in `zones` (name to identity), in order.
  static func zoneLines(_ zones: [String: String]) -> String {
    zones.keys.sorted().map { "\n" + zonePrefix + $0 + " " + zones[$0]! }.joined()
  }

  /// The lines a snapshot written now ends its key with: every zone file this process
  /// placed times with, read from its file (`SystemTimeZones.filesRead`) or relied on in a
  /// snapshot read. More than a schedule used is only a snapshot the sooner stale.
  public static var zoneLinesNow: String {
    var zones = SystemTimeZones.filesRead
    zones.merge(zonesRelied.withLock { $0 }) { read, _ in read }
    return zoneLines(zones)
  }

  /// The snapshot file of `kind` of the source at `path`.
  public func file(for path: String, kind: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return FeedCache.join(
      directory, String(repeating: "0", count: 16 - hex.count) + hex + "." + kind + ".snapshot")
  }

  /// The snapshot of the source at `path` under `key` and the zone files it was placed
  /// with (`zoneLines`: those its own key names, as they are now); nil when there is none,
  /// or the one there is for another key or zone file, torn or corrupted.
  public func read(for path: String, kind: String, key: String) -> ScheduleSnapshot? {
    let file = file(for: path, kind: kind)
    // One of another key is refused from its first bytes: a stale snapshot of a big
    // source is not read whole, beside the parse that follows, only to be refused.
    if let head = CacheFile.head(file, count: 1 << 16),
      let stored = ScheduleSnapshot.storedKey(head), !stored.hasPrefix(key)
    {
      return nil
    }
    guard let bytes = CacheFile.read(file, limit: Self.limit) else { return nil }
    var named: [String: String] = [:]
    for line in (ScheduleSnapshot.storedKey(bytes) ?? "").split(separator: "\n")
    where line.hasPrefix(Self.zonePrefix) {
      let words = line.dropFirst(Self.zonePrefix.count).split(separator: " ", maxSplits: 1)
      named[String(words[0])] = SystemTimeZones.fileIdentity(ofZone: String(words[0]))
    }
    guard let found = try? ScheduleSnapshot.decode(bytes, key: key + Self.zoneLines(named))
    else { return nil }
    Self.zonesRelied.withLock { $0.merge(named) { old, _ in old } }
    return found
  }

  /// Puts `snapshot` in place for the source at `path`, whole or not at all; a failure
  /// (a full disk, a read-only cache) is only a snapshot fewer.
  public func write(_ snapshot: ScheduleSnapshot, for path: String, kind: String, key: String) {
    let bytes = snapshot.encoded(key: key)
    write(for: path, kind: kind) { sink in
      sink(bytes)
      return ([], 0)
    }
  }

  /// Puts the snapshot `encode` writes (`ScheduleSnapshot.encode`) in place, as `write`
  /// does: each piece `encode` hands its sink goes to the file as it comes, then the
  /// bytes it returns over the ones at their offset.
  public func write(
    for path: String, kind: String,
    _ encode: (_ sink: @escaping ([UInt8]) -> Void) -> (bytes: [UInt8], at: Int)
  ) {
    let target = file(for: path, kind: kind)
    do throws(AtomicFile.Failure) {
      try CacheFile.makeDirectories(directory)
      _ = AtomicFile.sweep(directory, only: Paths.split(target).name)
      var temporary = try AtomicFile.Temporary(beside: target)
      let writing = temporary
      var failure: AtomicFile.Failure?
      let header = encode { piece in
        guard failure == nil else { return }
        do throws(AtomicFile.Failure) { try writing.write(piece) } catch { failure = error }
      }
      do throws(AtomicFile.Failure) {
        if let failure { throw failure }
        try temporary.write(header.bytes, at: header.at)
        try temporary.commit(to: target)
      } catch {
        temporary.discard()
        throw error
      }
    } catch {
      return
    }
  }
}
