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
/// | format characters (Cf, as the standard library's Unicode tables say: bidi marks, embeddings, overrides and isolates, zero-width space/joiners, BOM, soft hyphen, word joiner, tags, …), U+2028/2029, Hangul fillers | `⁇` (U+2047) |
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
  /// When nothing needs replacing, `s` itself is returned (no copy). The
  /// standard library decodes the UTF-8; there is no second decoder here.
  ///
  /// - Complexity: O(n) in the UTF-8 length; one scan when nothing changes.
  public static func sanitize(_ s: String) -> String {
    if isPlainlySafe(s) { return s }
    let scalars = s.unicodeScalars
    guard let first = scalars.firstIndex(where: isUnsafe) else { return s }
    var out = String.UnicodeScalarView(scalars[..<first])
    for scalar in scalars[first...] { out.append(replacement(for: scalar) ?? scalar) }
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

  /// Whether every scalar of `s` is certainly safe, judged from its UTF-8
  /// bytes alone: printable ASCII, and the three-byte forms of U+3000–U+9FFF
  /// except U+3100–31BF (kana, CJK punctuation and ideographs, within
  /// `isCommonText`). A week of Japanese titles passes without decoding a
  /// scalar; `false` only means "look closer".
  ///
  /// - Complexity: O(n) in the UTF-8 length.
  static func isPlainlySafe(_ s: String) -> Bool {
    s.utf8.withContiguousStorageIfAvailable { bytes in
      var i = 0
      while i < bytes.count {
        let b = bytes[i]
        if b >= 0x20 && b < 0x7F {
          i += 1
        } else if b >= 0xE3 && b <= 0xE9 && !(b == 0xE3 && (0x84...0x86).contains(bytes[i + 1])) {
          i += 3  // a String's UTF-8 is valid: two continuation bytes follow
        } else {
          return false
        }
      }
      return true
    } ?? false
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
    if v < 0xAD || isCommonText(v) { return nil }
    if isInvisible(scalar) { return formatPlaceholder }
    if scalar.properties.isNoncharacterCodePoint { return invalidPlaceholder }
    return nil
  }

  /// CJK punctuation, kana, ideographs, Hangul syllables, full-width forms
  /// and emoji: ranges in which the standard library's tables have nothing
  /// to replace, passed without a table lookup so a screen of Japanese
  /// draws as fast as it did with a hand-made table. Dashes, quotes and the
  /// ellipsis (U+2010–2027), arrows to dingbats (U+2190–27FF: the wide view's
  /// rules, the tab bar's indicator, the cursor's mark) are drawn every frame.
  ///
  /// Not a list of what to replace, only a shortcut:
  /// `SafeTextTests.commonTextHoldsNothingToReplace` asks the standard
  /// library about every scalar in it.
  @inlinable
  static func isCommonText(_ v: UInt32) -> Bool {
    switch v {
    // U+3130–318F (Hangul compatibility jamo) is left out: U+3164 is a filler.
    case 0x2010..<0x2028, 0x2190..<0x2800, 0x3000..<0x3130, 0x3190..<0xA000, 0xAC00..<0xD7A4,
      0xFF00..<0xFFA0, 0x1F300..<0x1FB00:
      true
    default: false
    }
  }

  /// Format characters (general category Cf, from the standard library's
  /// Unicode tables), and the few invisible characters that are not Cf.
  ///
  /// The extras, each drawn as nothing by terminals yet not in Cf:
  /// - U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (Zl, Zp): some
  ///   terminals and pagers break the line there;
  /// - the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0 (Lo): letters
  ///   by category, but blank, and used to hide text.
  /// `SafeTextTests.formatTableMatchesTheStandardLibrary` compares this with
  /// the hand-made Unicode 15.1 table it replaced, over every scalar.
  @usableFromInline
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0: true
    default: scalar.properties.generalCategory == .format
    }
  }
}
