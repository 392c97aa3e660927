import JSON

/// The values the reader uses: text, dates and date-times, UTC offsets and recurrence
/// rules (RFC 5545 §3.3).
extension ICalendar {
  /// Text with its escapes undone: `\n` (or `\N`) is a line break, `\,` `\;` `\\` are
  /// the character itself.
  static func text(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
    var out = String.UnicodeScalarView()
    var escaped = false
    for s in value.unicodeScalars {
      if escaped {
        out.append(s == "n" || s == "N" ? "\n" : s)
        escaped = false
      } else if s == "\\" {
        escaped = true
      } else {
        out.append(s)
      }
    }
    if escaped { out.append("\\") }
    return String(out)
  }

  /// A `DATE` or `DATE-TIME` value as written.
  struct DateTime: Equatable {
    var date: CivilDate
    /// Seconds after midnight; nil for a date.
    var seconds: Int?
    /// Written in UTC (`Z`).
    var isUTC = false
    /// The zone its `TZID` names, for a date-time neither UTC nor floating.
    var zone: String?

    /// Seconds since 1970 as if the wall clock it is written on were UTC.
    var wallSeconds: Int64 { Int64(date.daysSince1970) * 86_400 + Int64(seconds ?? 0) }
  }

  /// Reads `YYYYMMDD` or `YYYYMMDDTHHMMSS` (with `Z` for UTC); `zone` is the `TZID`
  /// parameter, which UTC and dates ignore.
  static func dateTime(_ value: String, zone: String?, line: Int, what: String) throws(Diagnostic)
    -> DateTime
  {
    let u = Array(value.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= u.count else { return nil }
      var n = 0
      for i in range {
        guard (0x30...0x39).contains(u[i]) else { return nil }
        n = n * 10 + Int(u[i] - 0x30)
      }
      return n
    }
    let bad = error(
      line,
      "\(what): expected a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS, found \(Excerpt.quoted(String(value)))"
    )
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else {
      throw bad
    }
    guard let date = CivilDate(year: year, month: month, day: day) else {
      throw error(line, "\(what): no such date \(Excerpt.quoted(String(value)))")
    }
    if u.count == 8 { return DateTime(date: date) }
    let isUTC = u.count == 16 && u[15] == UInt8(ascii: "Z")
    guard u.count == 15 || isUTC, u[8] | 0x20 == UInt8(ascii: "t"),
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
    else { throw bad }
    guard hour < 24, minute < 60, second <= 60 else {
      throw error(line, "\(what): no such time \(Excerpt.quoted(String(value)))")
    }
    return DateTime(
      date: date, seconds: hour * 3600 + minute * 60 + min(second, 59), isUTC: isUTC,
      zone: isUTC ? nil : zone.map(zoneName))
  }

  /// The date-times of a property (`EXDATE`, `RDATE`): a comma-separated list, each
  /// in the zone of its `TZID`; a period (`start/end`) counts by its start.
  static func dateTimes(of property: ContentLine) throws(Diagnostic) -> [DateTime] {
    var found: [DateTime] = []
    for part in property.value.split(separator: ",") {
      let start = part.split(separator: "/").first.map(String.init) ?? ""
      found.append(
        try dateTime(
          start, zone: property.parameter("TZID"), line: property.line, what: property.name))
    }
    return found
  }

  /// A `TZID` as written, without the `/` that marks a globally unique name.
  static func zoneName(_ id: String) -> String { id.hasPrefix("/") ? String(id.dropFirst()) : id }

