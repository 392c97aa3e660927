// What every input to the schedule loader must give, whatever its bytes.
//
// Shared by the seeded fuzz test (`ScheduleFuzzTests`, part of `make test`)
// and the libFuzzer target (`make fuzz`, fuzz/ScheduleFuzzer.swift), which
// compiles this file together with Sources/TerminalUI/SafeText.swift, so it
// uses nothing but the Schedule module and SafeText.

import Schedule

#if canImport(TerminalUI)
  import TerminalUI
#endif

enum ScheduleOracle {
  /// The name the input is parsed under.
  static let source = "s.json"
  /// The longest line the loader may print, in Unicode scalars, the file
  /// name and `youbi: ` included.
  static let maxLineLength = 220

  /// Nil when `bytes` behave; otherwise what went wrong, in one line.
  ///
  /// - A load gives a schedule or an error with exit status 65 or 66.
  /// - Every message and every `--check` line names the input and prints
  ///   (through `SafeText`, as the command line prints it) as one short line,
  ///   with a place inside the input when it has one.
  /// - Load and check agree: the load's error is one of the check's errors,
  ///   and a file that loads has no check errors and the same warnings.
  /// - A loaded schedule keeps the model's promises: at least one section,
  ///   no entry ending before it starts.
  static func failure(for bytes: [UInt8]) -> String? {
    var schedule: Schedule?
    var loadError: ScheduleError?
    do {
      schedule = try ScheduleLoader.parse(bytes, source: source)
    } catch {
      loadError = error
    }
    let lines = 1 + bytes.lazy.filter { $0 == 0x0A }.count
    if let loadError {
      guard loadError.exitCode == 65 || loadError.exitCode == 66 else {
        return "exit status \(loadError.exitCode) for \(printable(loadError.message))"
      }
      if let bad = badLine(loadError.message, prefix: "youbi: \(source)") { return "load: \(bad)" }
    }
    let found = ScheduleLoader.check(bytes)
    for diagnostic in found {
      if let bad = badLine(diagnostic.line(file: source), prefix: source) {
        return "check: \(bad)"
      }
      if let line = diagnostic.line, let column = diagnostic.column,
        line < 1 || line > lines || column < 1
      {
        return "check: place \(line):\(column) outside the input of \(lines) lines"
      }
    }
    if let loadError {
      guard found.contains(where: { "youbi: " + $0.line(file: source) == loadError.message }) else {
        return "the load's error is not among the check's: \(printable(loadError.message))"
      }
      return nil
    }
    guard let schedule else { return "neither a schedule nor an error" }
    if let error = found.first(where: \.isError) {
      return "check finds an error in a file that loads: \(printable(error.description))"
    }
    if found.count <= ScheduleLoader.maxDiagnostics && schedule.warnings != found {
      return "load warnings \(schedule.warnings.count) differ from check's \(found.count)"
    }
    if schedule.sections.isEmpty { return "no sections" }
    for section in schedule.sections {
      for day in Weekday.allCases {
        for serial in section[day] {
          if let start = serial.start, let end = serial.end, end < start {
            return "an entry ends (\(end)) before it starts (\(start))"
          }
        }
      }
    }
    return nil
  }

  /// What is wrong with `line` as printed, if anything.
  static func badLine(_ line: String, prefix: String) -> String? {
    guard line.hasPrefix(prefix) else { return "does not name the input: \(printable(line))" }
    let printed = SafeText.sanitize(line).unicodeScalars
    if printed.contains(where: { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 }) {
      return "more than one line: \(printable(line))"
    }
    if printed.count > maxLineLength {
      return "\(printed.count) characters long: \(printable(line))"
    }
    return nil
  }

  /// `text` safe and short enough for a failure report.
  static func printable(_ text: String) -> String {
    let safe = SafeText.sanitize(text)
    return safe.unicodeScalars.count > 300 ? String(safe.prefix(300)) + "…" : safe
  }
}
