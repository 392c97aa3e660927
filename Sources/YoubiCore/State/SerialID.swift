import Schedule

/// Who a serial is, for remembering it: its source's id when it has one, else its
/// title; never its position, and never its author.
///
/// Marks and stars follow a serial when the schedule file is edited: entries
/// reordered, moved to another day, given a note, a time or a new spelling of the
/// author. An id (`"id"` in Youbi's own format, an iCalendar `UID`, a source's id)
/// identifies it whatever its title says; without one only a change of title makes
/// it a different serial. Whitespace is normalised (trimmed, runs collapsed to one
/// space) so fixing a stray space keeps the marks. Case and everything else count:
/// "One Piece" and "ONE PIECE" are different strings in a file a person wrote and
/// guessing otherwise could merge two serials.
///
/// Built from the raw schedule text, not the sanitized text the view draws:
/// two titles that differ only in control characters would sanitize alike.
///
/// Its hash is worked out once, when it is made: the counts of unread serials
/// look up every identity of a day's list, and hashing strings each time
/// cost a frame over 100,000 entries more than the frame itself.
public struct SerialID: Hashable, Sendable, CustomStringConvertible {
  /// The normalised title, or the id.
  public let text: String
  /// The hash of `text` and whether it is an id (this process's seed, as every hash),
  /// its lowest bit replaced by that: 24 bytes an identity, not 32 (a large week has an
  /// identity for each of its tens of thousands of entries).
  private let tagged: Int

  /// Whether `text` is an id rather than a title.
  public var isSourceID: Bool { tagged & 1 == 1 }

  /// The serial known by `title`.
  public init(title: String) { self.init(text: Self.normalized(title), isSourceID: false) }

  /// The serial known by its source's `id`.
  public init(id: String) { self.init(text: Self.normalized(id), isSourceID: true) }

  private init(text: String, isSourceID: Bool) {
    self.text = text
    var hasher = Hasher()
    // Its UTF-8 bytes, as `==` compares them: hashing the `String` would
    // normalise every non-ASCII title to NFC first, a third of the cost of
    // reading a week of Japanese titles.
    let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
    hasher.combine(isSourceID)
    tagged = hasher.finalize() & ~1 | (isSourceID ? 1 : 0)
  }

  /// Equal when the texts are the same bytes (a title spelled with composed
  /// accents and one with combining marks are two serials, as they are two
  /// strings in the file).
  public static func == (a: SerialID, b: SerialID) -> Bool {
    a.tagged == b.tagged && a.text.utf8.elementsEqual(b.text.utf8)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(tagged) }

  /// The identity of `serial`: its source's id, else its own id, when it has a
  /// non-empty one; else its title.
  public init(_ serial: borrowing Serial) {
    if let id = serial.origin?.id ?? serial.id, !Self.normalized(id).isEmpty {
      self.init(id: id)
    } else {
      self.init(title: serial.title)
    }
  }

  /// The title it is known by; nil for one known by an id.
  public var title: String? { isSourceID ? nil : text }

  public var description: String { isSourceID ? "id " + text : text }

  /// Trims white space and collapses each run of it to one space.
  ///
  /// Text that is already normal (the usual case) is returned as it is, with
  /// no copy: every serial of a schedule gets an identity when it loads.
  static func normalized(_ text: String) -> String {
    isPlainlyNormal(text) ? text : checkedByCharacter(text)
  }

  /// Whether `text` is certainly normal, from its scalars alone: no control, no
  /// white space but single spaces between other text, and after each space a
  /// scalar that starts a character of its own (printable ASCII, kana, CJK), so
  /// every space is a `Character` by itself. Most titles pass; a start checks
  /// every serial, and this avoids grapheme breaking and Unicode property
  /// lookups (a fifth of a start's work when every title went through them).
  /// `false` only means "look closer".
  private static func isPlainlyNormal(_ text: String) -> Bool {
    var text = text
    return text.withUTF8(isPlainlyNormal(utf8:))
  }

  /// `isPlainlyNormal` over a string's UTF-8 (valid, as every `String`'s is), each
  /// scalar it must look at decoded where it is: walking `unicodeScalars` cost more
  /// than the test.
  private static func isPlainlyNormal(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var afterSpace = true  // so a leading space counts as a run
    var i = 0
    while i < bytes.count {
      let lead = bytes[i]
      // Printable ASCII but the space, and after anything but a space the three-byte
      // forms of kana and CJK (U+3000–9FFF, whose only white space is U+3000): what
      // the test below finds, without decoding a scalar.
      if lead > 0x20 && lead < 0x7F {
        afterSpace = false
        i += 1
        continue
      }
      if !afterSpace && lead >= 0xE3 && lead <= 0xE9
        && !(lead == 0xE3 && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80)
      {
        i += 3
        continue
      }
      var v = UInt32(lead)
      if lead < 0x80 {
        i += 1
      } else if lead < 0xE0 {
        v = (v & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
        i += 2
      } else if lead < 0xF0 {
        v = (v & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        i += 3
      } else {
        v =
          (v & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
          | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
        i += 4
      }
      if v == 0x20 {
        if afterSpace { return false }
        afterSpace = true
        continue
      }
      if v < 0x20 || (0x7F...0xA0).contains(v) || isWhitespaceBeyondLatin1(v) { return false }
      if afterSpace && !startsCharacter(v) { return false }
      afterSpace = false
    }
    return !afterSpace
  }

  /// The White_Space scalars above U+00FF (Unicode 15; the set has not changed since 6.3).
  private static func isWhitespaceBeyondLatin1(_ v: UInt32) -> Bool {
    guard v >= 0x1680 && v <= 0x3000 else { return false }  // kana and CJK: at once
    return v == 0x1680 || (0x2000...0x200A).contains(v) || v == 0x2028 || v == 0x2029
      || v == 0x202F || v == 0x205F || v == 0x3000
  }

  /// Scalars that never join the character before them (Grapheme_Cluster_Break
  /// Other): printable ASCII, hiragana and katakana letters, CJK ideographs and
  /// full-width ASCII. Anything else after a space sends the text the slow way.
  private static func startsCharacter(_ v: UInt32) -> Bool {
    (0x21...0x7E).contains(v) || (0x3041...0x3096).contains(v) || (0x30A1...0x30FA).contains(v)
      || (0x4E00...0x9FFF).contains(v) || (0xFF01...0xFF5E).contains(v)
  }

  /// The exact check, a `Character` at a time (what `isWhitespace` means for text).
  private static func checkedByCharacter(_ text: String) -> String {
    var previousIsSpace = true  // so a leading space counts as a run
    for character in text {
      let isWhite = character.isWhitespace
      if isWhite && (previousIsSpace || character != " ") { return collapsed(text) }
      previousIsSpace = isWhite
    }
    return previousIsSpace && !text.isEmpty ? collapsed(text) : text
  }

  private static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
