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
  /// When another youbi fetched it while this one waited for the lock, its
  /// copy counts: nothing more is asked of the server.
  public func fetch(_ url: WebURL, at now: Int64) -> FetchOutcome {
    if let account = accounts[url] { return fetchAccount(account, at: now) }
    guard let curl = Spawn.find("curl", searchPath: environment["PATH"]) else {
      return .failed(FetchFailure(.noCurl))
    }
    let lock: (fd: Int32, waited: Bool)
    do {
      try CacheFile.makeDirectories(cache.directory)
      lock = try CacheFile.lock(
        cache.lockPath(url), timeout: .seconds(Curl.maxTime + 15), clock: clock)
    } catch {
      return .failed(FetchFailure(.other, "cannot use the cache: \(error.message)"))
    }
    defer { close(lock.fd) }
    let bodyPath = cache.bodyPath(url)
    let old = cache.meta(url)
    let described = cache.describes(old, url)
    if lock.waited, described, let fetched = old?.fetchedAt, fetched >= now { return .notModified }
    CacheFile.removeLeftovers(beside: bodyPath)
    CacheFile.removeLeftovers(beside: cache.metaPath(url))
    let validators =
      described ? Curl.Validators(etag: old?.etag, lastModified: old?.lastModified) : .init()

    // Metadata that does not describe the body there describes nothing we have.
    var meta = described ? old! : FeedMeta(url: url.text)
    meta.attemptedAt = now
    var body: CacheFile.Temporary
    do {
      body = try CacheFile.Temporary(beside: bodyPath)
    } catch {
      return .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    let result = transfer(url, with: curl, validators: validators, into: body)
    var outcome: FetchOutcome
    switch result {
    case .failure(let failure):
      body.discard()
      outcome = .failed(failure)
    case .success(let (response, _)) where response.status == 304 && described:
      body.discard()
      meta.fetchedAt = now
      outcome = .notModified
    case .success(let (response, bytes)) where (200..<300).contains(response.status):
      do {
        _ = try ScheduleLoader.parse(bytes, source: Feed.name(of: url))
      } catch {
        body.discard()
        let message = error.message
        let detail = message.hasPrefix("youbi: ") ? String(message.dropFirst(7)) : message
        outcome = .failed(FetchFailure(.notSchedule, SafeText.sanitize(detail)))
        break
      }
      do {
        meta.bodyStamp = try body.commit(to: bodyPath)
      } catch {
        outcome = .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
        break
      }
      meta.etag = response.validators.etag
      meta.lastModified = response.validators.lastModified
      meta.fetchedAt = now
      meta.bodySize = bytes.count
      outcome = .updated
    case .success(let (response, _)):
      body.discard()
      outcome = .failed(FetchFailure(.http(response.status)))
    }
    meta.status = Self.status(outcome)
    do {
      try CacheFile.write(meta.json, to: cache.metaPath(url))
    } catch {
      if case .failed = outcome { return outcome }
      return .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    return outcome
  }

  /// One line for an outcome: `updated`, `not modified`, or the failure.
  public static func status(_ outcome: FetchOutcome) -> String {
    switch outcome {
    case .updated: "updated"
    case .notModified: "not modified"
    case .failed(let failure): failure.line
    }
  }

  /// Ends every curl still running (youbi is quitting).
  public func cancelAll() { running.killAll() }

  /// The pids of the curls running, so quitting can end them.
  final class Running: Sendable {
    private let pids = Mutex<Set<pid_t>>([])
    func add(_ pid: pid_t) { _ = pids.withLock { $0.insert(pid) } }
    func remove(_ pid: pid_t) { _ = pids.withLock { $0.remove(pid) } }
    func killAll() { pids.withLock { for pid in $0 { kill(pid, SIGTERM) } } }
  }
}
