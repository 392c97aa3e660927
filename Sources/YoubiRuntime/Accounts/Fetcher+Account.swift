import JSON
import Posix
import Schedule
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Fetcher {
  /// Fetches `account`'s list into the cache, where its page's address (`account.url`)
  /// keeps it, as `fetch` keeps a subscription: under the same lock, replacing the copy
  /// only with an answer that parses as a schedule. Every page of a MyAnimeList list is
  /// fetched and kept as one.
  func fetchAccount(_ account: Account, at now: Int64) -> FetchOutcome {
    guard let curl = Spawn.find("curl", searchPath: environment["PATH"]) else {
      return .failed(FetchFailure(.noCurl))
    }
    let url = account.url
    let lock: (fd: Int32, waited: Bool)
    switch lockCopy(of: url) {
    case .success(let held): lock = held
    case .failure(let failure): return .failed(failure)
    }
    defer { close(lock.fd) }
    let old = cache.meta(url)
    let described = cache.describes(old, url)
    if lock.waited, described, let fetched = old?.fetchedAt, fetched >= now { return .notModified }
    AtomicFile.sweep(cache.directory)  // what killed fetches left
    var meta = described ? old! : FeedMeta(url: url.text)
    meta.attemptedAt = now
    var outcome: FetchOutcome
    switch listBody(account, curl: curl) {
    case .failure(let failure):
      outcome = .failed(failure)
    case .success(let bytes):
      outcome = commit(bytes, of: url, meta: &meta, at: now)
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

  /// Keeps `bytes` as the copy of `url` when they are a schedule.
  private func commit(_ bytes: [UInt8], of url: WebURL, meta: inout FeedMeta, at now: Int64)
    -> FetchOutcome
  {
    do {
      try ScheduleLoader.validate(bytes, source: Feed.name(of: url))
    } catch {
      let message = error.message
      let detail = message.hasPrefix("youbi: ") ? String(message.dropFirst(7)) : message
      return .failed(FetchFailure(.notSchedule, SafeText.sanitize(detail)))
    }
    do {
      meta.bodyStamp = try writeBody(bytes, to: cache.bodyPath(url))
    } catch {
      return .failed(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    meta.etag = nil
    meta.lastModified = nil
    meta.fetchedAt = now
    meta.bodySize = bytes.count
    return .updated
  }

  private func writeBody(_ bytes: [UInt8], to path: String) throws(CacheFile.Failure) -> String? {
    try CacheFile.write(bytes, to: path)
  }

  /// The whole list as one answer: AniList's, or every page of MyAnimeList's as one
  /// `{"data": […]}`.
  func listBody(_ account: Account, curl: String) -> Result<[UInt8], FetchFailure> {
    var token: String? = nil
    if let source = account.token {
      switch Token.read(source, environment: environment) {
      case .success(let text): token = text
      case .failure(let failure): return .failure(FetchFailure(.other, failure.message))
      }
    }
    // Beside the body, named as a temporary of this process, so the sweep of a later
    // youbi removes what a killed one left.
    let scratch = cache.bodyPath(account.url) + AtomicFile.marker + "\(getpid())-scratch"
    switch account.tracker {
    case .aniList:
      let call = AccountRequests.aniList(
        account, query: AccountRequests.aniListQuery,
        variables: [.init("userName", .string(account.name))], token: token)
      return answer(call, curl: curl, scratch: scratch)
    case .myAnimeList:
      var elements: [JSONValue] = []
      var next: String? = nil
      for _ in 0..<50 {
        let call = AccountRequests.myAnimeListPage(account, url: next, token: token)
        let page: [UInt8]
        switch answer(call, curl: curl, scratch: scratch) {
        case .success(let bytes): page = bytes
        case .failure(let failure): return .failure(failure)
        }
        guard let tree = try? JSONValue(parsing: page), let data = tree["data"]?.array else {
          return .success(page)  // not a list: the check says what it is
        }
        elements += data
        next = tree["paging"]?["next"]?.string
        guard let link = next, AccountRequests.isSameAPI(link, account) else { break }
      }
      let whole = JSONValue.object([.init("data", .array(elements))])
      return .success((try? JSONWriter().write(whole)) ?? [])
    }
  }

  /// The body of a 2xx answer to `call`; any other status is a failure that says the
  /// service's own message.
  func answer(_ call: APICall, curl: String, scratch: String) -> Result<[UInt8], FetchFailure> {
    let result = call.run(
      curl: curl, environment: environment, userAgent: userAgent, scratch: scratch,
      running: running)
    switch result {
    case .failure(let failure): return .failure(failure)
    case .success(let answer):
      if (200..<300).contains(answer.status) {
        if let message = APICall.graphQLError(answer.body) {
          return .failure(FetchFailure(.other, message))
        }
        return .success(answer.body)
      }
      let message = APICall.graphQLError(answer.body) ?? APICall.restError(answer.body)
      return .failure(FetchFailure(.http(answer.status), message ?? ""))
    }
  }
}

extension Fetcher {
  /// `account`'s whole list fetched afresh from its API, nothing kept: what
  /// `youbi --check` checks.
  public func downloadAccount(_ account: Account) -> Result<[UInt8], FetchFailure> {
    guard let curl = Spawn.find("curl", searchPath: environment["PATH"]) else {
      return .failure(FetchFailure(.noCurl))
    }
    do {
      try CacheFile.makeDirectories(cache.directory)
    } catch {
      return .failure(FetchFailure(.other, "cannot use the cache: \(error.message)"))
    }
    return listBody(account, curl: curl)
  }
}
