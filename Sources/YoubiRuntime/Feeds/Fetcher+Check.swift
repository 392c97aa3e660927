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
    switch transfer(url, with: curl, validators: .init(), into: body) {
    case .failure(let failure): return .failure(failure)
    case .success(let (response, bytes)):
      guard (200..<300).contains(response.status) else {
        return .failure(FetchFailure(.http(response.status)))
      }
      return .success(bytes)
    }
  }
}
