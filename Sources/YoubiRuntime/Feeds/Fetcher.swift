import Posix
import Schedule
import Synchronization
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fetches subscriptions into the cache with the system's `curl`.
///
/// Every call blocks for up to a minute: the run loop calls it on a
/// background thread, `youbi --refresh` in the foreground. One fetch of a URL
/// runs at a time across every youbi sharing the cache (its lock); a body
/// replaces the cached copy only when it came whole, within the cap, and
/// parses as a schedule.
public struct Fetcher: Sendable {
  public let cache: FeedCache
  /// The environment curl runs with (its `PATH`, proxies and certificates).
  public let environment: [String: String]
  /// What the wait for another youbi's lock is timed with.
  public let clock: any AppClock
  /// What curl calls itself to servers: youbi and its version.
  public let userAgent: String
  /// The curls running now, ended when youbi quits.
  let running = Running()
  /// The tracker accounts, by their list's address: fetched from the tracker's API
  /// (`Fetcher+Account`) rather than from the address itself.
  public var accounts: [WebURL: Account] = [:]

  /// A fetcher that names itself `youbi/<version>` to servers.
  public init(
    cache: FeedCache, environment: [String: String], clock: any AppClock, version: String
  ) {
    self.cache = cache
    self.environment = environment
    self.clock = clock
    self.userAgent = "youbi/\(version) (+subscriptions)"
  }

  /// Fetches `url` into the cache: a request made at `now` (wall seconds).
  ///
  /// When another youbi fetched it while this one waited for the lock (even
  /// one that started a moment earlier), its copy counts: nothing more is
  /// asked of the server. Temporary files that a
  /// Takes the lock of `url`'s copy in the cache (made first if need be), waiting
  /// while another youbi fetches it; whether it waited, for a copy fetched meanwhile.
  func lockCopy(of url: WebURL) -> Result<(fd: Int32, waited: Bool), FetchFailure> {
    do {
      try CacheFile.makeDirectories(cache.directory)
      return .success(
        try CacheFile.lock(
          cache.lockPath(url), timeout: .seconds(Curl.maxTime + 15), clock: clock))
    } catch {
      return .failure(FetchFailure(.other, "cannot use the cache: \(error.message)"))
    }
  }

  /// killed youbi left in the cache are swept first.
  public func fetch(_ url: WebURL, at now: Int64) -> FetchOutcome {
    if let account = accounts[url] { return fetchAccount(account, at: now) }
    guard let curl = Spawn.find("curl", searchPath: environment["PATH"]) else {
      return .failed(FetchFailure(.noCurl))
    }
    // What the cache said before any wait: a fetch another youbi ends meanwhile changes it.
    let before = cache.meta(url)?.fetchedAt ?? Int64.min
    let lock: (fd: Int32, waited: Bool)
    switch lockCopy(of: url) {
    case .success(let held): lock = held
    case .failure(let failure): return .failed(failure)
    }
    defer { close(lock.fd) }
    let old = cache.meta(url)
    let described = cache.describes(old, url)
    if lock.waited, described, let fetched = old?.fetchedAt, fetched >= now || fetched > before {
      return .notModified
    }
    AtomicFile.sweep(cache.directory)
    // Metadata that does not describe the body there describes nothing we have.
    var meta = described ? old! : FeedMeta(url: url.text)
    meta.attemptedAt = now
    let outcome = fetchBody(url, with: curl, described: described, into: &meta, at: now)
    meta.status = Self.status(outcome)
    // Cut short by quitting: the cache keeps what it had, and youbi does not wait on the disk.
    if running.isCancelled, case .failed = outcome { return outcome }
    do {
      try CacheFile.write(meta.json, to: cache.metaPath(url))
    } catch {
      if case .failed = outcome { return outcome }
      return .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    return outcome
  }

  /// Asks the server for `url` (conditionally when `meta` describes the copy)
  /// and puts a new body in place when it came whole and is a schedule;
  /// `meta` learns what the answer said.
  func fetchBody(
    _ url: WebURL, with curl: String, described: Bool, into meta: inout FeedMeta, at now: Int64
  ) -> FetchOutcome {
    let bodyPath = cache.bodyPath(url)
    var body: CacheFile.Temporary
    do {
      body = try CacheFile.Temporary(beside: bodyPath)
    } catch {
      return .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    defer { body.discard() }  // (nothing is left to remove once it is committed)
    var request = Curl.Request(url: url)
    if described {
      request.validators = Curl.Validators(etag: meta.etag, lastModified: meta.lastModified)
    }
    switch transfer(request, with: curl, into: body) {
    case .failure(let failure):
      return .failed(failure)
    case .success(let (response, _)) where response.status == 304 && described:
      meta.fetchedAt = now
      return .notModified
    case .success(let (response, size)) where (200..<300).contains(response.status):
      if let failure = Self.check(body.path, size: size, source: Feed.name(of: url)) {
        return .failed(failure)
      }
      do {
        meta.bodyStamp = FeedCache.stamp(try body.commit(to: bodyPath))
      } catch {
        return .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
      }
      meta.etag = response.validators.etag
      meta.lastModified = response.validators.lastModified
      meta.fetchedAt = now
      meta.bodySize = size
      return .updated
    case .success(let (response, _)):
      return .failed(FetchFailure(.http(response.status)))
    }
  }

  /// Bodies are checked one at a time, whatever the number of fetches: a
  /// check reads the body into memory, and twelve endless subscriptions must
  /// not hold twelve of the largest.
  private static let checking = Mutex<Void>(())

  /// Why the body in `path` (`size` bytes) is not a schedule; nil when it is.
  static func check(_ path: String, size: Int, source: String) -> FetchFailure? {
    checking.withLock { _ -> FetchFailure? in
      guard let bytes = CacheFile.read(path, limit: max(size, 0)) else {
        return FetchFailure(.other, "cannot read the body back from the cache")
      }
      do throws(ScheduleError) {
        try ScheduleLoader.validate(bytes, source: source)
        return nil
      } catch {
        let message = error.message
        let detail = message.hasPrefix("youbi: ") ? String(message.dropFirst(7)) : message
        return FetchFailure(.notSchedule, SafeText.sanitize(detail))
      }
    }
  }

  /// One line for an outcome: `updated`, `not modified`, or the failure.
  public static func status(_ outcome: FetchOutcome) -> String {
    switch outcome {
    case .updated: "updated"
    case .notModified: "not modified"
    case .failed(let failure): failure.line
    }
  }

  /// Ends every curl still running, and any started after (youbi is quitting).
  public func cancelAll() { running.killAll() }

  /// The pids of the curls running, so quitting can end them; one started
  /// after that is ended as it starts.
  final class Running: Sendable {
    private let pids = Mutex<(running: Set<pid_t>, cancelled: Bool)>(([], false))
    func add(_ pid: pid_t) {
      pids.withLock {
        $0.running.insert(pid)
        if $0.cancelled { kill(pid, SIGTERM) }
      }
    }
    func remove(_ pid: pid_t) { _ = pids.withLock { $0.running.remove(pid) } }
    var isCancelled: Bool { pids.withLock { $0.cancelled } }
    func killAll() {
      pids.withLock {
        $0.cancelled = true
        for pid in $0.running { kill(pid, SIGTERM) }
      }
    }
  }
}
