/// Makes untrusted text safe to put on a terminal: every character that could
/// control the terminal, reorder text or hide itself becomes a visible,
/// single-column placeholder.
///
/// Schedule titles, authors and notes come from files we do not control. Raw,
/// they could set the window title (`ESC ] 0 ;`), write the clipboard
/// (`ESC ] 52 ;`), clear the screen (`ESC [ 2 J`), make the terminal answer
/// on our input (`ESC [ 6 n`), or use a single-byte C1 `CSI` (U+009B). Bidi
/// and zero-width characters do not move the cursor but make what is shown
/// differ from what is there, and make width measurement disagree with the
/// terminal. The rules, one scalar at a time:
///
/// | input | becomes |
/// |---|---|
/// | C0 controls U+0000–001F (tab, newline and ESC included) | U+2400 + code: `␀` … `␛` … `␟` |
/// | DEL U+007F | `␡` (U+2421) |
/// | C1 controls U+0080–009F | `␦` (U+2426) |
/// | format characters (Cf: bidi marks, embeddings, overrides and isolates, zero-width space/joiners, BOM, soft hyphen, word joiner, tags, …), U+2028/2029, Hangul fillers | `⁇` (U+2047) |
/// | noncharacters (U+FDD0–FDEF, U+xxFFFE/FFFF) and invalid UTF-8 (bytes variant) | `�` (U+FFFD) |
///
/// Everything else stays, including combining marks (they attach to the
/// character before them, or stand alone at the start), variation selectors,
/// CJK and emoji. Emoji joined with U+200D lose the joiner: `👨‍👩‍👧` shows as
/// `👨⁇👩⁇👧`, whose width everyone agrees on. All placeholders are East Asian
/// Width "neutral" (one column) except U+FFFD, which is "ambiguous" and one
/// column in `wcwidth`.
///
/// The module imports only the standard library.
public enum SafeText {
  /// Placeholder for C1 controls U+0080–009F.
  public static let c1Placeholder: Unicode.Scalar = "\u{2426}"
  /// Placeholder for invisible format characters (bidi, zero-width, separators).
  public static let formatPlaceholder: Unicode.Scalar = "\u{2047}"
  /// Placeholder for noncharacters and invalid UTF-8.
  public static let invalidPlaceholder: Unicode.Scalar = "\u{FFFD}"

  /// Returns `s` with every unsafe scalar replaced by its visible placeholder.
  ///
  /// When nothing needs replacing, `s` itself is returned (no copy).
  ///
  /// - Complexity: O(n) in the UTF-8 length; one scan when nothing changes.
  public static func sanitize(_ s: String) -> String {
    var needs = false
    for scalar in s.unicodeScalars where replacement(for: scalar) != nil {
      needs = true
      break
    }
    if !needs { return s }
    var out = String.UnicodeScalarView()
    out.reserveCapacity(s.utf8.count + 16)
    for scalar in s.unicodeScalars {
      out.append(replacement(for: scalar) ?? scalar)
    }
    return String(out)
  }

  /// Decodes `bytes` as UTF-8 (each invalid sequence becomes U+FFFD, as the
  /// standard library decodes) and sanitizes the result.
  public static func sanitize(bytes: some Sequence<UInt8>) -> String {
    let decoded: String
    if let fast = bytes.withContiguousStorageIfAvailable({ String(decoding: $0, as: UTF8.self) }) {
      decoded = fast
    } else {
      decoded = String(decoding: Array(bytes), as: UTF8.self)
    }
    return sanitize(decoded)
  }

  /// True when `scalar` would be replaced by `sanitize`.
  @inlinable
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    replacement(for: scalar) != nil
  }

  /// The placeholder for `scalar`, or nil when it is safe as it is.
  @inlinable
  public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let v = scalar.value
    // Printable ASCII and Latin-1 up to (not including) U+00AD: the common case.
    if v >= 0x20 && v < 0x7F { return nil }
    if v < 0x20 { return Unicode.Scalar(0x2400 + v) }
    if v == 0x7F { return "\u{2421}" }
    if v < 0xA0 { return c1Placeholder }
    if v < 0xAD { return nil }
    if isInvisible(v) { return formatPlaceholder }
    if isNoncharacter(v) { return invalidPlaceholder }
    return nil
  }

  /// Format characters (general category Cf, Unicode 15.1), the line and
  /// paragraph separators, and the Hangul fillers that draw nothing.
  @usableFromInline
  static func isInvisible(_ v: UInt32) -> Bool {
    switch v {
    case 0x00AD,  // soft hyphen
      0x0600...0x0605, 0x061C, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2,
      0x115F, 0x1160,  // Hangul choseong/jungseong fillers
      0x180E,  // Mongolian vowel separator
      0x200B...0x200F,  // zero-width space, ZWNJ, ZWJ, LRM, RLM
      0x2028, 0x2029,  // line and paragraph separators
      0x202A...0x202E,  // bidi embeddings and overrides
      0x2060...0x2064,  // word joiner, invisible operators
      0x2066...0x206F,  // bidi isolates, deprecated format characters
      0x3164,  // Hangul filler
      0xFEFF,  // zero-width no-break space (BOM)
      0xFFA0,  // halfwidth Hangul filler
      0xFFF9...0xFFFB,  // interlinear annotation
      0x110BD, 0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
      0xE0001, 0xE0020...0xE007F:  // language tag, tag characters
      return true
    default:
      return false
    }
  }

  @usableFromInline
  static func isNoncharacter(_ v: UInt32) -> Bool {
    (v >= 0xFDD0 && v <= 0xFDEF) || (v & 0xFFFE) == 0xFFFE
  }
}
