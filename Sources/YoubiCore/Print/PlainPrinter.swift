import Schedule
import TerminalUI

/// Renders a schedule as plain text, for `--print` and for standard output
/// that is not a terminal.
///
/// The output has no escape sequences and every string from the schedule
/// goes through `SafeText.sanitize`, so piping a hostile file into a pager or
/// a log is as safe as showing it. Layout:
///
/// ```
/// My week            ← the schedule's title and a blank line, when it has one
///
/// Monday
///   Title — Author · note
///   Title
///
/// Wednesday          ← a day with times: in time order, the untimed last,
///   07:00 Title           as the week view lists it
///   25:30 Title · note
///         Title
///
/// Tuesday
///   (nothing this day)
/// ```
///
/// A schedule of several sections prints each under its title, as
/// `== Title ==` and a blank line (`== (untitled) ==` for one without), with
/// a blank line between sections. One section prints as above.
///
/// Empty strings print as if absent: an empty schedule title and empty
/// authors and notes are left out, and an empty entry or section title,
/// which the line cannot do without, prints as `(untitled)`.
public enum PlainPrinter {
  /// What an entry with an empty title prints instead.
  public static let untitled = "(untitled)"

  /// The lines for `day`, or for the whole week (Monday first, days separated
  /// by a blank line) when `day` is nil, for every section; ends with a
  /// newline.
  /// With `links`, a title with a URL is an OSC 8 hyperlink (for a terminal).
  public static func render(
    _ schedule: Schedule, day: Weekday?, labels: Labels, links: Bool = false
  ) -> String {
    render(schedule) { render($0, day: day, labels: labels, links: links) }
  }

  /// `schedule`'s title and a blank line, when it has one, then its sections, each
  /// written by `days`: under its heading when there are several, a blank line between.
  static func render(_ schedule: Schedule, days: (Schedule.Section) -> String) -> String {
    var out = ""
    if let title = schedule.title, !title.isEmpty {
      out += SafeText.sanitize(title) + "\n\n"
    }
    let titled = schedule.sections.count > 1
    for (k, section) in schedule.sections.enumerated() {
      if titled {
        if k > 0 { out += "\n" }
        out += heading(section.title ?? "")
      }
      out += days(section)
    }
    return out
  }

  /// Each of `sections` under its name's heading, written by `days`, a blank line between.
  static func render(
    sections: [(name: String, section: Schedule.Section)], days: (Schedule.Section) -> String
  ) -> String {
    sections.map { name, section in heading(name) + days(section) }.joined(separator: "\n")
  }

  /// `== Title ==` and a blank line (`== (untitled) ==` for an empty title).
  static func heading(_ title: String) -> String {
    let text = SafeText.sanitize(title)
    return "== " + (text.isEmpty ? untitled : text) + " ==\n\n"
  }

  /// One section's days.
  static func render(
    _ section: Schedule.Section, day: Weekday?, labels: Labels, links: Bool = false
  ) -> String {
    var out = ""
    let days = day.map { [$0] } ?? Weekday.allCases
    for (n, day) in days.enumerated() {
      if n > 0 { out += "\n" }
      out += labels.fullName(day) + "\n"
      let serials = section[day].orderedByTime()
      if serials.isEmpty {
        out += "  " + labels.nothingThisDay + "\n"
      }
      let timed = serials.first?.time != nil  // timed entries come first
      for serial in serials {
        let time = timed ? (serial.time.map { $0.description + " " } ?? "      ") : ""
        out += "  " + time + line(serial, links: links) + "\n"
      }
    }
    return out
  }

  /// The sections of several files, each under the name the section bar
  /// gives it (`== Anime ==`, as a file's own sections print), with a blank
  /// line between sections.
  public static func render(
    sections: [(name: String, section: Schedule.Section)], day: Weekday?, labels: Labels,
    links: Bool = false
  ) -> String {
    render(sections: sections) { render($0, day: day, labels: labels, links: links) }
  }

  /// One entry: `Title — Author · note`, with the parts it has; an empty
  /// author or note counts as none.
  /// With `links`, the title is an OSC 8 hyperlink to the serial's URL.
  public static func line(_ serial: Serial, links: Bool = false) -> String {
    line(serial, links: links, sanitizingTitle: true)
  }

  /// `line(_:links:)`, the title taken as it is when it was made safe already.
  static func line(_ serial: Serial, links: Bool = false, sanitizingTitle: Bool) -> String {
    var text =
      serial.title.isEmpty
      ? untitled : sanitizingTitle ? SafeText.sanitize(serial.title) : serial.title
    if links, let url = serial.url { text = ControlSequence.hyperlink(text, to: url.text) }
    if let author = serial.author, !author.isEmpty { text += " — " + SafeText.sanitize(author) }
    if let note = serial.note, !note.isEmpty { text += " · " + SafeText.sanitize(note) }
    return text
  }
}
