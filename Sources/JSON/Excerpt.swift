/// Input quoted in a message, cut to a short prefix.
///
/// Messages repeat what they complain about, and the input is untrusted: a
/// 100 MB key must not make a 100 MB error line. An excerpt keeps the first
/// `maxScalars` Unicode scalars and marks a cut with `…`. It reads only the
/// bytes it keeps, so quoting a huge string costs nothing. The text stays
/// raw: whoever prints the message makes it safe for a terminal.
public enum Excerpt {
  /// How many Unicode scalars of quoted input a message keeps.
  public static let maxScalars = 40

  /// `"text"`, or `"the first 40 scalars…"`.
  public static func quoted(_ text: String) -> String {
    var text = text
    return text.withUTF8 { quoted(utf8: $0) }
  }

  /// `text` cut like `quoted(_:)`, without the quotes: for a value a message names
  /// in its own way (`'--lables'`).
  public static func cut(_ text: String) -> String {
    var text = text
    return text.withUTF8 { prefix(utf8: $0) }
  }

  /// A path for a message: whole when it has at most `maxScalars` scalars, else `…`
  /// and its last `maxScalars - 1`, which hold the file's name.
  public static func path(_ path: String) -> String {
    let scalars = path.unicodeScalars
    guard scalars.count > maxScalars else { return path }
    return "…" + String(String.UnicodeScalarView(scalars.suffix(maxScalars - 1)))
  }

  /// `"text"` from valid UTF-8, cut like `quoted(_:)`.
  public static func quoted(utf8: UnsafeBufferPointer<UInt8>) -> String {
    "\"" + prefix(utf8: utf8) + "\""
  }

  /// The first `maxScalars` scalars of valid UTF-8, with `…` when cut.
  public static func prefix(utf8: UnsafeBufferPointer<UInt8>) -> String {
    var end = 0
    var scalars = 0
    while end < utf8.count && scalars < maxScalars {
      end += 1
      while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
      scalars += 1
    }
    let kept = String(decoding: UnsafeBufferPointer(rebasing: utf8[0..<end]), as: UTF8.self)
    return end < utf8.count ? kept + "…" : kept
  }
}
