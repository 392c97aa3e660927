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
/// What is watched follows the path as the user gave it (`Table.arm`): after
/// every batch of events the watches are armed again, so a link pointed
/// elsewhere (`ln -sfn`) is followed to its new target, and a directory that
/// was removed is waited for from the nearest one above it that is there,
/// and watched again when it comes back. `rearm()` does the same on request
/// (the app asks after each good read).
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

  /// What a byte on the control pipe asks of the thread.
  private enum Control: UInt8 {
    case stop = 1
    case rearm = 2
  }

  /// The paths it watches, as they were given.
  let paths: [String]
  private let inotify: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  /// The descriptors it holds until `stop()`, for tests.
  var descriptors: [Int32] { [inotify, stopRead, stopWrite] }
  private var thread: pthread_t?

  /// Starts watching `paths`; `report` is called on the watcher's thread with
  /// the paths that changed. `failed` gets one line for each path whose
  /// directory cannot be watched (the others still are; and a directory that
  /// is not there is waited for).
  init?(
    paths: [String], report: @escaping @Sendable ([String]) -> Void,
    failed: (String) -> Void
  ) {
    self.paths = paths
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
    var table = Table(inotify: fd, paths: paths)
    for failure in table.arm() { failed(failure) }
    inotify = fd
    stopRead = pipeFDs[0]
    stopWrite = pipeFDs[1]
    let (inotify, stopRead, armed) = (fd, pipeFDs[0], table)
    let started = BackgroundThread.start(joinable: true) {
      Self.run(inotify: inotify, control: stopRead, table: armed, report: report)
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

  /// Arms the watches again from the paths as given (a link's target now, a
  /// directory that came back), on the watcher's thread.
  func rearm() { send(.rearm) }

  /// Stops the thread and waits for it, then closes the descriptors.
  func stop() {
    guard let thread else { return }
    send(.stop)
    self.thread = nil
    pthread_join(thread, nil)
    close(inotify)
    close(stopRead)
    close(stopWrite)
  }

  deinit { stop() }

  private func send(_ control: Control) {
    guard thread != nil else { return }
    var byte = control.rawValue
    while write(stopWrite, &byte, 1) < 0 && errno == EINTR {}
  }

  /// The thread's loop: sleep until events or a control byte; arm the watches
  /// again, then report; repeat until told to stop.
  private static func run(
    inotify: Int32, control: Int32, table: Table, report: @Sendable ([String]) -> Void
  ) {
    var table = table
    var buffer = [UInt8](repeating: 0, count: 4096)  // an event is at most 16 + NAME_MAX + 1 bytes
    while true {
      guard let controlled = BackgroundThread.waitForReading(inotify, or: control) else { return }
      var rearm = false
      if controlled {
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(control, &bytes, bytes.count)
        if n <= 0 || bytes[..<n].contains(Control.stop.rawValue) { return }
        rearm = true
      }
      var changed: [String] = []
      while true {
        let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }  // EAGAIN: the batch is read
        rearm = true
        changed += table.paths(in: buffer[..<n])
      }
      // Armed before the report, so a change made while the file is read again is seen.
      if rearm { _ = table.arm() }
      var seen = Set<String>()
      let unique = changed.filter { seen.insert($0).inserted }
      if !unique.isEmpty { report(unique) }
    }
  }

  /// `dir/name` → (`dir`, `name`); `name` → (`.`, `name`); `/name` → (`/`, `name`).
  static func split(_ path: String) -> (directory: String, name: String) { Paths.split(path) }

  static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such directory"
    case ENOSPC: "the system's limit of inotify watches is reached"
    case EMFILE: "the system's limit of inotify instances is reached"
    default: Errno.describe(code)
    }
  }
}
