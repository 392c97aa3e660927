/// The dates feeds write: RFC 822 as RSS's `pubDate` does (`Tue, 03 Jun 2003 09:39:21 GMT`,
/// RFC 2822's numeric zones and four-digit years too), and RFC 3339 as Atom, JSON Feed and
/// MangaDex do (`2003-12-13T18:30:02Z`, `2024-05-01T12:00:00+09:00`).
enum FeedDate {
  /// Seconds since 1970 UTC for `text` in either form; nil when it is neither.
  static func parse(_ text: String) -> Int64? {
    let trimmed = text.trimmingXMLSpace()
    if let first = trimmed.utf8.first, first >= 0x30, first <= 0x39, trimmed.utf8.count >= 10,
      Array(trimmed.utf8)[4] == UInt8(ascii: "-")
    {
      return ISOInstant.parse(trimmed)
    }
    return rfc822(trimmed)
  }

  /// The zones RFC 822 names, in minutes east of UTC.
  static let zones: [String: Int] = [
    "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -300, "EDT": -240, "CST": -360, "CDT": -300,
    "MST": -420, "MDT": -360, "PST": -480, "PDT": -420,
  ]

  static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// `[Day,] DD Mon YYYY HH:MM[:SS] zone`, the day name ignored (the date decides).
  static func rfc822(_ text: String) -> Int64? {
    var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    // The day's name, which the date decides.
    if let first = words.first, first.first?.isNumber == false { words.removeFirst() }
    guard words.count == 5, let day = Int(words[0]),
      let month = months.firstIndex(of: words[1].prefix(3).lowercased()),
      var year = Int(words[2])
    else { return nil }
    if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
    // The years ISOInstant reads too: a number out of range is no date, never a trap.
    guard (1900...9999).contains(year), (1...31).contains(day),
      let date = CivilDate(year: year, month: month + 1, day: day),
      let seconds = clock(words[3]), let offset = offset(words[4])
    else { return nil }
    return Int64(date.daysSince1970) * 86_400 + Int64(seconds) - Int64(offset) * 60
  }

  /// `HH:MM` or `HH:MM:SS` in seconds after midnight.
  static func clock(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2 || parts.count == 3, let hour = parts[0], let minute = parts[1],
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    let second = parts.count == 3 ? parts[2] : 0
    guard let second, (0...60).contains(second) else { return nil }
    return hour * 3600 + minute * 60 + second
  }

  /// A zone name or `±HHMM`, in minutes east of UTC.
  static func offset(_ text: String) -> Int? {
    if let named = zones[text.uppercased()] { return named }
    let u = Array(text.utf8)
    guard u.count == 5, u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-"),
      let hours = Int(String(text.dropFirst().prefix(2))),
      let minutes = Int(String(text.suffix(2))),
      hours < 24, minutes < 60
    else { return nil }
    return (u[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
  }
}
