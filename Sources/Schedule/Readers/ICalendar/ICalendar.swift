/// Reads iCalendar (RFC 5545) files into schedules: weekly events become entries on their
/// weekdays, one-off events entries on their dates.
///
/// What a schedule can hold is a weekly serial with a time, a first and a last date and
/// dates off, so only rules that say "every week on these days" (`FREQ=WEEKLY`, or
/// `FREQ=DAILY`, with `BYDAY`, `UNTIL`, `COUNT`, no `INTERVAL` above 1) are read; an
/// event with any other rule is skipped, and the skipped events are counted in one
/// warning. `DTSTART` gives the time and the first date, converted from its zone (the
/// file's own `VTIMEZONE` when it has one, else the zone database) or from UTC to the
/// local zone; `UNTIL` or `COUNT` the last date; `EXDATE` the dates off; a changed
/// instance (`RECURRENCE-ID`) becomes a date off and, unless cancelled, a one-off entry.
///
/// The reader is pure: the zone database is passed in. It is lenient, as calendars in the
/// wild need: what it cannot read is left out and counted in one warning, and only a file
/// whose structure is broken stops the reading, with one error naming its line.
public enum ICalendar {
  /// Whether `bytes` is an iCalendar file: it begins (after a byte order mark and blank
  /// lines) with `BEGIN:VCALENDAR`, in any case. The content decides, not the file's name.
  public static func isCalendar(_ bytes: [UInt8]) -> Bool {
    var i = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    while i < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[i]) { i += 1 }
    let begin = Array("BEGIN:VCALENDAR".utf8)
    guard bytes.count - i >= begin.count else { return false }
    for (k, b) in begin.enumerated() where bytes[i + k] | 0x20 != b | 0x20 { return false }
    return true
  }

  /// Reads an iCalendar file into a schedule of one section titled by the calendar's
  /// name (`X-WR-CALNAME`), with one warning for everything left out: events that
  /// cannot be placed or repeat in ways a week cannot show, lines that cannot be read,
  /// zones that cannot be read, a missing `VCALENDAR` around the events; and one for
  /// unknown zones.
  ///
  /// - Throws: an error with its line only for a broken structure (a `BEGIN` never
  ///   ended, an `END` that does not match, a `BEGIN` of something that is no calendar).
  public static func parse(_ bytes: [UInt8], zones: any TimeZoneDatabase) throws(Diagnostic)
    -> Schedule
  {
    var leftovers = Leftovers()
    let lines = try contentLines(bytes, leftovers: &leftovers)
    let calendars = try components(lines, leftovers: &leftovers)
    var reader = EventReader(calendars: calendars, zones: zones, leftovers: leftovers)
    return reader.schedule()
  }

  /// An error at `line` of the file.
  static func error(_ line: Int, _ message: String) -> Diagnostic {
    Diagnostic(.error, line: line, column: 1, message)
  }
}
