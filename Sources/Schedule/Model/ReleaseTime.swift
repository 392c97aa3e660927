/// The time an entry comes out, on the 30-hour clock that broadcast and web
/// serial schedules print.
///
/// `25:30` on Monday is 01:30 on Tuesday's calendar, but it belongs to
/// Monday's list, as the schedule writes it. So times run from 00:00 to
/// 29:59 of the listed day, and are kept as written.
public struct ReleaseTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Stored in 16 bits to keep `Serial` small.
  private let storage: Int16

  /// Minutes after the listed day's midnight: 0 (00:00) to 1799 (29:59).
  public var minutes: Int { Int(storage) }

  /// Nil unless `hour` is 0–29 and `minute` 0–59.
  public init?(hour: Int, minute: Int) {
    guard (0...29).contains(hour), (0...59).contains(minute) else { return nil }
    storage = Int16(hour * 60 + minute)
  }

  /// Reads exactly `HH:MM` (two ASCII digits each), 00:00 to 29:59.
  public init?(parsing text: String) {
    var text = text
    let parts = text.withUTF8 { u -> (hour: Int, minute: Int)? in
      guard u.count == 5, u[2] == UInt8(ascii: ":") else { return nil }
      func digit(_ i: Int) -> Int? {
        u[i] >= UInt8(ascii: "0") && u[i] <= UInt8(ascii: "9") ? Int(u[i] - UInt8(ascii: "0")) : nil
      }
      guard let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else {
        return nil
      }
      return (h1 * 10 + h2, m1 * 10 + m2)
    }
    guard let parts else { return nil }
    self.init(hour: parts.hour, minute: parts.minute)
  }

  /// A time a zone conversion gives: `minutes` after the listed day's midnight, up to
  /// 35:59, since with days starting at 12 o'clock, 11:59 belongs to the day before.
  /// Nil outside 0..<2160.
  public init?(minutes: Int) {
    guard (0..<36 * 60).contains(minutes) else { return nil }
    storage = Int16(minutes)
  }

  public var hour: Int { minutes / 60 }
  public var minute: Int { minutes % 60 }

  /// True from 24:00 on: the calendar day after the listed one.
  public var isPastMidnight: Bool { minutes >= 24 * 60 }

  public static func < (a: ReleaseTime, b: ReleaseTime) -> Bool { a.storage < b.storage }

  /// `HH:MM` as written: `25:30`.
  public var description: String {
    // Five ASCII bytes: a small string, built without allocating (hours end at 35).
    String(unsafeUninitializedCapacity: 5) { out in
      ASCIIDigits.write(hour, width: 2, into: out, at: 0)
      out[2] = UInt8(ascii: ":")
      ASCIIDigits.write(minute, width: 2, into: out, at: 3)
      return 5
    }
  }
}
