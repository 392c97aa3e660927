import JSON
import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where subscriptions are kept: `$XDG_CACHE_HOME/youbi/` (default `~/.cache/youbi/`).
///
/// One body and one small metadata file per URL, named after the URL's host
/// and a hash of the whole URL (`example.org-1f3a….body`, `….meta`), and a
/// lock file that one fetch of that URL holds at a time, so two youbis
/// sharing the cache neither fetch it twice at once nor mix their writes.
/// Every file is written atomically (`CacheFile`): a kill at any moment
/// leaves the old copy or the new one.
public struct FeedCache: Sendable {
  public let directory: String

  public init(directory: String) { self.directory = directory }

  /// The cache at the XDG location `environment` names; nil when neither
  /// `XDG_CACHE_HOME` (absolute) nor `HOME` is set.
  public init?(environment: [String: String]) {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      self.init(directory: Self.join(base, "youbi"))
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      self.init(directory: Self.join(home, ".cache/youbi"))
    } else {
      return nil
    }
  }

  /// The name shared by a URL's files, without the extension.
  public func key(_ url: WebURL) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
    for byte in url.text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let host = url.host.lowercased().unicodeScalars.map { s -> Character in
      s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "." || s == "-")
        ? Character(s) : "_"
    }
    let hex = String(hash, radix: 16)
    return String(host.prefix(40)) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  public func bodyPath(_ url: WebURL) -> String { Self.join(directory, key(url) + ".body") }
  public func metaPath(_ url: WebURL) -> String { Self.join(directory, key(url) + ".meta") }
  func lockPath(_ url: WebURL) -> String { Self.join(directory, key(url) + ".lock") }

  /// What the cache knows of `url`; nil when nothing, or when its metadata
  /// is unreadable or belongs to another URL (a hash collision).
  public func meta(_ url: WebURL) -> FeedMeta? {
    guard let bytes = CacheFile.read(metaPath(url), limit: 1 << 16),
      let meta = FeedMeta(json: bytes), meta.url == url.text
    else { return nil }
    return meta
  }

  /// Whether there is a copy: a body is only ever put in place whole and
  /// after it parsed, so any body there is a good one.
  public func hasBody(_ url: WebURL) -> Bool { Self.stamp(of: bodyPath(url)) != nil }

  /// Whether `meta` describes the body there now, so its validators may be
  /// sent: the body and the metadata are two files, and a kill between their
  /// writes leaves a new body beside the old metadata.
  public func describes(_ meta: FeedMeta?, _ url: WebURL) -> Bool {
    guard let stamp = meta?.bodyStamp else { return false }
    return Self.stamp(of: bodyPath(url)) == stamp
  }

  /// When the copy of `url` was last known current, as of `now` (wall
  /// seconds): nil (stale: fetch it now) when the metadata does not describe
  /// the body there, or the stamp is before 1970 or after `now` (a clock that
  /// was wrong, a hand-made file): a copy from the future is not fresh for a year.
  public func fetchedAt(_ url: WebURL, now: Int64) -> Int64? {
    let meta = meta(url)
    guard describes(meta, url), let fetched = meta?.fetchedAt, fetched >= 0, fetched <= now
    else { return nil }
    return fetched
  }

  /// Who a regular file is: its inode, size and modification time to the
  /// nanosecond (a new body is a new inode, made while the old one still
  /// exists); nil when there is none.
  static func stamp(of path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return stamp(info)
  }

  static func stamp(_ info: stat) -> String? {
    guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }

  static func join(_ base: String, _ rest: String) -> String {
    base.hasSuffix("/") ? base + rest : base + "/" + rest
  }
}

/// The small file beside a cached body: the URL, the validators for a
/// conditional request, when the copy was last known current, and how the
/// last fetch went.
public struct FeedMeta: Equatable, Sendable {
  public var url: String
  public var etag: String?
  public var lastModified: String?
  /// Wall seconds when the body was last fetched or confirmed (304).
  public var fetchedAt: Int64?
  /// Wall seconds of the last attempt, whatever came of it.
  public var attemptedAt: Int64?
  /// `updated`, `not modified`, or why the last attempt failed.
  public var status: String
  /// The body's size in bytes; nil when there is no body.
  public var bodySize: Int?
  /// The body these validators belong to (`FeedCache.stamp`).
  public var bodyStamp: String?

  public init(url: String, status: String = "") {
    self.url = url
    self.status = status
  }

  init?(json bytes: [UInt8]) {
    guard let value = try? JSONValue(parsing: bytes), let url = value["url"]?.string else {
      return nil
    }
    self.init(url: url, status: value["status"]?.string ?? "")
    etag = value["etag"]?.string
    lastModified = value["lastModified"]?.string
    fetchedAt = value["fetchedAt"]?.number?.int.map(Int64.init)
    attemptedAt = value["attemptedAt"]?.number?.int.map(Int64.init)
    bodySize = value["bodySize"]?.number?.int
    bodyStamp = value["bodyStamp"]?.string
  }

  var json: [UInt8] {
    var members: [JSONValue.Member] = [.init("url", .string(url))]
    if let etag { members.append(.init("etag", .string(etag))) }
    if let lastModified { members.append(.init("lastModified", .string(lastModified))) }
    if let fetchedAt { members.append(.init("fetchedAt", .number(Int(fetchedAt)))) }
    if let attemptedAt { members.append(.init("attemptedAt", .number(Int(attemptedAt)))) }
    members.append(.init("status", .string(status)))
    if let bodySize { members.append(.init("bodySize", .number(bodySize))) }
    if let bodyStamp { members.append(.init("bodyStamp", .string(bodyStamp))) }
    let bytes = (try? JSONWriter(indent: 2).write(.object(members))) ?? []
    return bytes + [0x0A]
  }
}
