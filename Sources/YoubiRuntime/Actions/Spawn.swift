import Posix
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starting another program from an argument vector with `posix_spawn`: never
/// through a shell, so no argument is ever parsed as shell syntax.
enum Spawn {
  enum Mode: Equatable {
    /// Its own session (no controlling terminal, so it neither reads the keys
    /// nor gets the terminal's hang-up), standard streams on /dev/null, no
    /// other descriptors: a graphical browser living on after youbi.
    case detached
    /// Youbi's terminal and streams: a terminal browser while it has the screen.
    case inTerminal
    /// Detached, but standard input, output and error are these descriptors (a
    /// pipe, a file; input nil: /dev/null), and `extra` is its descriptor 3: curl fetching a
    /// subscription, which writes the headers to /dev/fd/3. A descriptor, not
    /// a path: a curl outliving a killed youbi writes on into the file youbi
    /// made, and never makes a new one after the next youbi cleared it away.
    case captured(input: Int32? = nil, output: Int32, errors: Int32, extra: Int32)
  }

  /// How a program ended.
  enum Exit: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  /// A failed system call's errno.
  struct Failure: Error, Equatable {
    var code: Int32
  }

  /// Starts `path` with `arguments` (`arguments[0]` is its name) and exactly
  /// `environment`; the pid, or the errno of the failure.
  static func start(
    _ path: String, _ arguments: [String], environment: [String: String], mode: Mode
  ) -> Result<pid_t, Failure> {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    // Every signal at its default action and none blocked: youbi's own
    // handlers, ignored signals and masks are not the child's business.
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if mode != .inTerminal {
      #if os(Linux)
        flags |= setSession
      #endif
      if case .captured(let input?, _, _, _) = mode {
        posix_spawn_file_actions_adddup2(&actions, input, 0)
      } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      }
      var kept: Int32 = 2
      if case .captured(_, let output, let errors, let extra) = mode {
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawn_file_actions_adddup2(&actions, extra, 3)
        kept = 3
      } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
      }
      for descriptor in openDescriptors(above: kept) {
        posix_spawn_file_actions_addclose(&actions, descriptor)
      }
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    var code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    // "Text file busy": the program is still open for writing somewhere, as
    // just after it was installed or written; it passes in moments.
    for _ in 0..<20 where code == ETXTBSY {
      usleep(10_000)
      code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    }
    return code == 0 ? .success(pid) : .failure(Failure(code: code))
  }

  #if os(Linux)
    /// glibc's `POSIX_SPAWN_SETSID` (2.26+), hidden from Swift behind `_GNU_SOURCE`.
    static let setSession: Int32 = 0x80
  #endif

  /// The descriptors above `floor` open now, for the child to close: youbi
  /// opens its own with close-on-exec, but may have inherited others. Listed,
  /// because glibc's closefrom action is hidden from Swift and a static
  /// executable cannot look it up. One another thread opens meanwhile is
  /// youbi's own, so close-on-exec.
  static func openDescriptors(above floor: Int32) -> [Int32] {
    #if os(Linux)
      let listing = "/proc/self/fd"
    #else
      let listing = "/dev/fd"
    #endif
    var found: [Int32] = []
    Paths.forEachName(in: listing) { name, own in
      if let descriptor = Int32(name), descriptor > floor, descriptor != own {
        found.append(descriptor)
      }
    }
    return found
  }

  /// Waits for `pid` to end.
  static func wait(_ pid: pid_t) -> Exit {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return .exited(127) }
    }
    return exit(status)
  }

  /// How `pid` ended, or nil while it runs (reaping it if it has ended).
  static func poll(_ pid: pid_t) -> Exit? {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == 0 { return nil }
    if result < 0 { return errno == EINTR ? nil : .exited(127) }
    return exit(status)
  }

  /// Decodes a wait status (the W* macros do not import).
  static func exit(_ status: Int32) -> Exit {
    status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
  }

  /// The executable `program` names: itself when it holds a '/', else the
  /// first match in `searchPath` (`PATH`; a default when unset).
  static func find(_ program: String, searchPath: String?) -> String? {
    if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
    let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(
      separator: ":", omittingEmptySubsequences: false)
    for directory in directories {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + program
      var info = stat()
      if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        access(candidate, X_OK) == 0
      {
        return candidate
      }
    }
    return nil
  }
}
