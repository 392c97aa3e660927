import Posix
import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A transfer as the fetcher runs it, with a stand-in for curl that records what it
/// was given: the request's headers and body on its standard input, none in its
/// arguments, and the body it writes streamed to the file, the side files removed.
@Suite struct FetcherRequestTests {
  let dir = TemporaryDirectory("youbi-fetch-request")

  @Test func headersAndBodyReachCurlOnItsInputAndTheBodyLandsInTheFile() throws {
    let fake = dir.write(
      """
      #!/bin/sh
      cat > "\(dir.path)/stdin.txt"
      printf '%s\\n' "$@" > "\(dir.path)/argv.txt"
      printf 'HTTP/1.1 200 OK\\r\\nETag: "e1"\\r\\n\\r\\n' >&3
      printf '{"days": {}}'
      """, to: "bin/curl", executable: true)
    let cache = FeedCache(directory: dir.path + "/cache")
    mkdir(cache.directory, 0o700)
    let fetcher = Fetcher(cache: cache, environment: [:], clock: SystemClock(), version: "1")
    let url = try WebURL(checking: "https://example.org/graphql")
    let request = Curl.Request(
      url: url, method: "POST", headers: ["Authorization: Bearer s3cret"], body: "{\"q\": 1}")
    var body = try CacheFile.Temporary(beside: cache.bodyPath(url))
    defer { body.discard() }
    let result = fetcher.transfer(request, with: fake, into: body)
    guard case .success(let (response, size)) = result else {
      Issue.record("the transfer failed: \(result)")
      return
    }
    #expect(response.status == 200 && response.validators.etag == "\"e1\"")
    #expect(size == 12)
    #expect(CacheFile.read(body.path, limit: 100) == Array("{\"days\": {}}".utf8))
    #expect(
      dir.text("stdin.txt")
        == "header = \"Authorization: Bearer s3cret\"\ndata-binary = \"{\\\"q\\\": 1}\"\n")
    let argv = dir.text("argv.txt") ?? ""
    #expect(!argv.contains("s3cret") && argv.contains("--config\n-\n"), "\(argv)")
    #expect(argv.contains("--request\nPOST\n"))
    #expect(dir.list("cache").filter { $0 != Paths.split(body.path).name }.isEmpty)
  }
}
