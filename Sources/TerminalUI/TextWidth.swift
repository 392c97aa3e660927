import CWidth

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Display widths, measured with the C library's `wcwidth` — the same table
/// ncurses uses, so layout and the terminal agree on where every glyph ends.
public enum TextWidth {
  /// Sets the locale up: call it once, first thing, before any thread starts.
  ///
  /// Width queries never touch the locale themselves (`setlocale` is
  /// process-wide state); a program, or a test process, prepares it once.
  public static func prepareLocale() { _ = localeIsReady }

  /// Makes sure `LC_CTYPE` is a UTF-8 locale, once per process.
  ///
  /// `wcwidth` answers -1 for every non-ASCII character in the "C" locale. We
  /// take the user's locale, then check the character type category itself
  /// (the combined name can say UTF-8 while `LC_CTYPE` is still "C", e.g.
  /// `LC_CTYPE=C LC_MESSAGES=C.UTF-8`) and fall back to `C.UTF-8` when it is
  /// not UTF-8 (e.g. `LANG=ja_JP.UTF-8` on a machine without that locale).
  /// The program calls it first thing (`prepareLocale`).
  ///
  /// Only the character type category: nothing here formats numbers, dates or
  /// messages through the C library, and every other category is one more
  /// file to read at each start (a fifth of the time before the first frame).
  static let localeIsReady: Bool = {
    _ = setlocale(LC_CTYPE, "")
    if ctypeIsUTF8 { return true }
    for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil
    {
      return true
    }
    return false
  }()

  private static var ctypeIsUTF8: Bool {
    guard let name = setlocale(LC_CTYPE, nil) else { return false }
    // "utf-8" or "utf8" anywhere in the name, in any case (the standard library alone
    // has no substring search).
    let l = Array(String(cString: name).lowercased().utf8.filter { $0 != UInt8(ascii: "-") })
    let utf8 = Array("utf8".utf8)
    return l.indices.contains { l[$0...].starts(with: utf8) }
  }

  /// Columns a scalar takes: 0 (combining), 1 or 2; -1 when not printable.
  @inline(__always)
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return 1 }
    return Int(wcwidth(wchar_t(bitPattern: v)))
  }

  /// Columns a whole string takes, counting unprintable scalars as one placeholder column.
  ///
  /// Counting stops once the total passes `limit`, so measuring a huge string
  /// against a row costs only what the row can show.
  ///
  /// - Complexity: O(min(scalars, limit)).
  public static func of(_ text: String, upTo limit: Int = .max) -> Int {
    var total = 0
    for s in text.unicodeScalars {
      let w = of(s)
      total += w < 0 ? 1 : w
      if total > limit { break }
    }
    return total
  }
}
