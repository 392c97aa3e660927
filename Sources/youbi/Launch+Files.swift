import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `--init` and `--check`, and loading a schedule before the UI: the modes that
/// only read and write files.
extension Launch {
  /// `youbi --init`: writes the starter schedule, prints its path, then what to do next.
  func initialize() throws(Exit) -> Int32 {
    guard let path = paths.defaultSchedule else {
      throw Exit(
        ConfigError.exitCode,
        "youbi: cannot tell where the config directory is: set HOME or XDG_CONFIG_HOME")
    }
    do {
      try StarterSchedule.create(at: path)
    } catch {
      throw Exit(error)
    }
    let status = try writeOutput(path + "\n")
    fail(StarterSchedule.nextStep)  // one line on standard error, as --check says ok
    return status
  }

  /// `youbi --check`: every problem in each schedule, one line each on
  /// standard output (`file:line:column: …`, made safe for the terminal),
  /// and for each that loads, `file: ok, N serials` on standard error unless
  /// `-q`. 0 when no problem is an error, 65 (EX_DATAERR) when one is, and a
  /// file that cannot be read is named on standard error with its own status
  /// (66), after the others are checked.
  func check() throws(Exit) -> Int32 {
    // The config's references are checked with the config's schedules (no FILE named).
    let references = options.files.isEmpty ? self.references.sources : []
    if sources == [.demo] && references.isEmpty {
      throw Exit(
        ScheduleError.noInput,
        "youbi: --check: no schedule to check (name a FILE, or set one up: youbi --init)")
    }
    var status: Int32 = 0
    var lines = ""
    var ok: [String] = []
    // The built-in week is checked by the tests.
    for source in sources where source != .demo {
      do {
        let path: String
        let report: ScheduleLoader.CheckReport
        if case .url(let url) = source {
          // Fetched now; one that cannot be is named on standard error (75).
          guard let bytes = Subscriptions.download(url, fetcher: fetcher) else {
            status = Subscriptions.tempFail
            continue
          }
          path = url.text
          report = ScheduleLoader.report(bytes, source: path)
        } else {
          path = source.loadPath ?? "-"
          report = try ScheduleLoader.report(path: path)
        }
        let name = ScheduleLoader.sourceName(path: path)
        for problem in report.problems {
          lines += SafeText.sanitize(problem.line(file: name)) + "\n"
        }
        if let serials = report.serials, !options.quiet {
          ok.append("\(name): ok, \(serials == 1 ? "1 serial" : "\(serials) serials")")
        }
        if status == 0 && report.serials == nil { status = ScheduleError.dataError }
      } catch {
        fail(error.message)
        status = error.exitCode
      }
    }
    let referenceStatus = checkReferences(references, lines: &lines, ok: &ok)
    if status == 0 { status = referenceStatus }
    try writeOutput(lines)
    for line in ok { fail(line) }
    return status
  }

  /// `--check` of the `reference` catalogues: each must be bangumi-data. Its problems
  /// are lines as a schedule's are (`file:line:column: …`), and one that is read says
  /// `file: ok, reference of N shows, M platform slots`; one that cannot be read (missing,
  /// or a URL that cannot be fetched) is named on standard error. The status: 0, else
  /// the first error's (65 for a reference that is not bangumi-data, 66 for a missing
  /// one, 75 for a fetch).
  func checkReferences(_ references: [ScheduleSource], lines: inout String, ok: inout [String])
    -> Int32
  {
    var status: Int32 = 0
    for source in references {
      let name: String
      let report: ScheduleLoader.ReferenceReport
      switch source {
      case .url(let url):
        guard let bytes = Subscriptions.download(url, fetcher: fetcher) else {
          if status == 0 { status = Subscriptions.tempFail }
          continue
        }
        name = url.text
        report = ScheduleLoader.referenceReport(bytes, source: name)
      case .file(let path):
        name = ScheduleLoader.sourceName(path: path)
        do {
          report = try ScheduleLoader.referenceReport(path: path)
        } catch {
          fail("youbi: reference: " + error.message.dropFirst("youbi: ".count))
          if status == 0 { status = error.exitCode }
          continue
        }
      case .standardInput, .demo: continue
      }
      for problem in report.problems {
        lines += SafeText.sanitize(problem.line(file: name)) + "\n"
      }
      if let counts = report.counts, !options.quiet {
        ok.append(
          "\(name): ok, reference of \(Self.counted(counts.shows, "show")), "
            + Self.counted(counts.slots, "platform slot"))
      }
      if status == 0 && report.counts == nil { status = ScheduleError.dataError }
    }
    return status
  }

  /// `1 show`, `2 shows`.
  static func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

  /// Loads a schedule now, on this thread, and prints its warnings on standard
  /// error (an iCalendar file's left-out events, a JSON file's near-miss
  /// field names) when `warnings` says so, or when nothing in it could be read: before
  /// the UI starts, so they are on the terminal once youbi quits.
  ///
  /// A subscription is read from its cached copy, fetched first when there is
  /// none (only `--print` gets here without one); its messages name the URL.
  func load(_ source: ScheduleSource, reading: Reading, now: WallTime, warnings: Bool = true)
    throws(Exit) -> Schedule
  {
    var path: String
    var name: String
    if case .url(let url) = source {
      do {
        path = try Subscriptions.copy(of: url, fetcher: fetcher, now: now.seconds)
      } catch {
        throw Exit(error)
      }
      name = url.text
    } else {
      guard let file = source.loadPath else { return DefaultSchedule.schedule }
      path = file
      name = ScheduleLoader.sourceName(path: path)
    }
    do {
      let schedule = try Subscriptions.read(
        path, of: source, reading: reading, fetcher: fetcher, now: now)
      let empty = schedule.sections.allSatisfy { section in
        Weekday.allCases.allSatisfy { section[$0].isEmpty }
      }
      if warnings || (empty && !options.quiet) {
        for warning in schedule.warnings { fail("youbi: " + warning.line(file: name)) }
      }
      return schedule
    } catch {
      throw Exit(error.exitCode, error.message.replacingFirst(path, with: name))
    }
  }
}
