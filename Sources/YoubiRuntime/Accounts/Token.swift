import Posix
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a tracker's token when a request needs it, never keeping it: from a file only
/// its owner can read (refused otherwise, the way ssh refuses a key file), or from the
/// first line a command prints.
///
/// Messages name the file or the command, never what they hold.
enum Token {
  /// Why there is no token.
  struct Failure: Error, Equatable {
    var message: String
  }

  /// The longest token read: AniList's are about a kilobyte.
  static let maxBytes = 16 << 10

  /// The token `source` gives, checked to be fit for a header.
  static func read(_ source: TokenSource, environment: [String: String]) -> Result<
    String, Failure
  > {
    let text: Result<[UInt8], Failure>
    let name: String
    switch source {
    case .file(let path):
      name = SafeText.sanitize(path)
      text = file(path, name: name)
    case .command(let words):
      name = SafeText.sanitize(words.first ?? "")
      text = command(words, name: name, environment: environment)
    }
    guard case .success(let bytes) = text else {
      if case .failure(let f) = text { return .failure(f) }
      return .failure(Failure(message: name + ": no token"))
    }
    let line = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).first ?? []
    let token = String(decoding: line, as: UTF8.self).trimmingCharacters(in: " \t\r")
    guard !token.isEmpty else { return .failure(Failure(message: "\(name): no token in it")) }
    // A header value: printable ASCII with no space (a JWT, a hex string).
    guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return .failure(Failure(message: "\(name): the token is not printable ASCII"))
    }
    return .success(token)
  }

  /// The bytes of a token file that only its owner may read or write.
  static func file(_ path: String, name: String) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      return .failure(Failure(message: "\(name): cannot read: \(String(cString: strerror(errno)))"))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return .failure(Failure(message: "\(name): not a regular file"))
    }
    let mode = info.st_mode & 0o777
    if mode & 0o077 != 0 {
      let octal = String(mode, radix: 8)
      return .failure(
        Failure(
          message:
            "\(name): permissions 0\(octal) are too open; a token file must be readable by "
            + "its owner alone: chmod 600 \(name)"))
    }
    guard case .success(let bytes) = FileDescriptor.readAll(fd, limit: maxBytes) else {
      return .failure(Failure(message: "\(name): cannot read it"))
    }
    return .success(bytes)
  }

  /// What `words` (a program and its arguments) prints, when it exits 0.
  static func command(_ words: [String], name: String, environment: [String: String])
    -> Result<[UInt8], Failure>
  {
    guard let program = words.first,
      let path = program.contains("/")
        ? program : Spawn.find(program, searchPath: environment["PATH"])
    else { return .failure(Failure(message: "\(name): command not found")) }
    var output: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { return .failure(Failure(message: "\(name): cannot start")) }
    for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    let started = Spawn.start(
      path, words, environment: environment,
      mode: .captured(output: output[1], errors: null, extra: null))
    close(output[1])
    close(null)
    defer { close(output[0]) }
    guard case .success(let pid) = started else {
      return .failure(Failure(message: "\(name): cannot start"))
    }
    let bytes = FileDescriptor.readAll(output[0], limit: maxBytes)
    guard Spawn.wait(pid) == .exited(0) else {
      return .failure(Failure(message: "\(name): the token command failed"))
    }
    guard case .success(let text) = bytes else {
      return .failure(Failure(message: "\(name): the token command printed too much"))
    }
    return .success(text)
  }
}
