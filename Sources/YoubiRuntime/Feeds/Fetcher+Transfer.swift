import Posix
import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Fetcher {
  /// What a transfer gives: the final response and how many bytes of body
  /// are in the file it was written to.
  typealias Transferred = Result<(response: Curl.Response, size: Int), FetchFailure>

  /// Runs curl for `request`: the body comes through a pipe straight into
  /// `body`, a chunk at a time (never held: what a fetch costs in memory does
  /// not grow with what the server sends), cut off past the cap; the headers
  /// and curl's message go to temporary files beside it, removed after.
  func transfer(_ request: Curl.Request, with curl: String, into body: CacheFile.Temporary)
    -> Transferred
  {
    var files: CaptureFiles
    do {
      files = try CaptureFiles(beside: body.path, config: Curl.config(request))
    } catch {
      return .failure(FetchFailure(.other, "cannot write the cache: \(error.message)"))
    }
    defer { files.discard() }
    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else { return Self.failure("cannot start curl", errno) }
    for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(pipe[0]) }
    let arguments =
      ["curl"] + Curl.arguments(request, headers: "/dev/fd/3", userAgent: userAgent)
    let started = Spawn.start(
      curl, arguments, environment: environment,
      mode: .captured(
        input: files.input, output: pipe[1], errors: files.errors.fd, extra: files.headers.fd))
    close(pipe[1])
    guard case .success(let pid) = started else {
      if case .failure(let f) = started { return Self.failure("cannot start curl", f.code) }
      return Self.failure("cannot start curl", EINVAL)
    }
    running.add(pid)
    defer { running.remove(pid) }
    let pumped = Self.pump(pipe[0], into: body, stopping: pid)
    let exit = Spawn.wait(pid)
    switch pumped {
    case .failure(let failure): return .failure(failure)
    case .success(let size): return Self.judge(exit, files, size: size)
    }
  }

  /// The files beside a transfer: curl's header dump and its messages, and the
  /// config it reads for the request's headers and body (nil: none).
  struct CaptureFiles {
    var headers: CacheFile.Temporary
    var errors: CacheFile.Temporary
    var config: CacheFile.Temporary?
    /// The config opened for curl to read; nil without one.
    var input: Int32? = nil

    init(beside body: String, config text: [UInt8]?) throws(CacheFile.Failure) {
      let base = Self.stem(body)
      headers = try CacheFile.Temporary(beside: base + ".headers")
      errors = try CacheFile.Temporary(beside: base + ".errors")
      guard let text else { return }
      config = try CacheFile.Temporary(beside: base + ".request")
      try config?.write(text)
      input = open(config!.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      if input! < 0 { throw CacheFile.Failure(errno, config!.path) }
    }

    /// `dir/key.body.tmp-…` → `dir/key`: where the side files are named from.
    static func stem(_ path: String) -> String {
      let (directory, name) = Paths.split(path)
      return directory + "/" + String(name.prefix { $0 != "." })
    }

    mutating func discard() {
      headers.discard()
      errors.discard()
      config?.discard()
      if let input { close(input) }
      input = nil
    }
  }

  /// Copies what curl writes on `fd` into `body` until it ends; returns the
  /// size, or why it stopped early (the cap, a failed write), killing `pid` then.
  static func pump(_ fd: Int32, into body: CacheFile.Temporary, stopping pid: pid_t)
    -> Result<Int, FetchFailure>
  {
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { chunk.deallocate() }
    var size = 0
    while true {
      let n = posixRead(fd, chunk.baseAddress, chunk.count)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return .success(size) }
      if size + n > Curl.maxBytes {
        kill(pid, SIGKILL)
        return .failure(FetchFailure(.tooLarge))
      }
      size += n
      do throws(CacheFile.Failure) {
        try body.write(UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
      } catch {
        kill(pid, SIGKILL)
        return .failure(FetchFailure(.other, "cannot write the cache: \(error.message)"))
      }
    }
  }

  /// What curl's end and its header dump say of a transfer of `size` bytes.
  static func judge(_ exit: Spawn.Exit, _ files: CaptureFiles, size: Int) -> Transferred {
    switch exit {
    case .signalled(let signal):
      return .failure(FetchFailure(.other, "curl killed by signal \(signal)"))
    case .exited(let code):
      let message = CacheFile.read(files.errors.path, limit: 1 << 16) ?? []
      if let failure = Curl.failure(
        exitCode: code, message: String(decoding: message, as: UTF8.self))
      {
        return .failure(failure)
      }
    }
    guard let dump = CacheFile.read(files.headers.path, limit: 1 << 20),
      let response = Curl.response(fromDump: dump)
    else { return .failure(FetchFailure(.other, "curl gave no response headers")) }
    return .success((response, size))
  }

  static func failure(_ what: String, _ code: Int32) -> Transferred {
    .failure(FetchFailure(.other, "\(what): \(String(cString: strerror(code)))"))
  }
}
