#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local zone, chosen as libc chooses it, but read once and kept as a value.
extension SystemTimeZones {
  /// Reads the local zone now: call it once, first thing, before any thread starts
  /// (it reads `TZ` and `TZDIR` from the environment).
  public static func prepareLocalZone() { _ = local }

  /// Where the zone files are: `TZDIR`, else `/usr/share/zoneinfo`; read once.
  static let zoneDirectory = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"

  /// The process's local zone, read the first time it is asked for (`prepareLocalZone`).
  static let local: TZif = localZone(
    tz: getenv("TZ").map { String(cString: $0) }, directory: zoneDirectory)

  /// The zone `TZ` names, as glibc reads it (tzset(3)): unset, `/etc/localtime`; empty,
  /// UTC; `:` followed by a file, or a file (absolute, or under `directory`); else a
  /// POSIX rule such as `JST-9` or `EST5EDT,M3.2.0,M11.1.0`. Anything else is UTC.
  static func localZone(tz: String?, directory: String) -> TZif {
    let utc = TZif(transitions: [], offsets: [], initial: 0, rule: nil)
    guard var name = tz else {
      return readFile("/etc/localtime").flatMap { TZif(bytes: $0) } ?? utc
    }
    if name.hasPrefix(":") { name.removeFirst() }
    guard !name.isEmpty else { return utc }
    if name.hasPrefix("/") { return readFile(name).flatMap { TZif(bytes: $0) } ?? utc }
    if isZoneName(name), let bytes = readFile(directory + "/" + name), let zone = TZif(bytes: bytes)
    {
      return zone
    }
    guard let rule = TZRule(name) else { return utc }
    return TZif(transitions: [], offsets: [], initial: rule.standard, rule: rule)
  }
}
