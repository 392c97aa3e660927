/// Instants written in ISO 8601, as the sources write them: `2024-10-06T08:00:00.000Z`,
/// `2023-10-07T00:00:00+00:00`, `2024-10-06` (midnight UTC).
public enum ISOInstant {
  /// The instants a source may name, as `parse` reads them: 1900-01-01 00:00 UTC through
  /// 9999-12-31 23:59:59 UTC. A number of seconds outside it is out of range, so the
  /// arithmetic on an instant (a week on, an offset added) never overflows.
  public static let range: ClosedRange<Int64> = -2_208_988_800...253_402_300_799

  /// Seconds since 1970 UTC for `text`; nil unless it is a date from 1900 to 9999,
  /// optionally `T` (or a space) and `HH:MM`, `:SS` and a fraction, and `Z` or an
  /// offset `±HH:MM` (`±HHMM`, `±HH`). A time without an offset is read as UTC.
  public static func parse(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// `parse(_:)` on UTF-8 bytes.
  public static func parse(utf8 u: UnsafeBufferPointer<UInt8>) -> Int64? {
    var i = 0
    func digits(_ n: Int) -> Int? {
      guard i + n <= u.count else { return nil }
      var value = 0
      for k in i..<i + n {
        guard u[k] >= 0x30 && u[k] <= 0x39 else { return nil }
        value = value * 10 + Int(u[k] - 0x30)
      }
      i += n
      return value
    }
    func expect(_ c: Character) -> Bool {
      guard i < u.count, u[i] == c.asciiValue! else { return false }
      i += 1
      return true
    }
    guard let year = digits(4), year >= 1900, expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), let date = CivilDate(year: year, month: month, day: day)
    else { return nil }
    var seconds = Int64(date.daysSince1970) * 86_400
    if i == u.count { return seconds }
    guard expect("T") || expect(" "), let hour = digits(2), hour < 24, expect(":"),
      let minute = digits(2), minute < 60
    else { return nil }
    seconds += Int64(hour * 3600 + minute * 60)
    if expect(":") {
      guard let second = digits(2), second < 61 else { return nil }
      seconds += Int64(second)
      if expect(".") || expect(",") {
        let from = i
        while i < u.count, u[i] >= 0x30 && u[i] <= 0x39 { i += 1 }
        guard i > from else { return nil }
      }
    }
    if i == u.count || expect("Z") || expect("z") { return i == u.count ? seconds : nil }
    guard i < u.count, u[i] == 0x2B || u[i] == 0x2D else { return nil }
    let sign: Int64 = u[i] == 0x2D ? -1 : 1
    i += 1
    guard let offsetHours = digits(2), offsetHours < 24 else { return nil }
    _ = expect(":")
    let offsetMinutes = i == u.count ? 0 : digits(2)
    guard let offsetMinutes, offsetMinutes < 60, i == u.count else { return nil }
    return seconds - sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
  }
}
