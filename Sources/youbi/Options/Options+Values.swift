import JSON
import Schedule
import YoubiCore

/// The values of the options that take one, read or refused with a message naming the
/// option as it was written.
extension Options {
  /// `--day`: a weekday in English or Japanese, or today.
  static func day(_ text: String, as name: String) throws(UsageError) -> Day {
    if text.lowercased() == "today" || text == "今日" { return .today }
    guard let weekday = Weekday(parsing: text) else {
      throw UsageError(
        message:
          "unknown day '\(Excerpt.cut(text))' for \(name) (try monday…sunday, mon…sun, 月…日 or today)"
      )
    }
    return .weekday(weekday)
  }

  /// `--date YYYY-MM-DD`.
  static func date(_ text: String, as name: String) throws(UsageError) -> CivilDate {
    do {
      return try CivilDate(parsing: text)
    } catch {
      throw UsageError(message: "\(name): expected a date YYYY-MM-DD, found '\(Excerpt.cut(text))'")
    }
  }

  /// `--next [N]`: a count from 1 (1 when not given).
  static func count(_ value: String?, as name: String) throws(UsageError) -> Int {
    let text = value ?? "1"
    guard isCount(text), let count = Int(text), count > 0 else {
      throw UsageError(
        message:
          "\(name): expected a number of releases from 1, found \(Excerpt.quoted(value ?? ""))")
    }
    return count
  }

  /// `--upcoming TIME`: seconds.
  static func duration(_ value: String?, as name: String) throws(UsageError) -> Int {
    guard let seconds = seconds(value ?? "") else {
      throw UsageError(
        message:
          "\(name): expected a time such as 30m, 2h or 1d, found \(Excerpt.quoted(value ?? ""))")
    }
    return seconds
  }

  /// `--format text|json|ics`, in any case.
  static func format(_ value: String?, as name: String) throws(UsageError) -> OutputFormat {
    guard let chosen = OutputFormat(rawValue: (value ?? "").lowercased()) else {
      throw UsageError(
        message: "\(name): expected text, json or ics, found \(Excerpt.quoted(value ?? ""))")
    }
    return chosen
  }
}
