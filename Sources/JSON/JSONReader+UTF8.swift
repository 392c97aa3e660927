/// Up-front UTF-8 validation, so every later step can trust the bytes.
extension JSONReader {
  // MARK: - UTF-8

  /// Checks the whole input is well-formed UTF-8 (Unicode table 3-7).
  mutating func validateUTF8() throws(JSONError) {
    var j = 0
    let n = bytes.count
    while j < n {
      // Eight ASCII bytes at a time.
      while j + 8 <= n {
        let word = UnsafeRawPointer(bytes.baseAddress! + j).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        j += 8
      }
      guard j < n else { return }
      let b = bytes[j]
      if b < 0x80 {
        j += 1
        continue
      }
      // A run of the common three-byte form (kana, CJK; not E0 or ED, whose
      // second byte has a narrower range): a lead and any two continuation bytes.
      let runStart = j
      var lead = b
      while lead >= 0xE1 && lead <= 0xEF && lead != 0xED && j + 2 < n
        && bytes[j + 1] & 0xC0 == 0x80 && bytes[j + 2] & 0xC0 == 0x80
      {
        j += 3
        guard j < n else { return }
        lead = bytes[j]
      }
      if j != runStart { continue }
      j += try sequenceLength(at: j, lead: b)
    }
  }

  /// The length of the multi-byte sequence that starts with `b` at `j`, checked byte by
  /// byte against Unicode's table 3-7.
  @inline(__always)
  private mutating func sequenceLength(at j: Int, lead b: UInt8) throws(JSONError) -> Int {
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch b {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default:
      throw notUTF8(at: j, b, b >= 0x80 && b <= 0xBF ? "stray continuation byte" : "invalid byte")
    }
    for k in 1..<length {
      guard j + k < bytes.count else { throw notUTF8(at: j, b, "truncated sequence") }
      let c = bytes[j + k]
      let lo = k == 1 ? low : 0x80
      let hi = k == 1 ? high : 0xBF
      guard c >= lo && c <= hi else {
        let what =
          k == 1 && b == 0xED
          ? "encoded surrogate"
          : k == 1 && (b == 0xE0 || b == 0xF0)
            ? "overlong sequence"
            : k == 1 && b == 0xF4 ? "code point above U+10FFFF" : "truncated sequence"
        throw notUTF8(at: j, b, what)
      }
    }
    return length
  }

  /// An encoding error. Validation runs before a byte order mark is
  /// recognised, so here a mark counts as a column.
  mutating func notUTF8(at: Int, _ byte: UInt8, _ what: String) -> JSONError {
    let hex = String(byte, radix: 16, uppercase: true)
    return error(
      .encoding, at: at,
      "not UTF-8: \(what) (byte 0x\(hex.count == 1 ? "0" : "")\(hex) at offset \(at))")
  }
}
