import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// What `main` does for schedules from a URL: the feeds the state starts
/// with, `youbi --refresh`, the body `youbi --check URL` checks, and a copy for `--print`.
enum Subscriptions {
  /// EX_TEMPFAIL: a fetch failed; trying again later may work.
  static let tempFail: Int32 = 75

  /// The URLs among `sources`.
  static func urls(_ sources: [ScheduleSource]) -> [WebURL] {
    sources.compactMap { if case .url(let url) = $0 { url } else { nil } }
  }

  /// The feed of each URL at `now`: its refresh, its cached copy and how old it is.
  static func feeds(
    _ sources: [ScheduleSource], refreshes: [WebURL: Int64], refresh: Int64, cache: FeedCache?,
    now: Int64
  ) -> [Feed] {
    let cache = cache ?? FeedCache(directory: "/nonexistent/youbi-cache")
    return urls(sources).map { url in
      // A copy the metadata does not describe (a kill between their writes), or one
      // stamped in the future, is shown, and fetched again at once.
      Feed(
        url: url, refresh: refreshes[url] ?? refresh, bodyPath: cache.bodyPath(url),
        hasCopy: cache.hasBody(url), fetchedAt: cache.fetchedAt(url, now: now))
    }
  }

  /// Whether the cache holds a copy of `url`, and where.
  static func copy(of url: WebURL, in cache: FeedCache?) -> String? {
    guard let cache, cache.hasBody(url) else { return nil }
    return cache.bodyPath(url)
  }

  /// The path of the cached copy of `url` for `--print`, fetched first when there is none.
  static func copy(of url: WebURL, fetcher: Fetcher?, now: Int64) throws(ScheduleError) -> String {
    guard let fetcher else { throw noCache(url) }
    if copy(of: url, in: fetcher.cache) == nil,
      case .failed(let failure) = fetcher.fetch(url, at: now)
    {
      throw ScheduleError(exitCode: tempFail, message: "youbi: \(url.text): \(failure.line)")
    }
    return fetcher.cache.bodyPath(url)
  }

  /// Reads `path`, the schedule of `source`. A subscription's cached copy that cannot
  /// be read is a failed copy: fetched anew once, then read again; when that fetch
  /// fails too, the error says both (exit 75: trying later may work).
  static func read(
    _ path: String, of source: ScheduleSource, reading: Reading, fetcher: Fetcher?, now: WallTime
  ) throws(ScheduleError) -> Schedule {
    do {
      return try reading.load(path: path)
    } catch {
      guard case .url(let url) = source, let fetcher, path == fetcher.cache.bodyPath(url) else {
        throw error
      }
      if case .failed(let failure) = fetcher.fetch(url, at: now.seconds) {
        throw ScheduleError(
          exitCode: tempFail,
          message: "youbi: \(url.text): the cached copy cannot be read, and fetching it anew"
            + " failed: \(failure.line)")
      }
      return try reading.load(path: path)
    }
  }

  /// The body of `url` fetched now, for `youbi --check URL`; nil (and a line on
  /// standard error) when it cannot be fetched.
  static func download(_ url: WebURL, fetcher: Fetcher?) -> [UInt8]? {
    guard let fetcher else {
      fail(noCache(url).message)
      return nil
    }
    let download =
      fetcher.accounts[url].map { fetcher.downloadAccount($0) } ?? fetcher.download(url)
    switch download {
    case .failure(let failure):
      fail("youbi: \(url.text): \(failure.line)")
      return nil
    case .success(let bytes):
      return bytes
    }
  }

  private static func noCache(_ url: WebURL) -> ScheduleError {
    ScheduleError(
      exitCode: ConfigError.exitCode,
      message: "youbi: \(url.text): no cache directory to fetch into: set HOME or XDG_CACHE_HOME")
  }
}

extension String {
  /// This text with the first occurrence of `target` replaced.
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var index = startIndex
    while index < endIndex {
      if self[index...].hasPrefix(target) {
        return String(self[..<index]) + replacement + self[index...].dropFirst(target.count)
      }
      index = self.index(after: index)
    }
    return self
  }
}

extension Launch {
  /// A source read before the UI starts (`readsAtOnce`), or nil: read behind the
  /// first frame. A subscription's copy that cannot be read is a failed copy, not
  /// the end of the run: read again behind the first frame, its failure makes the
  /// section fetch it anew.
  func readAtStart(_ source: ScheduleSource, reading: Reading, now: WallTime) throws(Exit)
    -> Schedule?
  {
    guard readsAtOnce(source) else { return nil }
    // The footer says the warnings, once (`--check` lists them): not stderr as well.
    let warnings = options.verbose && !options.quiet
    if case .url = source {
      return try? load(source, reading: reading, now: now, warnings: warnings)
    }
    return try load(source, reading: reading, now: now, warnings: warnings)
  }

  /// `youbi --refresh`: fetches every subscription now, one line each on
  /// standard output; 0 when all are current, 75 when any failed.
  func refresh(clock: SystemClock) throws(Exit) -> Int32 {
    let urls = Subscriptions.urls(sources)
    guard !urls.isEmpty else {
      throw Exit(
        ScheduleError.noInput,
        "youbi: --refresh: no subscription to refresh (name a URL, or write schedule = URL in the config)"
      )
    }
    guard let fetcher else {
      throw Exit(
        ConfigError.exitCode,
        "youbi: --refresh: no cache directory to fetch into: set HOME or XDG_CACHE_HOME")
    }
    let now = clock.now().wall.seconds
    var status: Int32 = 0
    for url in urls {
      let outcome = fetcher.fetch(url, at: now)
      if case .failed = outcome { status = Subscriptions.tempFail }
      try writeOutput("\(url.text): \(Fetcher.status(outcome))\n")
    }
    return status
  }
}
