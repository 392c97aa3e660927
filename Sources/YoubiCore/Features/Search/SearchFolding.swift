/// How search compares text: both the schedule and the query are folded to
/// one form, then compared scalar for scalar.
///
/// The Swift 6.3 standard library has no public Unicode normalization (only
/// canonical comparison of `String`s and the underscored `_nfc`/`_NFD`), and
/// NFKC alone would not match hiragana with katakana, so the folding is this
/// small table, chosen for what people type into a search box:
///
/// | input | folds to |
/// |---|---|
/// | ASCII `A`–`Z` | `a`–`z` |
/// | full-width ASCII U+FF01–FF5E (`ＡＢＣ`, `１２３`, `！`) | ASCII, then lower case |
/// | ideographic space U+3000 | space |
/// | half-width katakana and punctuation U+FF61–FF9D (`ｶﾀｶﾅ`, `｡｢｣､･ｰ`) | full-width (`カタカナ`, `。「」、・ー`), as NFKC does |
/// | half-width voiced marks U+FF9E/FF9F after a kana (`ｶﾞ`, `ﾊﾟ`) | composed (`ガ`, `パ`); on their own, U+3099/309A |
/// | combining voiced marks U+3099/309A after a kana (`カ` + U+3099) | composed (`ガ`), as NFC does |
/// | hiragana U+3041–3096, `ゝ` `ゞ` | katakana U+30A1–30F6, `ヽ` `ヾ` |
/// | half-width symbols U+FFE0–FFEE (`￥`, `￩`) | as NFKC (`¥`, `←`) |
/// | any other scalar that changes when lower-cased (`É`, `Ω`) | its lower-case mapping |
///
/// So `ＡＢＣ` finds `abc`, `ｶﾀｶﾅ` finds `カタカナ`, `かめ` finds `カメ` and
/// `ｶﾞ` finds `ガ`. Left alone on purpose: small kana stay small (`ァ` is not
/// `ア`), accents stay (`é` is not `e`), and the rest of NFKC (`①`, `㍻`, `ﬁ`)
/// is not applied. Folding never produces U+0000, which the index uses as a
/// separator, and never changes the number of scalars except when composing
/// a voiced mark or lower-casing into several scalars.
public enum SearchFolding {
  /// `text`, folded.
  public static func fold(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    fold(text.unicodeScalars) { scalar, _ in
      out.append(scalar)
    } compose: { mark in
      guard let last = out.last, let kana = composed(last, mark) else { return false }
      out.removeLast()
      out.append(kana)
      return true
    }
    return String(out)
  }

  /// `text` folded, each folded scalar with the offset (in `text.unicodeScalars`)
  /// of the scalar it came from; a composed kana keeps its base's offset.
  static func foldWithOffsets(_ text: String) -> (scalars: [Unicode.Scalar], offsets: [Int]) {
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    scalars.reserveCapacity(text.utf8.count)
    offsets.reserveCapacity(text.utf8.count)
    fold(text.unicodeScalars) { scalar, offset in
      scalars.append(scalar)
      offsets.append(offset)
    } compose: { mark in
      guard let last = scalars.last, let kana = composed(last, mark) else { return false }
      scalars[scalars.count - 1] = kana
      return true
    }
    return (scalars, offsets)
  }

