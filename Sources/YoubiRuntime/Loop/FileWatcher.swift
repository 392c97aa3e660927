import Posix
import YoubiCore

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when files change, by watching their directories with inotify.
///
/// A file's directory is watched, not the file: editors that save by writing
/// a new file and renaming it over the old one replace the inode a watch on
/// the file would hold, and a deleted file that comes back is only seen from
/// its directory. When a path is a symbolic link, the directory of the file
/// it points to is watched as well, so an edit made through the link's
/// target is seen too.
///
/// One thread per watcher sleeps in `poll` until the kernel reports an event
/// or `stop()` is called: no CPU while nothing changes. It reports the paths
/// touched by each batch of events once; bursts are for the caller to settle
/// (`AppState` waits for a quiet moment before reading again).
final class FileWatcher: @unchecked Sendable {
  /// The events that can mean a watched file's content changed, appeared or went.
  static let mask = UInt32(
    IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
      | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

  /// A watched name in a watched directory, and the path the caller knows it by.
  private struct Entry: Sendable {
    var name: String
    var path: String
  }

  private let inotify: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  /// The descriptors it holds until `stop()`, for tests.
  var descriptors: [Int32] { [inotify, stopRead, stopWrite] }
  /// Watch descriptor → the entries in that directory (read-only once the thread runs).
  private let entries: [Int32: [Entry]]
  private var thread: pthread_t?

  /// Starts watching `paths`; `report` is called on the watcher's thread with
  /// the paths that changed. `failed` gets one line for each path that cannot
  /// be watched (the others still are).
  init?(
    paths: [String], report: @escaping @Sendable ([String]) -> Void,
    failed: (String) -> Void
  ) {
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    var pipeFDs: [Int32] = [-1, -1]
    guard fd >= 0 else {
      failed("cannot watch for changes: \(Self.describe(errno))")
      return nil
    }
    guard pipe(&pipeFDs) == 0 else {
      failed("cannot watch for changes: \(Self.describe(errno))")
      close(fd)
      return nil
    }
    for p in pipeFDs { _ = fcntl(p, F_SETFD, FD_CLOEXEC) }
    var entries: [Int32: [Entry]] = [:]
    for path in paths {
      var places = [Self.split(path)]
      if let real = Self.realPath(path), real != path { places.append(Self.split(real)) }
      var watched = false
      var problem: Int32 = 0
      for (directory, name) in places {
        let wd = inotify_add_watch(fd, directory, Self.mask)
        if wd < 0 {
          problem = errno
          continue
        }
        watched = true
        entries[wd, default: []].append(Entry(name: name, path: path))
      }
      if !watched {
        failed("cannot watch \(Self.split(path).directory): \(Self.describe(problem))")
      }
    }
    inotify = fd
    stopRead = pipeFDs[0]
    stopWrite = pipeFDs[1]
    self.entries = entries
    let (inotify, stopRead, watching) = (fd, pipeFDs[0], entries)
    let started = BackgroundThread.start(joinable: true) {
      Self.run(inotify: inotify, stop: stopRead, entries: watching, report: report)
    }
    if started == nil {
      failed("cannot watch for changes: no thread")
      close(fd)
      close(stopRead)
      close(stopWrite)
      return nil
    }
    thread = started
  }

  /// Stops the thread and waits for it, then closes the descriptors.
  func stop() {
    guard let thread else { return }
    self.thread = nil
    var byte: UInt8 = 1
    while write(stopWrite, &byte, 1) < 0 && errno == EINTR {}
    pthread_join(thread, nil)
    close(inotify)
    close(stopRead)
    close(stopWrite)
  }

  deinit { stop() }

  /// The thread's loop: sleep until events or the stop byte, report, repeat.
  private static func run(
    inotify: Int32, stop stopRead: Int32, entries: [Int32: [Entry]],
    report: @Sendable ([String]) -> Void
  ) {
    var buffer = [UInt8](repeating: 0, count: 4096)  // an event is at most 16 + NAME_MAX + 1 bytes
    while true {
      var fds = [
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&fds, 2, -1) < 0 {
        if errno == EINTR { continue }
        return
      }
      if fds[1].revents != 0 { return }
      var changed: [String] = []
      while true {
        let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }  // EAGAIN: the batch is read
        changed += paths(in: buffer[..<n], entries: entries)
      }
      var seen = Set<String>()
      let unique = changed.filter { seen.insert($0).inserted }
      if !unique.isEmpty { report(unique) }
    }
  }

  /// The watched paths a buffer of `inotify_event`s touches.
  private static func paths(in bytes: ArraySlice<UInt8>, entries: [Int32: [Entry]]) -> [String] {
    var result: [String] = []
    var i = bytes.startIndex
    let header = 16  // int wd; uint32 mask, cookie, len
    while i + header <= bytes.endIndex {
      let wd = Int32(bitPattern: word(bytes, i))
      let mask = word(bytes, i + 4)
      let length = Int(word(bytes, i + 12))
      let nameBytes = bytes[(i + header)..<min(bytes.endIndex, i + header + length)]
      i += header + length
      if mask & UInt32(IN_Q_OVERFLOW) != 0 {
        // Events were lost: any file may have changed.
        result += entries.values.flatMap { $0.map(\.path) }
        continue
      }
      guard let here = entries[wd] else { continue }
      if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
        result += here.map(\.path)  // the directory itself went: so did its files
        continue
      }
      let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
      result += here.filter { $0.name == name }.map(\.path)
    }
    return result
  }

  private static func word(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }  // little-endian
  }

  /// `dir/name` → (`dir`, `name`); `name` → (`.`, `name`); `/name` → (`/`, `name`).
  static func split(_ path: String) -> (directory: String, name: String) { Paths.split(path) }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such directory"
    case ENOSPC: "the system's limit of inotify watches is reached"
    case EMFILE: "the system's limit of inotify instances is reached"
    default: Errno.describe(code)
    }
  }
}
