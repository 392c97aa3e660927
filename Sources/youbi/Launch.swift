import TerminalUI
import Youbi

#if canImport(Glibc)
  import Glibc
#endif

/// What `main` reads from the process before anything starts: the
/// environment, the config file, the schedules. Everything it decides is
/// decided by pure code in `Youbi`; this file only fetches the inputs.
enum Launch {
  /// The process environment as a dictionary (the first `=` splits each entry).
  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }

  /// Reads the config file `choice` names; nil when there is none to read.
  static func config(_ choice: Options.ConfigChoice, paths: ConfigPaths) throws(ConfigError)
    -> Config?
  {
    switch choice {
    case .none:
      return nil
    case .file(let path):
      return try Config.load(path: path, home: paths.home, required: true)
    case .standard:
      guard let path = paths.configFile else { return nil }
      return try Config.load(path: path, home: paths.home, required: false)
    }
  }

  /// Whether anything is at `path` (what the default schedule's lookup asks).
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// `youbi --init`: writes the starter schedule and prints its path.
  static func initialize(paths: ConfigPaths) -> Int32 {
    guard let path = paths.defaultSchedule else {
      fail("youbi: cannot tell where the config directory is: set HOME or XDG_CONFIG_HOME")
      return ConfigError.exitCode
    }
    do {
      try StarterSchedule.create(at: path)
    } catch {
      fail(error.message)
      return error.exitCode
    }
    if let code = writeOutput(path + "\n") {
      fail("youbi: cannot write the output: \(String(cString: strerror(code)))")
      return 74  // EX_IOERR
    }
    return 0
  }
}
