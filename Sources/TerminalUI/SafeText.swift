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
/// `SafeText` itself uses only the standard library; the rest of TerminalUI
/// also imports libc (Glibc on Linux, Darwin on macOS) and the small `CWidth`
/// module for `wcwidth`.
///
/// `replacement(for:)` is the per-scalar check, meant to be called for every
/// scalar drawn (`Canvas.draw` as the single safety choke point): it is public
/// and `@inlinable`, allocates nothing, and returns at once for printable
/// ASCII.
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
    var s = s
    return s.withUTF8 { utf8 in
      guard let first = firstUnsafeOffset(utf8) else { return nil }
      return rebuild(utf8, from: first)
    } ?? s
  }

  /// The byte offset of the first scalar that needs a placeholder, if any.
  ///
  /// Works on the UTF-8 of a `String`, which is always valid, so decoding
  /// needs no checks.
  static func firstUnsafeOffset(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    let n = utf8.count
    while i < n {
      let b = utf8[i]
      if b < 0x80 {
        if b < 0x20 || b == 0x7F { return i }
        i += 1
        continue
      }
      let (scalar, length) = decode(utf8, at: i)
      if replacement(for: scalar) != nil { return i }
      i += length
    }
    return nil
  }

  /// Copies `utf8` with placeholders, starting to replace at `first`.
  static func rebuild(_ utf8: UnsafeBufferPointer<UInt8>, from first: Int) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<first]))
    var i = first
    let n = utf8.count
    while i < n {
      let b = utf8[i]
      if b >= 0x20 && b < 0x7F {
        out.append(b)
        i += 1
        continue
      }
      let (scalar, length) = b < 0x80 ? (Unicode.Scalar(b), 1) : decode(utf8, at: i)
      if let placeholder = replacement(for: scalar) {
        out.append(contentsOf: UTF8.encode(placeholder)!)
      } else {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[i..<(i + length)]))
      }
      i += length
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes the non-ASCII scalar starting at `i` in valid UTF-8.
  @inline(__always)
  static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
    let b = UInt32(utf8[i])
    let value: UInt32
    let length: Int
    if b < 0xE0 {
      value = (b & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
      length = 2
    } else if b < 0xF0 {
      value = (b & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
      length = 3
    } else {
      value =
        (b & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6
        | UInt32(utf8[i + 3] & 0x3F)
      length = 4
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
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
