import JSON
import Posix
import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The progress writes waiting to be sent, in `$XDG_STATE_HOME/youbi/sync.json` (`0600`),
/// in the order they were asked for.
///
/// Every change is made under the queue's lock (`sync.lock`) and written atomically
/// (a new temporary file, synced, renamed over the old one, the directory synced), so a
/// `kill -9` at any instant leaves the queue before the change or after it, whole. One
/// write a show: a newer one for the same show raises the number where it waits, so
/// sending twice sets the same progress and the order of shows is kept.
public struct SyncQueue: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  /// The queue beside the state file, or nil when there is no state directory.
  public init?(environment: [String: String]) {
    guard case .success(let state) = StateLocation.stateFile(environment: environment) else {
      return nil
    }
    self.init(path: Paths.parent(of: state) + "/sync.json")
  }

  var lockPath: String {
    path.hasSuffix(".json") ? String(path.dropLast(5)) + ".lock" : path + ".lock"
  }

  /// Runs `body` on the queue under its lock, writing what it leaves when that changed.
  func locked<T>(
    clock: any AppClock, _ body: (inout [SyncRequest]) -> T
  ) throws(CacheFile.Failure) -> T {
    try CacheFile.makeDirectories(Paths.parent(of: path))
    let lock = try CacheFile.lock(lockPath, timeout: .seconds(90), clock: clock)
    defer { close(lock.fd) }
    AtomicFile.sweep(Paths.parent(of: path), only: Paths.split(path).name)
    let before = Self.decode(CacheFile.read(path, limit: 1 << 22) ?? [])
    var queue = before
    let result = body(&queue)
    if queue != before { try CacheFile.write(Self.encode(queue), to: path) }
    return result
  }

  /// Adds `request`: a write already waiting for its show is raised to it (never lowered).
  func add(_ request: SyncRequest, clock: any AppClock) throws(CacheFile.Failure) {
    try locked(clock: clock) { queue in
      Self.add(request, to: &queue)
    }
  }

  /// `queue` with `request` in it, one write a show.
  static func add(_ request: SyncRequest, to queue: inout [SyncRequest]) {
    if let i = queue.firstIndex(where: { $0.account == request.account && $0.show == request.show })
    {
      queue[i].progress = max(queue[i].progress, request.progress)
    } else {
      queue.append(request)
    }
  }

  /// The writes waiting now (read without the lock: a file is always whole).
  public func pending() -> [SyncRequest] {
    Self.decode(CacheFile.read(path, limit: 1 << 22) ?? [])
  }

  /// The file's JSON: `{"version": 1, "writes": [{"account", "show", "progress"}]}`.
  static func encode(_ queue: [SyncRequest]) -> [UInt8] {
    let writes = queue.map { request in
      JSONValue.object([
        .init("account", .string(request.account.text)), .init("show", .string(request.show)),
        .init("progress", .number(request.progress)),
      ])
    }
    let top = JSONValue.object([.init("version", .number(1)), .init("writes", .array(writes))])
    return ((try? JSONWriter(indent: 1).write(top)) ?? []) + [0x0A]
  }

  /// The writes of the file's JSON; an entry that cannot be read is left out.
  static func decode(_ bytes: [UInt8]) -> [SyncRequest] {
    guard !bytes.isEmpty, let tree = try? JSONValue(parsing: bytes),
      let writes = tree["writes"]?.array
    else { return [] }
    return writes.compactMap { write in
      guard let text = write["account"]?.string, let account = try? WebURL(checking: text),
        let show = write["show"]?.string, let progress = write["progress"]?.number?.int
      else { return nil }
      return SyncRequest(account: account, show: show, progress: progress)
    }
  }
}
