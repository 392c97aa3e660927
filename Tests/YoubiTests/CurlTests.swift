import Schedule
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// How curl is asked for a subscription and how its answer is read: pure, no curl run.
@Suite struct CurlTests {
  let url = try! WebURL(checking: "https://example.org/anime.ics")

  @Test func theArgumentsCarryEveryLimitAndEndWithTheURL() {
    let arguments = Curl.arguments(
      url, validators: .init(), headers: "/c/h", userAgent: "youbi/9.8.7 (+subscriptions)")
    #expect(arguments.first == "-q", "~/.curlrc cannot change the options")
    for (option, value) in [
      ("--max-redirs", "5"), ("--connect-timeout", "10"), ("--max-time", "60"),
      ("--max-filesize", "268435456"), ("--proto", "=http,https"), ("--proto-redir", "=http,https"),
      ("--dump-header", "/c/h"), ("--output", "-"),
      ("--user-agent", "youbi/9.8.7 (+subscriptions)"),
    ] {
      let i = arguments.firstIndex(of: option)
      #expect(i.map { arguments[$0 + 1] } == value, "\(option)")
    }
    #expect(arguments.contains("--compressed") && arguments.contains("--location"))
    #expect(Array(arguments.suffix(2)) == ["--url", url.text])
    #expect(!arguments.contains("--header"), "no validators, an unconditional request")
  }

  @Test func aCopyMakesTheRequestConditional() {
    let arguments = Curl.arguments(
      url, validators: .init(etag: "\"v1\"", lastModified: "Tue, 01 Dec 2026 10:00:00 GMT"),
      headers: "/c/h", userAgent: "youbi")
    #expect(arguments.contains("If-None-Match: \"v1\""))
    #expect(arguments.contains("If-Modified-Since: Tue, 01 Dec 2026 10:00:00 GMT"))
  }

  @Test func theLastResponseOfARedirectChainCounts() {
    let dump =
      "HTTP/1.1 301 Moved Permanently\r\nLocation: /b\r\nETag: \"old\"\r\n\r\n"
      + "HTTP/2 200\r\netag: \"v2\"\r\nLast-Modified: Tue, 01 Dec 2026 10:00:00 GMT\r\n\r\n"
    let response = Curl.response(fromDump: Array(dump.utf8))
    #expect(response?.status == 200)
    #expect(response?.validators.etag == "\"v2\"")
    #expect(response?.validators.lastModified == "Tue, 01 Dec 2026 10:00:00 GMT")
  }

  @Test func aValidatorThatCouldInjectAHeaderIsDropped() {
    let dump = "HTTP/1.1 200 OK\r\nETag: \"a\u{1B}b\"\r\n\r\n"
    #expect(Curl.response(fromDump: Array(dump.utf8))?.validators.etag == nil)
    #expect(Curl.response(fromDump: []) == nil)
  }

  @Test(arguments: [
    (Int32(6), FetchFailure.Kind.offline), (7, .offline), (28, .timedOut),
    (47, .tooManyRedirects), (63, .tooLarge), (18, .cutShort), (35, .other),
  ])
  func curlsExitStatusSaysWhatWentWrong(code: Int32, kind: FetchFailure.Kind) {
    let failure = Curl.failure(exitCode: code, message: "curl: (\(code)) Something happened\n")
    #expect(failure?.kind == kind)
    #expect(failure?.detail == "Something happened")
    #expect(Curl.failure(exitCode: 0, message: "") == nil)
  }

  @Test func failuresReadShortly() {
    #expect(FetchFailure(.http(503)).line == "HTTP 503")
    #expect(
      FetchFailure(.offline, "Could not resolve host: x").line
        == "offline: Could not resolve host: x")
    #expect(FetchFailure(.noCurl).line == "curl not found; install the Debian package curl")
  }

  @Test func cacheFilesAreNamedByHostAndAHashOfTheURL() {
    let cache = FeedCache(directory: "/c/youbi")
    let key = cache.key(url)
    #expect(key.hasPrefix("example.org-") && key.count == "example.org-".count + 16)
    #expect(cache.bodyPath(url) == "/c/youbi/\(key).body")
    #expect(cache.metaPath(url) == "/c/youbi/\(key).meta")
    #expect(cache.key(try! WebURL(checking: "https://example.org/manga.ics")) != key)
    #expect(FeedCache(environment: ["XDG_CACHE_HOME": "/x/"])?.directory == "/x/youbi")
    #expect(
      FeedCache(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])?.directory
        == "/h/.cache/youbi")
    #expect(FeedCache(environment: [:]) == nil)
  }

  @Test func metadataReadsBackAsWritten() {
    var meta = FeedMeta(url: url.text, status: "updated")
    meta.etag = "\"v1\""
    meta.lastModified = "Tue, 01 Dec 2026 10:00:00 GMT"
    meta.fetchedAt = 1_796_000_000
    meta.attemptedAt = 1_796_000_001
    meta.bodySize = 954
    meta.bodyStamp = "1234-954-1796000000.5"
    #expect(FeedMeta(json: meta.json) == meta)
    #expect(FeedMeta(json: Array("{\"nourl\": 1}".utf8)) == nil)
  }
}
