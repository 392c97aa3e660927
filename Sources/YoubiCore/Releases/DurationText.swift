/// A span of time as people write it in a config file or on a command line.
public enum DurationText {
  /// `30m`, `2h`, `1d`, `90s`, `1h30m` in seconds; a bare number is minutes. Nil for
  /// anything else (signs, spaces, an empty string, a unit twice in a row).
  public static func seconds(_ text: String) -> Int? {
    let bytes = Array(text.lowercased().utf8)
    guard !bytes.isEmpty else { return nil }
    if bytes.allSatisfy({ (0x30...0x39).contains($0) }) {
      guard bytes.count <= 6, let minutes = Int(text) else { return nil }
      return minutes * 60
    }
    var total = 0
    var number: Int? = nil
    for byte in bytes {
      if (0x30...0x39).contains(byte) {
        let digit = Int(byte - 0x30)
        guard (number ?? 0) < 1_000_000 else { return nil }
        number = (number ?? 0) * 10 + digit
        continue
      }
      guard let value = number else { return nil }
      switch byte {
      case UInt8(ascii: "s"): total += value
      case UInt8(ascii: "m"): total += value * 60
      case UInt8(ascii: "h"): total += value * 3600
      case UInt8(ascii: "d"): total += value * 86_400
      default: return nil
      }
      number = nil
    }
    return number == nil ? total : nil
  }
}