  /// A UTC offset `+HHMM` or `±HHMMSS`, in seconds east of UTC.
  static func utcOffset(_ property: ContentLine) throws(Diagnostic) -> Int {
    let u = Array(property.value.utf8)
    guard u.count == 5 || u.count == 7, u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-"),
      u.dropFirst().allSatisfy({ (0x30...0x39).contains($0) })
    else {
      throw error(
        property.line,
        "\(property.name): expected a UTC offset such as +0900, found \(Excerpt.quoted(String(property.value)))"
      )
    }
    let digits = u.dropFirst().map { Int($0 - 0x30) }
    let seconds =
      (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
      + (digits.count == 6 ? digits[4] * 10 + digits[5] : 0)
    return u[0] == UInt8(ascii: "-") ? -seconds : seconds
  }

  /// A recurrence rule (`RRULE`), its parts read but not yet judged.
  struct Recurrence: Equatable {
    var frequency: String
    var interval = 1
    var count: Int?
    var until: DateTime?
    /// `BYDAY`: weekdays, each with an ordinal (`2SU`, `-1SU`) or none.
    var days: [(ordinal: Int?, day: Weekday)] = []
    var months: [Int] = []
    var monthDays: [Int] = []
    /// The other `BY…` parts given, which a weekly schedule cannot follow.
    var otherParts: [String] = []

    static func == (a: Recurrence, b: Recurrence) -> Bool {
      a.frequency == b.frequency && a.interval == b.interval && a.count == b.count
        && a.until == b.until && a.days.map(\.ordinal) == b.days.map(\.ordinal)
        && a.days.map(\.day) == b.days.map(\.day) && a.months == b.months
        && a.monthDays == b.monthDays && a.otherParts == b.otherParts
    }
  }

  static let frequencies: Set<String> = [
    "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
  ]
  static let dayCodes: [String: Weekday] = [
    "MO": .monday, "TU": .tuesday, "WE": .wednesday, "TH": .thursday, "FR": .friday,
    "SA": .saturday, "SU": .sunday,
  ]

  /// Reads an `RRULE`: `FREQ` is required and must be one RFC 5545 names; numbers must be
  /// numbers. Parts this reader has no use for (`WKST`, `X-…`) are passed over.
  static func recurrence(_ property: ContentLine, zone: String?) throws(Diagnostic) -> Recurrence {
    var rule = Recurrence(frequency: "")
    // Spaces around the parts are tolerated (`BYDAY=MO, WE`): calendar apps write them.
    for part in property.value.split(separator: ";") where !trimmed(part).isEmpty {
      let pieces = part.split(separator: "=", maxSplits: 1)
      guard pieces.count == 2 else {
        throw error(
          property.line, "RRULE: expected NAME=VALUE, found \(Excerpt.quoted(String(part)))")
      }
      let name = trimmed(pieces[0]).uppercased()
      try read(name, trimmed(pieces[1]), into: &rule, line: property.line, zone: zone)
    }
    guard !rule.frequency.isEmpty else { throw error(property.line, "RRULE has no FREQ") }
    return rule
  }

  /// Reads the part `name=value` of an `RRULE` into `rule`.
  static func read(
    _ name: String, _ value: Substring, into rule: inout Recurrence, line: Int, zone: String?
  ) throws(Diagnostic) {
    func positive(_ part: String) throws(Diagnostic) -> Int {
      guard let n = Int(value), n >= 1 else {
        throw error(
          line, "RRULE: \(part) expects a positive number, found \(Excerpt.quoted(String(value)))")
      }
      return n
    }
    switch name {
    case "FREQ":
      rule.frequency = value.uppercased()
      guard frequencies.contains(rule.frequency) else {
        throw error(line, "RRULE: unknown FREQ \(Excerpt.quoted(String(value)))")
      }
    case "INTERVAL": rule.interval = try positive(name)
    // Past the year 9999 for any rule: no overflow later.
    case "COUNT": rule.count = min(try positive(name), 100_000_000)
    case "UNTIL":
      rule.until = try dateTime(String(value), zone: zone, line: line, what: "RRULE: UNTIL")
    case "BYDAY": rule.days = try weekdays(value, line: line)
    case "BYMONTH": rule.months = try integers(value, name, line: line)
    case "BYMONTHDAY": rule.monthDays = try integers(value, name, line: line)
    case "BYSECOND", "BYMINUTE", "BYHOUR", "BYYEARDAY", "BYWEEKNO", "BYSETPOS":
      rule.otherParts.append(name)
    default:
      break  // WKST, and extensions: nothing a weekly schedule needs
    }
  }

  /// `BYDAY`'s days, each with its ordinal (1 to 53 either way) or none.
  static func weekdays(_ value: Substring, line: Int) throws(Diagnostic)
    -> [(ordinal: Int?, day: Weekday)]
  {
    var days: [(ordinal: Int?, day: Weekday)] = []
    for item in value.split(separator: ",").map(trimmed) {
      let code = String(item.suffix(2)).uppercased()
      let prefix = item.dropLast(2)
      let ordinal = Int(prefix)
      guard let day = dayCodes[code],
        prefix.isEmpty || ordinal.map({ (-53...53).contains($0) && $0 != 0 }) == true
      else {
        throw error(
          line,
          "RRULE: BYDAY expects days such as MO or -1SU, found \(Excerpt.quoted(String(item)))")
      }
      days.append((prefix.isEmpty ? nil : ordinal, day))
    }
    return days
  }

  /// A comma-separated list of numbers, for the part `part`.
  static func integers(_ text: Substring, _ part: String, line: Int) throws(Diagnostic) -> [Int] {
    var out: [Int] = []
    for item in text.split(separator: ",") {
      guard let n = Int(trimmed(item)) else {
        throw error(line, "RRULE: \(part) expects numbers, found \(Excerpt.quoted(String(text)))")
      }
      out.append(n)
    }
    return out
  }

  /// `text` without spaces and tabs at either end.
  static func trimmed(_ text: Substring) -> Substring {
    var s = text
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return s
  }
}
