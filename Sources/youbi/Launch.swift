import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

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

  /// `youbi --check`: every problem in each schedule, one line each on
  /// standard output (`file:line:column: …`, made safe for the terminal),
  /// and for each that loads, `file: ok, N entries` on standard error unless
  /// `quiet`. 0 when no problem is an error, 65 (EX_DATAERR) when one is, and a
  /// file that cannot be read is named on standard error with its own status
  /// (66), after the others are checked.
  static func check(_ sources: [ScheduleSource], quiet: Bool) -> Int32 {
    var status: Int32 = 0
    var lines = ""
    var ok: [String] = []
    for source in sources {
      let path: String
      switch source {
      case .demo: continue  // built in, and checked by the tests
      case .file(let file): path = file
      case .standardInput: path = "-"
      }
      do {
        let report = try ScheduleLoader.report(path: path)
        let name = ScheduleLoader.sourceName(path: path)
        for problem in report.problems {
          lines += SafeText.sanitize(problem.line(file: name)) + "\n"
        }
        if let entries = report.entries, !quiet {
          ok.append("\(name): ok, \(entries == 1 ? "1 entry" : "\(entries) entries")")
        }
        if status == 0 && report.entries == nil { status = ScheduleError.dataError }
      } catch {
        fail(error.message)
        status = error.exitCode
      }
    }
    if let code = writeOutput(lines) {
      fail("youbi: cannot write the output: \(String(cString: strerror(code)))")
      return 74  // EX_IOERR
    }
    for line in ok { fail(line) }
    return status
  }
}
