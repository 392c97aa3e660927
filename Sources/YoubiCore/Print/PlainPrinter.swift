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
  /// With `sink`, the text goes to it in pieces as it is made (`TextPieces`), and the
  /// result is empty.
  public static func render(
    _ schedule: Schedule, day: Weekday?, labels: Labels, links: Bool = false,
    sink: ((String) -> Void)? = nil
  ) -> String {
    TextPieces.made(sink) { out in
      render(schedule, into: &out) { render($0, day: day, labels: labels, links: links, into: &$1) }
    }
  }

  /// `schedule`'s title and a blank line, when it has one, then its sections, each
  /// written by `days`: under its heading when there are several, a blank line between.
  static func render(
    _ schedule: Schedule, into out: inout TextPieces,
    days: (Schedule.Section, inout TextPieces) -> Void
  ) {
    if let title = schedule.title, !title.isEmpty {
      out.add(SafeText.sanitize(title) + "\n\n")
    }
    let titled = schedule.sections.count > 1
    for (k, section) in schedule.sections.enumerated() {
      if titled {
        if k > 0 { out.add("\n") }
        out.add(heading(section.title ?? ""))
      }
      days(section, &out)
    }
  }

  /// Each of `sections` under its name's heading, written by `days`, a blank line between.
  static func render(
    sections: [(name: String, section: Schedule.Section)], into out: inout TextPieces,
    days: (Schedule.Section, inout TextPieces) -> Void
  ) {
    for (k, (name, section)) in sections.enumerated() {
      if k > 0 { out.add("\n") }
      out.add(heading(name))
      days(section, &out)
    }
  }

  /// `== Title ==` and a blank line (`== (untitled) ==` for an empty title).
  static func heading(_ title: String) -> String {
    let text = SafeText.sanitize(title)
    return "== " + (text.isEmpty ? untitled : text) + " ==\n\n"
  }

  /// One section's days.
  static func render(
    _ section: Schedule.Section, day: Weekday?, labels: Labels, links: Bool = false,
    into out: inout TextPieces
  ) {
    let days = day.map { [$0] } ?? Weekday.allCases
    for (n, day) in days.enumerated() {
      if n > 0 { out.add("\n") }
      out.add(labels.fullName(day) + "\n")
      let serials = section[day].orderedByTime()
      if serials.isEmpty {
        out.add("  " + labels.nothingThisDay + "\n")
      }
      let timed = serials.first?.time != nil  // timed entries come first
      for serial in serials {
        let time = timed ? (serial.time.map { $0.description + " " } ?? "      ") : ""
        out.add("  " + time + line(serial, links: links) + "\n")
      }
    }
  }

  /// The sections of several files, each under the name the section bar
  /// gives it (`== Anime ==`, as a file's own sections print), with a blank
  /// line between sections; with `sink`, in pieces, as `render(_:day:labels:)`.
  public static func render(
    sections: [(name: String, section: Schedule.Section)], day: Weekday?, labels: Labels,
    links: Bool = false, sink: ((String) -> Void)? = nil
  ) -> String {
    TextPieces.made(sink) { out in
      render(sections: sections, into: &out) {
        render($0, day: day, labels: labels, links: links, into: &$1)
      }
    }
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

/// Text made in pieces: `add` appends, and once the text passes `pieceSize` bytes it
/// goes to the sink, when there is one: a week of a hundred thousand lines is then never
/// one string, nor one string and its bytes.
struct TextPieces {
  static let pieceSize = 1 << 16
  private(set) var text = ""
  let sink: ((String) -> Void)?

  mutating func add(_ part: String) {
    text += part
    guard let sink, text.utf8.count >= Self.pieceSize else { return }
    sink(text)
    text = ""
  }

  /// What `make` adds: the whole text with no sink; with one, handed to it in pieces,
  /// and nothing.
  static func made(_ sink: ((String) -> Void)?, _ make: (inout TextPieces) -> Void) -> String {
    var out = TextPieces(sink: sink)
    make(&out)
    guard let sink else { return out.text }
    if !out.text.isEmpty { sink(out.text) }
    return ""
  }
}
