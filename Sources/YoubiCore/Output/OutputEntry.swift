import Schedule

/// One entry as the output formats write it: a serial on a date, with what the state
/// file says about it.
///
/// Text is raw (untrusted): each writer makes it safe for its own format.
public struct OutputEntry: Equatable, Sendable {
  /// The name of its section (the section bar's name for it).
  public var section: String
  /// The date it is listed under.
  public var date: CivilDate
  public var serial: Serial
  public var starred = false
  /// Its release on `date` marked seen (`m`), as the terminal shows it.
  public var read = false
  /// When it comes out, local seconds since 1970; nil without a time.
  public var local: Int64?
  /// The UTC offset of the local zone at `local`, for a timestamp.
  public var utcOffset = 0

  public init(
    section: String, date: CivilDate, serial: Serial, starred: Bool = false, read: Bool = false,
    local: Int64? = nil, utcOffset: Int = 0
  ) {
    self.section = section
    self.date = date
    self.serial = serial
    self.starred = starred
    self.read = read
    self.local = local ?? Release.instant(of: serial, on: date)
    self.utcOffset = utcOffset
  }

  /// The episode it brings on its date, when the serial counts them (as `--print` shows it).
  public var episode: Int? { serial.shownEpisode(on: date) }

  /// Its release as an RFC 3339 timestamp with the local offset
  /// (`2026-12-05T23:30:00+09:00`); nil without a time.
  public var timestamp: String? {
    guard let local else { return nil }
    let day = CivilDate(daysSince1970: Int(local.floorDivided(by: 86_400)))
    let seconds = Int(local - Int64(day.daysSince1970) * 86_400)
    return day.description + Self.clock(seconds: seconds, utcOffset: utcOffset)
  }

  /// A timestamp's part after the date, `seconds` into the day at `utcOffset` seconds
  /// from UTC: `T23:30:00+09:00`, fifteen ASCII bytes (a small string, so no allocation).
  static func clock(seconds: Int, utcOffset: Int) -> String {
    let offset = abs(utcOffset) / 60
    return String(unsafeUninitializedCapacity: 15) { out in
      out[0] = UInt8(ascii: "T")
      ASCIIDigits.write(seconds / 3600, width: 2, into: out, at: 1)
      out[3] = UInt8(ascii: ":")
      ASCIIDigits.write(seconds / 60 % 60, width: 2, into: out, at: 4)
      out[6] = UInt8(ascii: ":")
      ASCIIDigits.write(seconds % 60, width: 2, into: out, at: 7)
      out[9] = UInt8(ascii: utcOffset < 0 ? "-" : "+")
      ASCIIDigits.write(offset / 60, width: 2, into: out, at: 10)
      out[12] = UInt8(ascii: ":")
      ASCIIDigits.write(offset % 60, width: 2, into: out, at: 13)
      return 15
    }
  }
}
