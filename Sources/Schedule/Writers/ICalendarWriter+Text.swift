/// Values and lines as iCalendar writes them.
extension ICalendarWriter {
  /// A `TEXT` value: `\`, `;`, `,` and line breaks (LF, CR LF) escaped; every other
  /// control character, a lone CR too (and DEL and the C1 controls), a visible
  /// placeholder, as on screen.
  static func escape(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    for (k, scalar) in scalars.enumerated() {
      switch scalar.value {
      case 0x5C: out.append(contentsOf: "\\\\".unicodeScalars)
      case 0x3B: out.append(contentsOf: "\\;".unicodeScalars)
      case 0x2C: out.append(contentsOf: "\\,".unicodeScalars)
      case 0x0A: out.append(contentsOf: "\\n".unicodeScalars)
      // A CR LF pair is one line break (its LF writes it); a lone CR is shown.
      case 0x0D where k + 1 < scalars.count && scalars[k + 1] == "\n": break
      case 0x00..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: out.append("\u{2421}")
      case 0x80..<0xA0: out.append("\u{2426}")
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// A content line folded at 75 bytes (RFC 5545 §3.1): each further piece on a line
  /// of its own after CRLF and a space, never inside a UTF-8 sequence; ends in CRLF.
  static func fold(_ line: String) -> String {
    var out: [UInt8] = []
    var width = 0
    for scalar in line.unicodeScalars {
      let bytes = Array(String(scalar).utf8)
      if width + bytes.count > 75 {
        out += [0x0D, 0x0A, 0x20]
        width = 1
      }
      out += bytes
      width += bytes.count
    }
    return String(decoding: out + [0x0D, 0x0A], as: UTF8.self)
  }

  /// `20261205`.
  static func basic(_ date: CivilDate) -> String {
    let (y, m, d) = date.components
    return pad(y, 4) + pad(m, 2) + pad(d, 2)
  }

  /// `20261205T233000` for local seconds since 1970.
  static func basicDateTime(_ wall: Int64) -> String {
    let date = CivilDate(daysSince1970: Int(ICalendar.floorDivide(wall, 86_400)))
    let seconds = Int(wall - Int64(date.daysSince1970) * 86_400)
    return basic(date) + "T" + pad(seconds / 3600, 2) + pad(seconds / 60 % 60, 2)
      + pad(seconds % 60, 2)
  }

  /// `20261205T143000Z` for UTC seconds since 1970.
  static func utc(_ seconds: Int64) -> String { basicDateTime(seconds) + "Z" }

  /// `+0100`, `-0330`.
  static func offset(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + pad(minutes / 60, 2) + pad(minutes % 60, 2)
  }

  /// `MO` … `SU`.
  static func dayCode(_ day: Weekday) -> String {
    ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][day.rawValue]
  }

  static func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }
}
