import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Fetcher {
  /// Runs curl for `url`: the body comes through a pipe into `body` (and
  /// memory, to be checked), cut off past the cap; the headers and curl's
  /// message go to temporary files beside it.
  func transfer(
    _ url: WebURL, with curl: String, validators: Curl.Validators, into body: CacheFile.Temporary
  ) -> Result<(Curl.Response, [UInt8]), FetchFailure> {
    func failure(_ what: String, _ code: Int32) -> Result<(Curl.Response, [UInt8]), FetchFailure> {
      .failure(FetchFailure(.other, "\(what): \(String(cString: strerror(code)))"))
    }
    var headers: CacheFile.Temporary
    var errors: CacheFile.Temporary
    do {
      headers = try CacheFile.Temporary(beside: body.path + "-headers")
      errors = try CacheFile.Temporary(beside: body.path + "-errors")
    } catch {
      return .failure(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    defer {
      headers.discard()
      errors.discard()
    }
    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else { return failure("cannot start curl", errno) }
    for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let arguments =
      ["curl"]
      + Curl.arguments(
        url, validators: validators, headers: "/dev/fd/3", userAgent: userAgent)
    let started = Spawn.start(
      curl, arguments, environment: environment,
      mode: .captured(output: pipe[1], errors: errors.fd, extra: headers.fd)
    )
    close(pipe[1])
    defer { close(pipe[0]) }
    guard case .success(let pid) = started else {
      if case .failure(let f) = started { return failure("cannot start curl", f.code) }
      return failure("cannot start curl", EINVAL)
    }
    running.add(pid)
    defer { running.remove(pid) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var tooLarge = false
    var writeFailure: CacheFile.Failure? = nil
    while true {
      let n = chunk.withUnsafeMutableBytes { posixRead(pipe[0], $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      if bytes.count + n > Curl.maxBytes {
        tooLarge = true
        kill(pid, SIGKILL)
        break
      }
      bytes += chunk[..<n]
      if writeFailure == nil {
        do throws(CacheFile.Failure) {
          try body.write(chunk[..<n])
        } catch {
          writeFailure = error
          kill(pid, SIGKILL)
        }
      }
    }
    let exit = Spawn.wait(pid)
    if tooLarge { return .failure(FetchFailure(.tooLarge)) }
    if let writeFailure {
      return .failure(FetchFailure(.other, "cannot write the cache: \(writeFailure.message)"))
    }
    switch exit {
    case .signalled(let signal):
      return .failure(FetchFailure(.other, "curl killed by signal \(signal)"))
    case .exited(let code):
      let message = CacheFile.read(errors.path, limit: 1 << 16) ?? []
      if let failure = Curl.failure(
        exitCode: code, message: String(decoding: message, as: UTF8.self))
      {
        return .failure(failure)
      }
    }
    guard let dump = CacheFile.read(headers.path, limit: 1 << 20),
      let response = Curl.response(fromDump: dump)
    else { return .failure(FetchFailure(.other, "curl gave no response headers")) }
    return .success((response, bytes))
  }
}
