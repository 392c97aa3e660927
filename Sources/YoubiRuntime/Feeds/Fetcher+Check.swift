import Posix
import Schedule
import YoubiCore

extension Fetcher {
  /// Fetches `url` afresh (no validators, nothing written to the cache but a
  /// temporary file) and returns its body: what `youbi --check URL` checks.
  public func download(_ url: WebURL) -> Result<[UInt8], FetchFailure> {
    guard let curl = Spawn.find("curl", searchPath: environment["PATH"]) else {
      return .failure(FetchFailure(.noCurl))
    }
    var body: CacheFile.Temporary
    do {
      try CacheFile.makeDirectories(cache.directory)
      body = try CacheFile.Temporary(beside: cache.directory + "/check")
    } catch {
      return .failure(FetchFailure(.other, "cannot use the cache: \(error.message)"))
    }
    defer { body.discard() }
    switch transfer(Curl.Request(url: url), with: curl, into: body) {
    case .failure(let failure): return .failure(failure)
    case .success(let (response, size)):
      guard (200..<300).contains(response.status) else {
        return .failure(FetchFailure(.http(response.status)))
      }
      guard let bytes = CacheFile.read(body.path, limit: size) else {
        return .failure(FetchFailure(.other, "cannot read the body back from the cache"))
      }
      return .success(bytes)
    }
  }
}
