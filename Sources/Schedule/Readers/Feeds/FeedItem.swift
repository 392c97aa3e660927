/// One release a feed lists.
struct FeedItem: Sendable, Equatable {
  /// Its guid, id or link: what identifies it (`FeedItem.releaseID(_:)`).
  var id: String
  var title: String?
  var link: String?
  /// When it came out, in seconds since 1970 UTC.
  var published: Int64
  /// Its chapter or episode number, when it has a whole one.
  var chapter: Int?
  var line: Int?
}

extension FeedItem {
  /// The longest id kept as it is, in UTF-8 bytes; a longer one is cut (`releaseID`).
  static let maximumIDBytes = 256

  /// The id a release's mark is kept by (`Origin.release`), made of the item's raw
  /// `guid`, `id` or link.
  ///
  /// It is untrusted text that goes into the state file and survives between runs, so,
  /// as every other text of a source: a control character (C0, DEL, C1) or an invisible
  /// format one (bidi, zero-width) becomes U+FFFD, never kept raw. An id longer than
  /// `maximumIDBytes` keeps its first 200 bytes, then `…` and the FNV-1a hash of the
  /// whole raw id (stable between runs, unlike `Hasher`), so two long ids that share a
  /// beginning stay two ids, and a feed of megabyte-long guids costs a few hundred
  /// bytes a mark.
  static func releaseID(_ raw: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in raw.unicodeScalars {
      let v = scalar.value
      let unsafe =
        v < 0x20 || (0x7F...0x9F).contains(v) || scalar.properties.generalCategory == .format
      scalars.append(unsafe ? "\u{FFFD}" : scalar)
    }
    let safe = String(scalars)
    guard safe.utf8.count > maximumIDBytes else { return safe }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in safe.unicodeScalars {
      bytes += String(scalar).utf8.count
      if bytes > 200 { break }
      kept.append(scalar)
    }
    return String(kept) + "…" + fnv1a(raw)
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8, as 16 hexadecimal digits.
  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
