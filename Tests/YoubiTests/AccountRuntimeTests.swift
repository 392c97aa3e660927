import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The runtime's pure parts of accounts: curl's config, the answer's head, the queue's
/// file, the token file's permissions.
@Suite struct AccountRuntimeTests {
  let page = try! WebURL(checking: "https://anilist.co/user/alice/animelist")

  @Test func theRequestIsAConfigAndTheArgumentsAreFixed() {
    let call = APICall(
      method: "POST", url: "http://127.0.0.1:1/", headers: ["Authorization: Bearer t\"k"],
      body: "{\"query\": \"a\\nb\"}")
    #expect(
      call.config == """
        url = "http://127.0.0.1:1/"
        request = "POST"
        header = "Authorization: Bearer t\\"k"
        data-binary = "{\\"query\\": \\"a\\\\nb\\"}"

        """)
    let arguments = APICall.arguments(userAgent: "youbi/1")
    #expect(arguments.first == "-q" && arguments.suffix(2) == ["--config", "-"])
    #expect(!arguments.contains { $0.contains("Bearer") })
  }

  @Test func theLastResponseAndItsRetryAfter() {
    let dump = Array(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 429 Too Many\r\nRetry-After: 7\r\n\r\n".utf8)
    #expect(APICall.head(fromDump: dump)! == (429, 7))
    let date = Array("HTTP/2 503\r\nretry-after: Wed, 21 Oct 2015 07:28:00 GMT\r\n\r\n".utf8)
    #expect(APICall.head(fromDump: date)! == (503, 60))
  }

  @Test func theQueueKeepsOneWriteAShowNeverLowered() {
    var queue: [SyncRequest] = []
    SyncQueue.add(SyncRequest(account: page, show: "anilist:1", progress: 3), to: &queue)
    SyncQueue.add(SyncRequest(account: page, show: "anilist:2", progress: 1), to: &queue)
    SyncQueue.add(SyncRequest(account: page, show: "anilist:1", progress: 5), to: &queue)
    SyncQueue.add(SyncRequest(account: page, show: "anilist:1", progress: 4), to: &queue)
    #expect(queue.map(\.show) == ["anilist:1", "anilist:2"])
    #expect(queue.map(\.progress) == [5, 1])
    #expect(SyncQueue.decode(SyncQueue.encode(queue)) == queue)
  }

  @Test func theQueueFileIsPrivate() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let queue = SyncQueue(path: dir("state/youbi/sync.json"))
    try queue.add(SyncRequest(account: page, show: "anilist:1", progress: 2), clock: SystemClock())
    var info = stat()
    #expect(stat(queue.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(queue.pending() == [SyncRequest(account: page, show: "anilist:1", progress: 2)])
  }

  @Test func aTokenFileOthersCanReadIsRefusedAndItsTextNeverSaid() {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.write("secret-token\nsecond line\n", to: "token")
    chmod(path, 0o644)
    guard case .failure(let failure) = Token.read(.file(path), environment: [:]) else {
      Issue.record("a 0644 token file was read")
      return
    }
    #expect(failure.message.contains("permissions 0644 are too open"))
    #expect(!failure.message.contains("secret"))
    chmod(path, 0o600)
    #expect(Token.read(.file(path), environment: [:]) == .success("secret-token"))
  }
}
