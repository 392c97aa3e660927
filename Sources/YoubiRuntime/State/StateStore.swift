import JSON
import PagerCore
import Posix
import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state file on disk, shared safely with other youbi processes.
///
/// - A save takes an exclusive `flock` on `state.json.lock` (a file of its own,
///   since `state.json` itself is replaced by every save), reads what is on
///   disk, merges it with the marks being saved (`Marks.merge`), and writes
///   the result atomically (`AtomicFile`): `state.json.tmp-<pid>-<random>` in
///   the same directory, `fsync`, `rename` over `state.json`, `fsync` of the
///   directory. A `kill -9` at any point leaves the old file or the new one,
///   never a torn one, and the next save removes the temporary a killed
///   youbi left.
/// - A file that cannot be parsed is moved aside to `state.json.bad-<time>`,
///   never overwritten; a file youbi cannot read (permissions, I/O) or one
///   from a newer youbi is left alone and the save fails.
///
/// Every call blocks on the disk: the run loop calls it off the UI thread.
public struct StateStore: Sendable {
  /// The state file, or why there is none.
  public let location: Result<String, StateFileError>
  /// How long a save waits for another youbi's lock before failing (to retry later).
  public var lockTimeout: Duration = .seconds(2)
  /// Where the lock's deadline and a moved-aside file's time stamp are read.
  public var clock: any AppClock

  /// What a load or save found: the marks on disk afterwards, and where an
  /// unreadable file was moved.
  public struct Synced: Equatable, Sendable {
    public var marks: Marks
    public var movedAside: String?
  }

  public init(location: Result<String, StateFileError>, clock: any AppClock) {
    self.location = location
    self.clock = clock
  }
  public init(path: String, clock: any AppClock) {
    self.init(location: .success(path), clock: clock)
  }
  /// The store at the XDG location `environment` names.
  public init(environment: [String: String], clock: any AppClock) {
    self.init(location: StateLocation.stateFile(environment: environment), clock: clock)
  }

  /// Reads the marks on disk (empty when there is no file yet).
  ///
  /// Saves replace the file by `rename`, so reading needs no lock; only moving
  /// an unreadable file aside does, and it reads again under the lock first.
  public func load() throws(StateFileError) -> Synced {
    let path = try location.get()
    do {
      try checkDirectory(parent(of: path))
      return Synced(marks: try readMarks(path) ?? Marks())
    } catch .malformed {
      return try locked(path, verb: "read") { () throws(Failure) in
        let marks = try readMarks(path)
        return Synced(marks: marks ?? Marks())
      }
    } catch let failure {
      throw failure.error(verb: "read")
    }
  }

  /// Merges `marks` with the file under the lock and writes the result; returns what is on disk now.
  ///
  /// When the merge changes nothing the file is not rewritten.
  public func save(_ marks: Marks) throws(StateFileError) -> Synced {
    let path = try location.get()
    do {
      try makeDirectories(parent(of: path))
    } catch let failure {
      throw failure.error(verb: "save")
    }
    return try locked(path, verb: "save") { () throws(Failure) in
      var disk = try readMarks(path)
      // A horizon later than this youbi's is from a wrong clock: it must not
      // make the merge forget this week's marks (and is written back lowered).
      if let horizon = marks.horizon { disk?.limitHorizon(to: horizon) }
      let merged = disk.map { $0.merging(marks) } ?? marks
      if merged != disk { try writeAtomically(Marks.stateJSON(merged), to: path) }
      return Synced(marks: merged)
    }
  }

  // MARK: - Steps

  /// What went wrong inside a step, before it becomes a one-line message.
  enum Failure: Error {
    case system(Int32, String)
    case malformed(StateDecodeError)
    case newer(Int)
    /// A top-level member this youbi does not know: a newer writer's.
    case newerMember(Int, String)
    case locked
    /// The directory is another user's, or others may write in it.
    case unsafe(String, String)
    /// The state file is not a regular file (a FIFO, a device).
    case notRegular(String)

    func error(verb: String) -> StateFileError {
      let what = verb == "save" ? "cannot save marks" : "cannot read marks"
      switch self {
      case .system(let code, let file):
        return StateFileError(
          .system(errno: code), "\(what): \(Errno.describe(code)) (\(Excerpt.path(file)))")
      case .unsafe(let directory, let why):
        return StateFileError(
          .system(errno: EPERM),
          "\(what): \(Excerpt.path(directory)) \(why); youbi will not use it, as ssh would not")
      case .notRegular(let file):
        return StateFileError(
          .system(errno: EINVAL), "\(what): \(Excerpt.path(file)) is not a regular file")
      case .malformed(let problem):
        return StateFileError(.system(errno: EINVAL), "\(what): \(problem.message)")
      case .newer(let version):
        return StateFileError(
          .newerVersion(version),
          "\(what): the state file is from a newer youbi (version \(version)); left as it is")
      case .newerMember(let version, let name):
        return StateFileError(
          .newerVersion(version),
          "\(what): the state file holds \(Excerpt.quoted(name)), which this youbi does not know "
            + "(a newer youbi wrote it); left as it is")
      case .locked:
        return StateFileError(.locked, "\(what): another youbi holds the lock; will retry")
      }
    }
  }