  /// Appends `text` folded, as UTF-8, to `bytes` (the search index's form).
  static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
    if appendFoldedByBytes(text, to: &bytes) { return }
    var lastStart = -1  // where the last scalar's bytes start, to replace it when composing
    fold(text.unicodeScalars) { scalar, _ in
      lastStart = bytes.count
      appendUTF8(scalar, to: &bytes)
    } compose: { mark in
      guard lastStart >= 0, let last = decodeLast(bytes, from: lastStart),
        let kana = composed(last, mark).flatMap(Unicode.Scalar.init)
      else { return false }
      bytes.removeSubrange(lastStart...)
      appendUTF8(kana, to: &bytes)
      return true
    }
  }

  /// The common case, folded byte by byte without decoding the text: ASCII
  /// (upper case lowered), hiragana (to katakana) and the rest of U+3001–30FF
  /// and U+3400–9FFF (kana, CJK punctuation and ideographs, as they are).
  /// Appends nothing and returns false when `text` has anything else (a voiced
  /// mark to compose, U+3000, full-width forms), which the scalar path folds.
  ///
  /// - Complexity: O(n) in the UTF-8 length.
  private static func appendFoldedByBytes(_ text: String, to bytes: inout [UInt8]) -> Bool {
    // Each folded character keeps its length: copy the text, then fold it in place.
    let start = bytes.count
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
    let done = bytes.withUnsafeMutableBufferPointer { all -> Bool in
      let utf8 = UnsafeMutableBufferPointer(rebasing: all[start...])
      var i = 0
      while i < utf8.count {
        let b = utf8[i]
        if b < 0x80 {
          if b >= 0x41 && b <= 0x5A { utf8[i] = b + 0x20 }
          i += 1
          continue
        }
        guard b >= 0xE3 && b <= 0xE9 else { return false }  // U+3000–9FFF only
        let v =
          UInt32(b & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
        switch v {
        case 0x3041...0x3096, 0x309D, 0x309E:
          let k = v + 0x60  // hiragana → katakana, three bytes still
          utf8[i] = UInt8(0xE0 | k >> 12)
          utf8[i + 1] = UInt8(0x80 | k >> 6 & 0x3F)
          utf8[i + 2] = UInt8(0x80 | k & 0x3F)
        case 0x3000, 0x3099, 0x309A: return false
        case 0x3001...0x30FF, 0x3400...0x9FFF: break
        default: return false
        }
        i += 3
      }
      return true
    }
    if !done { bytes.removeSubrange(start...) }
    return done
  }

  /// The folding itself: `emit` receives each folded scalar and the offset of
  /// the input scalar it came from; `compose` is offered each voiced mark and
  /// returns true when it merged it into the scalar emitted last.
  @inline(__always)
  static func fold(
    _ input: String.UnicodeScalarView, emit: (Unicode.Scalar, Int) -> Void,
    compose: (UInt32) -> Bool
  ) {
    var offset = 0
    for scalar in input {
      defer { offset += 1 }
      let v = scalar.value
      if v < 0x80 {
        emit(Unicode.Scalar(UInt8(v >= 0x41 && v <= 0x5A ? v + 0x20 : v)), offset)
        continue
      }
      var folded = v
      switch v {
      case 0x3041...0x3096, 0x309D, 0x309E: folded = v + 0x60  // hiragana → katakana
      case 0x3000: folded = 0x20
      case 0xFF01...0xFF5E:  // full-width ASCII
        folded = v - 0xFEE0
        if folded >= 0x41 && folded <= 0x5A { folded += 0x20 }
      case 0xFF61...0xFF9D: folded = halfwidthKana[Int(v - 0xFF61)]
      case 0xFF9E: folded = 0x3099
      case 0xFF9F: folded = 0x309A
      case 0xFFE0...0xFFEE: folded = halfwidthSymbols[Int(v - 0xFFE0)]
      case 0x3099, 0x309A: break
      case 0x3001...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7A3:
        break  // CJK, kana and Hangul: no case, nothing to fold
      default:
        if scalar.properties.changesWhenLowercased {
          for lower in scalar.properties.lowercaseMapping.unicodeScalars { emit(lower, offset) }
          continue
        }
      }
      if (folded == 0x3099 || folded == 0x309A) && compose(folded) { continue }
      emit(Unicode.Scalar(folded) ?? scalar, offset)
    }
  }

  /// The kana that `base` and a voiced (U+3099) or semi-voiced (U+309A) mark
  /// compose to, as NFC composes them; nil when they do not.
  static func composed(_ base: Unicode.Scalar, _ mark: UInt32) -> Unicode.Scalar? {
    composed(base.value, mark).flatMap(Unicode.Scalar.init)
  }

  static func composed(_ base: UInt32, _ mark: UInt32) -> UInt32? {
    let hagyo = (0x30CF...0x30DB).contains(base) && (base - 0x30CF) % 3 == 0  // ハヒフヘホ
    if mark == 0x309A { return hagyo ? base + 2 : nil }
    switch base {
    case 0x30AB...0x30C1 where base % 2 == 1: return base + 1  // カ … チ
    case 0x30C4, 0x30C6, 0x30C8: return base + 1  // ツテト
    case _ where hagyo: return base + 1
    case 0x30A6: return 0x30F4  // ウ → ヴ
    case 0x30EF...0x30F2: return base + 8  // ワヰヱヲ → ヷヸヹヺ
    case 0x30FD: return 0x30FE  // ヽ → ヾ
    default: return nil
    }
  }

  /// NFKC of U+FF61 … U+FF9D: half-width punctuation and katakana.
  static let halfwidthKana: [UInt32] =
    "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
    .unicodeScalars.map(\.value)

  /// NFKC of U+FFE0 … U+FFEE, except U+FFE3 (NFKC: a space and a combining
  /// macron) and the unassigned U+FFE7, which stay as they are.
  static let halfwidthSymbols: [UInt32] = [
    0xA2, 0xA3, 0xAC, 0xFFE3, 0xA6, 0xA5, 0x20A9, 0xFFE7,
    0x2502, 0x2190, 0x2191, 0x2192, 0x2193, 0x25A0, 0x25CB,
  ]

  @inline(__always)
  static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let v = scalar.value
    if v < 0x80 {
      bytes.append(UInt8(v))
    } else if v < 0x800 {
      bytes.append(UInt8(0xC0 | v >> 6))
      bytes.append(UInt8(0x80 | v & 0x3F))
    } else if v < 0x10000 {
      bytes.append(UInt8(0xE0 | v >> 12))
      bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | v & 0x3F))
    } else {
      bytes.append(UInt8(0xF0 | v >> 18))
      bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | v & 0x3F))
    }
  }

  /// The scalar whose UTF-8 starts at `start` (a kana: three bytes), if it is one.
  private static func decodeLast(_ bytes: [UInt8], from start: Int) -> UInt32? {
    guard bytes.count - start == 3, bytes[start] & 0xF0 == 0xE0 else { return nil }
    return UInt32(bytes[start] & 0x0F) << 12 | UInt32(bytes[start + 1] & 0x3F) << 6
      | UInt32(bytes[start + 2] & 0x3F)
  }
}
