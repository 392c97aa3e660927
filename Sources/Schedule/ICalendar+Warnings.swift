import JSON

/// What the reader leaves out, said once per kind.
extension ICalendar {
  /// The most one-off dates (`RDATE`s, and `DTSTART`) one event becomes: a file of a few
  /// hundred kilobytes must not become millions of entries. The earliest are kept.
  static let maximumDates = 1000
}

extension ICalendar.EventReader {
  /// One warning for the events left out or cut, one for the zones nobody knows.
  var warnings: [Diagnostic] {
    var found: [Diagnostic] = []
    var parts: [String] = []
    if !skipped.isEmpty {
      var reasons: [String] = []
      for (_, reason) in skipped where !reasons.contains(reason) { reasons.append(reason) }
      let shown = reasons.prefix(3).joined(separator: ", ") + (reasons.count > 3 ? ", …" : "")
      let events = skipped.count == 1 ? "1 event" : "\(skipped.count) events"
      parts.append("\(events) left out: repeat rules a weekly schedule cannot show (\(shown))")
    }
    if !cut.isEmpty {
      let events = cut.count == 1 ? "1 event" : "\(cut.count) events"
      parts.append(
        "\(events) cut to the first \(ICalendar.maximumDates) of \(cut.count == 1 ? "its" : "their") dates"
      )
    }
    if let line = [skipped.first?.line, cut.first].compactMap({ $0 }).min() {
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
