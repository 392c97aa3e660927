/// Numbers as zero-padded ASCII digits written into a buffer: for the dates and times
/// that text made often (a big `--format json`) holds, with no `String` for each number.
package enum ASCIIDigits {
  /// Writes `n` (0 or more) as its last `width` digits, zero-padded, into `out` from
  /// `start`; returns the index after them.
  @discardableResult
  package static func write(
    _ n: Int, width: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    var n = n
    for k in (start..<start + width).reversed() {
      out[k] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10)
      n /= 10
    }
    return start + width
  }
}
