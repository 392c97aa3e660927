import JSON
import Posix
import Schedule
import Synchronization
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends the progress queue (`SyncQueue`) to the trackers, in order.
///
/// Before each write it asks the tracker for the show's progress there: a tracker that
/// is already at the number or ahead (progress made elsewhere) keeps its count, so a
/// write never lowers it. A write that is sent, or not needed, leaves the queue; a 401
/// keeps the account's writes and says so; a 429 or 5xx keeps them and waits as long
/// as `Retry-After` says (else a minute, doubling) before trying again.
public final class Syncer: Sendable {
  public let queue: SyncQueue
  /// The accounts written back, by their list's address.
  public let accounts: [WebURL: Account]
  let environment: [String: String]
  let clock: any AppClock
  let userAgent: String
  /// Whether a sender thread is running, and whether more was asked of it meanwhile.
  let senderState = Mutex<(running: Bool, again: Bool)>((false, false))

  public init(
    queue: SyncQueue, accounts: [Account], environment: [String: String], clock: any AppClock,
    version: String
  ) {
    self.queue = queue
    self.accounts = Dictionary(
      accounts.filter { $0.token != nil }.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
    self.environment = environment
    self.clock = clock
    self.userAgent = "youbi/\(version) (+accounts)"
  }

  /// How one write went.
  enum Sent: Equatable {
    /// On the tracker now, or the tracker was at it or ahead: it leaves the queue.
    case done
    /// The token was refused (401).
    case refused
    /// Not now: try again after this many seconds.
    case later(Int64, String)
    /// The tracker will never take it (another 4xx): it leaves the queue.
    case dropped(String)
  }

  /// Sends what is queued, each account's writes in order; returns how it went for each
  /// account that had any, and the shortest wait asked for before trying again.
  ///
  /// The queue is read, then sent without its lock (a send can take a minute, and a
  /// write being queued must not wait for it), then what went is taken out under the
  /// lock: a write raised meanwhile stays.
  public func send() -> (outcomes: [(WebURL, SyncOutcome)], retry: Int64?) {
    var stopped: [WebURL: SyncOutcome] = [:]
    var touched: [WebURL] = []
    var finished: [SyncRequest] = []
    var retry: Int64? = nil
    for write in queue.pending() {
      if !touched.contains(write.account) { touched.append(write.account) }
      if stopped[write.account] != nil { continue }
      switch send(write) {
      case .done: finished.append(write)
      case .dropped(let reason):
        finished.append(write)
        stopped[write.account] = .waiting(reason)
      case .refused: stopped[write.account] = .refused
      case .later(let seconds, let reason):
        stopped[write.account] = .waiting(reason)
        retry = min(retry ?? seconds, seconds)
      }
    }
    if !finished.isEmpty {
      let removed: Void? = try? queue.locked(clock: clock) { writes in
        writes.removeAll { write in
          finished.contains {
            $0.account == write.account && $0.show == write.show && $0.progress >= write.progress
          }
        }
      }
      if removed == nil { retry = min(retry ?? 60, 60) }
    }
    return (touched.map { ($0, stopped[$0] ?? .current) }, retry)
  }

  /// Sends one write, after reading where the tracker is.
  func send(_ write: SyncRequest) -> Sent {
    guard let account = accounts[write.account], let source = account.token,
      let id = write.mediaID
    else { return .dropped("no token for \(write.account.text)") }
    guard let curl = Spawn.find("curl", searchPath: environment["PATH"]) else {
      return .later(60, "curl not found; install the Debian package curl")
    }
    let token: String
    switch Token.read(source, environment: environment) {
    case .success(let text): token = text
    case .failure(let failure): return .later(3600, failure.message)
    }
    // Not beside the queue: its sweep runs under a lock a send does not hold.
    let scratch = Paths.parent(of: queue.path) + "/sync-request"
    let read: APICall
    let save: APICall
    switch account.tracker {
    case .aniList:
      read = AccountRequests.aniList(
        account, query: AccountRequests.aniListEntry, variables: [.init("mediaId", .number(id))],
        token: token)
      save = AccountRequests.aniList(
        account, query: AccountRequests.aniListSave,
        variables: [.init("mediaId", .number(id)), .init("progress", .number(write.progress))],
        token: token)
    case .myAnimeList:
      read = AccountRequests.myAnimeListEntry(account, id: id, token: token)
      save = AccountRequests.myAnimeListWrite(
        account, id: id, progress: write.progress, token: token)
    }
    let now = run(read, curl: curl, scratch: scratch)
    guard case .success(let answer) = now else {
      if case .failure(let error) = now { return error.sent }
      return .later(60, "failed")
    }
    if let there = Self.progress(in: answer.body, tracker: account.tracker),
      there >= write.progress
    {
      return .done  // the tracker is at it or ahead: its count wins
    }
    switch run(save, curl: curl, scratch: scratch) {
    case .success: return .done
    case .failure(let error): return error.sent
    }
  }

  /// Runs `call`; a 2xx answer without GraphQL errors, or how it went wrong.
  func run(_ call: APICall, curl: String, scratch: String) -> Result<APICall.Answer, SentError> {
    switch call.run(curl: curl, environment: environment, userAgent: userAgent, scratch: scratch)
    {
    case .failure(let failure): return .failure(SentError(.later(60, failure.line)))
    case .success(let answer):
      let message = APICall.graphQLError(answer.body) ?? APICall.restError(answer.body) ?? ""
      let reason = "HTTP \(answer.status)" + (message.isEmpty ? "" : ": " + message)
      switch answer.status {
      case 200..<300 where APICall.graphQLError(answer.body) == nil: return .success(answer)
      case 200..<300: return .failure(SentError(.dropped(message)))
      case 401: return .failure(SentError(.refused))
      case 429, 500..<600: return .failure(SentError(.later(answer.retryAfter ?? 60, reason)))
      default: return .failure(SentError(.dropped(reason)))
      }
    }
  }

  /// A write that did not go, as an error.
  struct SentError: Error {
    var sent: Sent
    init(_ sent: Sent) { self.sent = sent }
  }

  /// The progress on the person's entry in a read's answer; nil when the show is not on
  /// their list (or the answer says nothing).
  static func progress(in body: [UInt8], tracker: Account.Tracker) -> Int? {
    guard let tree = try? JSONValue(parsing: body) else { return nil }
    switch tracker {
    case .aniList: return tree["data"]?["Media"]?["mediaListEntry"]?["progress"]?.number?.int
    case .myAnimeList: return tree["my_list_status"]?["num_episodes_watched"]?.number?.int
    }
  }
}
