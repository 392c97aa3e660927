import Schedule

/// A schedule from a URL (a subscription), as the core sees it: when its copy
/// was last known to be current, whether a fetch is under way, and why the
/// last one failed.
///
/// The runtime keeps the copy in the cache (`bodyPath`) and fetches it when
/// asked (`Effect.fetch`); the core decides when: once the copy is older than
/// `refresh`, after a failure a little later each time (never later than
/// `refresh`), and at once on `r`. Nothing polls: the due time is a deadline.
public struct Feed: Equatable, Sendable {
  /// How old a copy may get before it is fetched again when nothing says otherwise: 6 hours.
  public static let defaultRefresh: Int64 = 6 * 3600
  /// The wait before the first retry after a failure; it doubles each time, up to `refresh`.
  public static let firstRetry: Int64 = 60

  public var url: WebURL
  /// How old the copy may get, in seconds.
  public var refresh: Int64
  /// Where the runtime keeps the last good body: what the loader reads.
  public var bodyPath: String
  /// Whether the cache holds a body (at start; a fetch that succeeds makes one).
  public var hasCopy: Bool
  /// The wall clock (seconds since 1970) when the copy was last known to be
  /// current: fetched, or confirmed with 304 Not Modified. Nil: never.
  public var fetchedAt: Int64?
  /// A fetch is under way; its result comes back as `.fetched`.
  public var fetching = false
  /// Why the last fetch failed; nil once one succeeds.
  public var failure: FetchFailure?
  /// Failures in a row, for the retry's back-off.
  public var failures = 0
  /// When the last fetch started (wall seconds).
  public var lastAttempt: Int64?
  /// `r` asked for a fetch now.
  public var requested = false

  public init(
    url: WebURL, refresh: Int64 = Feed.defaultRefresh, bodyPath: String, hasCopy: Bool = false,
    fetchedAt: Int64? = nil
  ) {
    self.url = url
    self.refresh = max(1, refresh)
    self.bodyPath = bodyPath
    self.hasCopy = hasCopy
    self.fetchedAt = fetchedAt
  }

  /// When (wall seconds) the next fetch should start; nil while one runs.
  public var due: Int64? {
    if fetching { return nil }
    if requested { return Int64.min }
    if failures > 0, let last = lastAttempt {
      let shift = min(failures - 1, 20)
      let (due, overflow) = last.addingReportingOverflow(min(refresh, Self.firstRetry << shift))
      return overflow ? Int64.max : due
    }
    guard let fetchedAt else { return Int64.min }
    // A stamp near either end of Int64 (a torn or hand-made cache) must not trap.
    let (due, overflow) = fetchedAt.addingReportingOverflow(refresh)
    return overflow ? Int64.max : due
  }
}

/// Why a fetch did not give a new or confirmed copy, in words for the footer.
public struct FetchFailure: Error, Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// No connection: the host did not resolve, or nothing answered.
    case offline
    case timedOut
    /// The server answered with this status (not 200 or 304).
    case http(Int)
    /// More than the 256 MiB a schedule may be.
    case tooLarge
    /// The connection ended before the whole body came.
    case cutShort
    case tooManyRedirects
    /// The body came whole but is not a schedule; `detail` is the loader's error.
    case notSchedule
    /// There is no `curl` to fetch with.
    case noCurl
    /// Anything else (TLS, the cache directory…); `detail` says what.
    case other
  }

  public var kind: Kind
  /// One line with more: curl's own message, the loader's error.
  public var detail: String

  public init(_ kind: Kind, _ detail: String = "") {
    self.kind = kind
    self.detail = detail
  }

  /// The short reason: `offline`, `HTTP 503`, `timed out`.
  public var reason: String {
    switch kind {
    case .offline: "offline"
    case .timedOut: "timed out"
    case .http(let code): "HTTP \(code)"
    case .tooLarge: "too large (over 256 MiB)"
    case .cutShort: "cut short"
    case .tooManyRedirects: "too many redirects"
    case .notSchedule: "not a schedule"
    case .noCurl: "curl not found; install the Debian package curl"
    case .other: detail.isEmpty ? "failed" : detail
    }
  }

  /// The reason with the detail after it, when the detail says more.
  public var line: String {
    guard !detail.isEmpty, kind != .other, kind != .noCurl else { return reason }
    return "\(reason): \(detail)"
  }
}

/// How a fetch ended.
public enum FetchOutcome: Equatable, Sendable {
  /// A new body, checked to be a schedule, is in the cache.
  case updated
  /// The server said the copy is current (304).
  case notModified
  case failed(FetchFailure)
}

extension Feed {
  /// What a section from `url` is called when the schedule has no title: the
  /// last part of the path when it names a file (`anime.ics`), else the host.
  public static func name(of url: WebURL) -> String {
    var rest = Substring(url.text)
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    let parts = rest.split(separator: "/")
    if parts.count > 2, let last = parts.last, last.contains(".") { return String(last) }
    return url.host
  }
}