  /// Runs `body` holding the exclusive lock; a malformed file met inside is
  /// moved aside and `body` runs again on the empty file.
  func locked(_ path: String, verb: String, _ body: () throws(Failure) -> Synced)
    throws(StateFileError) -> Synced
  {
    let lockPath = path + ".lock"
    do {
      try checkDirectory(parent(of: path))
    } catch let failure {
      throw failure.error(verb: verb)
    }
    // Never through a link: a planted one would make youbi create a file elsewhere.
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw Failure.system(errno, lockPath).error(verb: verb) }
    defer { close(fd) }  // closing releases the lock
    let deadline = clock.now().uptime + lockTimeout
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      // A file system without locks (some network mounts): go on unlocked;
      // the write is still atomic, only a concurrent merge could be missed.
      if code == ENOLCK || code == EOPNOTSUPP { break }
      guard code == EWOULDBLOCK || code == EINTR else {
        throw Failure.system(code, lockPath).error(verb: verb)
      }
      if clock.now().uptime >= deadline { throw Failure.locked.error(verb: verb) }
      usleep(5_000)
    }
    // Under the lock no live youbi is writing one: what is there, a killed one left.
    AtomicFile.sweep(parent(of: path), only: Paths.split(path).name)
    do {
      return try body()
    } catch .malformed {
      let aside: String
      do {
        aside = try moveAside(path)
      } catch let failure {
        throw failure.error(verb: verb)
      }
      do {
        var synced = try body()
        synced.movedAside = aside
        return synced
      } catch let failure {
        throw failure.error(verb: verb)
      }
    } catch let failure {
      throw failure.error(verb: verb)
    }
  }

  /// The marks in `path`; nil when there is no such file.
  func readMarks(_ path: String) throws(Failure) -> Marks? {
    // Without blocking: a FIFO in its place is refused, not waited on.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .system(errno, path)
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG { throw .notRegular(path) }
    let bytes: [UInt8]
    switch FileDescriptor.readAll(fd) {
    case .success(let read): bytes = read
    case .failure(let failure): throw .system(failure.value, path)
    }
    switch Marks.decodeState(bytes) {
    case .success(let marks): return marks
    case .failure(.newerVersion(let version)): throw .newer(version)
    case .failure(.unknownMember(let version, let name)): throw .newerMember(version, name)
    case .failure(.malformed(let problem)): throw .malformed(problem)
    }
  }

  /// Writes `bytes` over `path` whole (`AtomicFile`).
  func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw .system(error.code, error.path)
    }
  }

  /// Renames an unreadable `path` to `path.bad-<UTC time>` (never replacing
  /// an earlier one) and makes that durable; returns the new name.
  private func moveAside(_ path: String) throws(Failure) -> String {
    let stamp = Self.stamp(utc: clock.now().wall.seconds)
    for attempt in 0..<100 {
      let aside = "\(path).bad-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)")
      // link() refuses an existing name, so an earlier bad file is never replaced.
      if link(path, aside) == 0 {
        unlink(path)
        try syncDirectory(parent(of: path))
        return aside
      }
      if errno == EEXIST { continue }
      // A file system without hard links: rename, after checking the name is free.
      var info = stat()
      if stat(aside, &info) == 0 { continue }
      if rename(path, aside) != 0 { throw .system(errno, path) }
      try syncDirectory(parent(of: path))
      return aside
    }
    throw .system(EEXIST, path)
  }

  /// `20261201T160405Z`: the UTC date and time, for a moved-aside file's name.
  static func stamp(utc seconds: Int64) -> String {
    let date = CivilDate(daysSince1970: Int(seconds.floorDivided(by: 86_400)))
    let time = Int(seconds - Int64(date.daysSince1970) * 86_400)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(date.year)\(two(date.month))\(two(date.day))T"
      + "\(two(time / 3600))\(two(time / 60 % 60))\(two(time % 60))Z"
  }

  private func syncDirectory(_ directory: String) throws(Failure) {
    if let code = Paths.syncDirectory(directory) { throw .system(code, directory) }
  }

  /// Refuses a state directory another user owns or others may write in (as ssh
  /// refuses such a `~/.ssh`): someone else could plant files or links in it.
  func checkDirectory(_ directory: String) throws(Failure) {
    var info = stat()
    guard stat(directory, &info) == 0 else { return }  // not made yet: made private
    if info.st_uid != geteuid() { throw .unsafe(directory, "belongs to another user") }
    if info.st_mode & 0o022 != 0 { throw .unsafe(directory, "is writable by others") }
  }

  /// `mkdir -p`, new directories private to the user (the XDG rule for state).
  func makeDirectories(_ directory: String) throws(Failure) {
    if let (code, path) = Paths.makeDirectories(directory, mode: 0o700) {
      throw .system(code, path)
    }
  }

  func parent(of path: String) -> String { Paths.parent(of: path) }
}
