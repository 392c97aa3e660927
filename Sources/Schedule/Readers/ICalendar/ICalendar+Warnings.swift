import JSON

/// What the reader leaves out, said once per kind.
extension ICalendar {
  /// The most one-off dates (`RDATE`s, and `DTSTART`) one event becomes: a file of a few
  /// hundred kilobytes must not become millions of entries. The earliest are kept.
  static let maximumDates = 1000
}

extension ICalendar.EventReader {
  /// Why an event cannot be placed, from the error reading it stopped at: the error's
  /// message, without the component it names (`no DTSTART`).
  static func reason(_ error: Diagnostic) -> String {
    let message = error.message
    return message.hasPrefix("VEVENT has ") ? String(message.dropFirst(11)) : message
  }

  /// One warning for everything left out or cut (events, lines, zones, a missing
  /// `VCALENDAR`), at the first line concerned; one for the zones nobody knows.
  var warnings: [Diagnostic] {
    var found: [Diagnostic] = []
    var parts: [String] = []
    var lines: [Int] = []
    /// "N things left out: why (first reasons)", counted and placed.
    func count(_ items: [(line: Int, reason: String)], _ one: String, _ many: String)
      -> (String, String)?
    {
      guard !items.isEmpty else { return nil }
      lines.append(items.map(\.line).min()!)
      var reasons: [String] = []
      for (_, reason) in items where !reasons.contains(reason) { reasons.append(reason) }
      let shown = reasons.prefix(3).joined(separator: ", ") + (reasons.count > 3 ? ", …" : "")
      return (items.count == 1 ? "1 \(one)" : "\(items.count) \(many)", shown)
    }
    if let line = leftovers.bareLine {
      lines.append(line)
      parts.append("no BEGIN:VCALENDAR around the events (read as one calendar)")
    }
    if let (events, shown) = count(skipped, "event", "events") {
      parts.append("\(events) left out: repeat rules a weekly schedule cannot show (\(shown))")
    }
    if let (events, shown) = count(unplaced, "event", "events") {
      parts.append("\(events) left out: cannot be placed (\(shown))")
    }
    if !cut.isEmpty {
      lines.append(cut.min()!)
      let events = cut.count == 1 ? "1 event" : "\(cut.count) events"
      parts.append(
        "\(events) cut to the first \(ICalendar.maximumDates) of \(cut.count == 1 ? "its" : "their") dates"
      )
    }
    if let (zones, shown) = count(zonesNotRead, "VTIMEZONE", "VTIMEZONEs") {
      parts.append("\(zones) not read (\(shown))")
    }
    if let (unread, shown) = count(leftovers.unreadLines, "line", "lines") {
      parts.append("\(unread) not read (\(shown))")
    }
    if let line = lines.min() {
      found.append(Diagnostic(.warning, line: line, column: 1, parts.joined(separator: "; ")))
    }
    if let first = firstUnknownZone {
      let more = unknownZones.count > 1 ? " (and \(unknownZones.count - 1) more)" : ""
      found.append(
        Diagnostic(
          .warning, line: first.line, column: 1,
          "unknown time zone \(Excerpt.quoted(first.zone))\(more); its times are read as local time"
        ))
    }
    return found
  }
}
