import Schedule
import TerminalUI

/// `--print`: a dated week, as the week view shows it.
extension PlainPrinter {
  /// The week of `monday` (or its `day` only): each day under its date, the entries
  /// that appear on it (`start`, `end` and `skip` applied), in time order, each with
  /// its episode number; every section of `schedule` as `render(_:day:labels:)` lays
  /// them out.
  ///
  /// ```
  /// Monday, 30 November 2026
  ///   07:00 Title #8 — Author · note
  /// ```
  public static func render(
    _ schedule: Schedule, week monday: CivilDate, day: Weekday?, labels: Labels,
    links: Bool = false, sink: ((String) -> Void)? = nil
  ) -> String {
    TextPieces.made(sink) { out in
      render(schedule, into: &out) {
        render($0, week: monday, day: day, labels: labels, links: links, into: &$1)
      }
    }
  }

  /// The week of several files' sections, each under its name.
  public static func render(
    sections: [(name: String, section: Schedule.Section)], week monday: CivilDate,
    day: Weekday?, labels: Labels, links: Bool = false, sink: ((String) -> Void)? = nil
  ) -> String {
    TextPieces.made(sink) { out in
      render(sections: sections, into: &out) {
        render($0, week: monday, day: day, labels: labels, links: links, into: &$1)
      }
    }
  }

  /// One section's dated days.
  static func render(
    _ section: Schedule.Section, week monday: CivilDate, day: Weekday?, labels: Labels,
    links: Bool, into out: inout TextPieces
  ) {
    let days = day.map { [$0] } ?? Weekday.allCases
    for (n, day) in days.enumerated() {
      let date = monday.adding(days: day.rawValue)
      if n > 0 { out.add("\n") }
      out.add(labels.fullDate(date) + "\n")
      // Positions, not copies: a day of a large catalogue is not held twice.
      let all = section[day]
      let listed = section.listedIndices(on: date)
      if listed.isEmpty { out.add("  " + labels.nothingThisDay + "\n") }
      let timed = listed.first.map { all[$0].time != nil } ?? false  // timed entries come first
      for serial in listed.lazy.map({ all[$0] }) {
        let time = timed ? (serial.time.map { $0.description + " " } ?? "      ") : ""
        var text = serial.title.isEmpty ? untitled : SafeText.sanitize(serial.title)
        if let episode = serial.shownEpisode(on: date) { text += " " + labels.episode(episode) }
        var rest = serial
        rest.title = text
        out.add("  " + time + line(rest, links: links, sanitizingTitle: false) + "\n")
      }
    }
  }
}
