import Posix
import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension APICall {
  /// Runs curl at `curl` for this request: the config goes in through a pipe on its
  /// standard input, the body comes out of another, the response headers go to a
  /// temporary file beside `scratch` (descriptor 3) and its message to a second one;
  /// `scratch` is named so that the sweep of its directory's leftovers finds them.
  /// Blocks up to `Curl.maxTime` seconds.
  func run(
    curl: String, environment: [String: String], userAgent: String, scratch: String,
    running: Fetcher.Running? = nil
  ) -> Result<Answer, FetchFailure> {
    func failure(_ what: String, _ code: Int32) -> Result<Answer, FetchFailure> {
      .failure(FetchFailure(.other, "\(what): \(String(cString: strerror(code)))"))
    }
    var headers: CacheFile.Temporary
    var errors: CacheFile.Temporary
    do {
      headers = try CacheFile.Temporary(beside: scratch + "-headers")
      errors = try CacheFile.Temporary(beside: scratch + "-errors")
    } catch {
      return .failure(FetchFailure(.other, "cannot write a temporary file: \(error.message)"))
    }
    defer {
      headers.discard()
      errors.discard()
    }
    let started = start(
      curl, environment: environment, userAgent: userAgent, errors: errors.fd,
      headers: headers.fd)
    guard case .success(let (pid, output)) = started else {
      if case .failure(let f) = started { return .failure(f) }
      return failure("cannot start curl", EINVAL)
    }
    defer { close(output) }
    running?.add(pid)
    defer { running?.remove(pid) }
    switch Self.collect(pid, output: output, errors: errors.path) {
    case .failure(let failure): return .failure(failure)
    case .success(let bytes):
      guard let dump = CacheFile.read(headers.path, limit: 1 << 20),
        let head = Self.head(fromDump: dump)
      else { return .failure(FetchFailure(.other, "curl gave no response headers")) }
      return .success(Answer(status: head.status, retryAfter: head.retryAfter, body: bytes))
    }
  }

  /// Starts curl with the request on its standard input; its pid and the read end of
  /// its standard output.
  private func start(
    _ curl: String, environment: [String: String], userAgent: String, errors: Int32,
    headers: Int32
  ) -> Result<(pid_t, Int32), FetchFailure> {
    func failure(_ code: Int32) -> Result<(pid_t, Int32), FetchFailure> {
      .failure(FetchFailure(.other, "cannot start curl: \(String(cString: strerror(code)))"))
    }
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    guard pipe(&input) == 0 else { return failure(errno) }
    guard pipe(&output) == 0 else {
      for end in input { close(end) }
      return failure(errno)
    }
    for end in input + output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // Written whole before curl starts (a config is a few kilobytes; the pipe holds 64),
    // while the read end is open here: the write never waits and never raises SIGPIPE.
    let config = Array(self.config.utf8)
    guard config.count < 1 << 15, FileDescriptor.writeAll(input[1], config) == nil else {
      for end in input + output { close(end) }
      return .failure(FetchFailure(.other, "cannot give curl its request"))
    }
    close(input[1])
    let started = Spawn.start(
      curl, ["curl"] + Self.arguments(userAgent: userAgent), environment: environment,
      mode: .captured(input: input[0], output: output[1], errors: errors, extra: headers))
    close(input[0])
    close(output[1])
    switch started {
    case .success(let pid): return .success((pid, output[0]))
    case .failure(let f):
      close(output[0])
      return failure(f.code)
    }
  }

  /// Reads curl's body (cut off past `maxBytes`) until it ends, and what its exit means.
  private static func collect(_ pid: pid_t, output: Int32, errors: String) -> Result<
    [UInt8], FetchFailure
  > {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var tooLarge = false
    while true {
      let n = chunk.withUnsafeMutableBytes { posixRead(output, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      if bytes.count + n > maxBytes {
        tooLarge = true
        kill(pid, SIGKILL)
        break
      }
      bytes += chunk[..<n]
    }
    let exit = Spawn.wait(pid)
    if tooLarge { return .failure(FetchFailure(.tooLarge)) }
    switch exit {
    case .signalled(let signal):
      return .failure(FetchFailure(.other, "curl killed by signal \(signal)"))
    case .exited(let code):
      let message = CacheFile.read(errors, limit: 1 << 16) ?? []
      if let failure = Curl.failure(
        exitCode: code, message: String(decoding: message, as: UTF8.self))
      {
        return .failure(failure)
      }
    }
    return .success(bytes)
  }
}
