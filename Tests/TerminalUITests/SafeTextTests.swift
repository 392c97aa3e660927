import TestSupport
import Testing

@testable import TerminalUI

/// True for scalars that must never reach the terminal raw.
private func isForbidden(_ s: Unicode.Scalar) -> Bool {
  let v = s.value
  if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
  switch s.properties.generalCategory {
  case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
  default: break
  }
  return [0x061C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0xFEFF].contains(v)
    || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
}

private func expectClean(
  _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  for scalar in text.unicodeScalars {
    #expect(
      !isForbidden(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true)) survived",
      sourceLocation: sourceLocation)
  }
}

/// A test argument that prints escaped, so the test log itself never carries
/// raw escape sequences to the terminal running the tests.
struct Hostile: CustomTestStringConvertible, Sendable {
  let text: String
  var testDescription: String {
    text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
  }
}

@Suite struct SafeTextTests {
  /// Hostile strings: terminal escapes, C1, bidi, zero-width, and friends.
  static let hostile: [Hostile] =
    ([
      "\u{1B}]0;pwned title\u{07}",
      "\u{1B}]52;c;ZWNobyBoaQ==\u{07}",
      "\u{1B}]52;c;ZWNobyBoaQ==\u{1B}\\",
      "\u{1B}[2J\u{1B}[H",
      "\u{1B}[6n",
      "\u{9B}31mred\u{9B}0m",
      "\u{9D}0;x\u{9C}",
      "abc\u{202E}fdp.exe",
      "zero\u{200B}width\u{200C}\u{200D}\u{2060}\u{FEFF}",
      "\u{2066}iso\u{2069}\u{2067}\u{2068}\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}",
      "line\u{2028}para\u{2029}end",
      "tab\there\nnew\rline\u{0}nul\u{7F}del",
      "soft\u{AD}hyphen \u{E0041}\u{E007F} tags",
      "\u{115F}\u{3164}\u{FFA0}",
    ] as [String]).map(Hostile.init)

  @Test(arguments: hostile)
  func hostileStringsComeOutClean(_ sample: Hostile) {
    let input = sample.text
    let out = SafeText.sanitize(input)
    expectClean(out)
    #expect(out.unicodeScalars.count == input.unicodeScalars.count, "one placeholder per scalar")
  }

  @Test func escapeSequencesBecomeControlPictures() {
    #expect(SafeText.sanitize("\u{1B}]0;title\u{07}") == "␛]0;title␇")
    #expect(SafeText.sanitize("\u{1B}[2J") == "␛[2J")
    #expect(SafeText.sanitize("\u{1B}[6n") == "␛[6n")
    #expect(SafeText.sanitize("a\tb\nc\r") == "a␉b␊c␍")
    #expect(SafeText.sanitize("\u{0}\u{1F}\u{7F}") == "␀␟␡")
  }

  @Test func c1ControlsBecomeSubstituteSymbol() {
    #expect(SafeText.sanitize("\u{9B}2J") == "␦2J")
    #expect(SafeText.sanitize("\u{80}\u{9F}") == "␦␦")
    #expect(SafeText.sanitize("\u{A0}\u{A9}") == "\u{A0}©")
  }

  @Test func bidiAndZeroWidthBecomeQuestionMarks() {
    #expect(SafeText.sanitize("abc\u{202E}cod.exe") == "abc⁇cod.exe")
    #expect(SafeText.sanitize("a\u{200B}b") == "a⁇b")
    #expect(SafeText.sanitize("\u{FEFF}x") == "⁇x")
    #expect(SafeText.sanitize("👨\u{200D}👩") == "👨⁇👩")
  }

  @Test func safeTextIsReturnedUnchanged() {
    let samples = [
      "", "Plain ASCII title", "星屑の郵便配達", "Café", "e\u{301}", "\u{301}leading mark",
      "😀 emoji ❤\u{FE0F}", "한국어", "Ελληνικά", "עברית", "العربية",
    ]
    for s in samples {
      #expect(SafeText.sanitize(s) == s)
      #expect(SafeText.sanitize(s).unicodeScalars.elementsEqual(s.unicodeScalars))
    }
  }

  @Test func rawC1ByteAndInvalidUTF8BecomeReplacementCharacters() {
    // A raw 0x9B byte is not UTF-8 at all: it decodes to U+FFFD.
    #expect(SafeText.sanitize(bytes: [0x9B, 0x32, 0x4A]) == "\u{FFFD}2J")
    // U+009B properly encoded is a C1 control.
    #expect(SafeText.sanitize(bytes: [0xC2, 0x9B, 0x32, 0x4A]) == "␦2J")
  }

  static let invalidUTF8: [[UInt8]] = [
    [0xC0, 0xAF],  // overlong '/'
    [0xE0, 0x80, 0xAF],  // overlong, 3 bytes
    [0xF0, 0x80, 0x80, 0xAF],  // overlong, 4 bytes
    [0xE3, 0x81],  // truncated あ
    [0x41, 0xF0, 0x9F, 0x98],  // truncated emoji after 'A'
    [0x80],  // lone continuation
    [0xBF, 0xBF, 0x41],
    [0xED, 0xA0, 0x80],  // encoded high surrogate
    [0xED, 0xBF, 0xBF],  // encoded low surrogate
    [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
    [0xFE, 0xFF],
    [0x1B, 0x5B, 0xC0, 0x32, 0x4A],  // ESC [ then junk
  ]

  @Test(arguments: invalidUTF8)
  func invalidUTF8IsReplacedAndClean(_ bytes: [UInt8]) {
    let out = SafeText.sanitize(bytes: bytes)
    expectClean(out)
    #expect(out.unicodeScalars.contains(SafeText.invalidPlaceholder))
  }

  @Test func invalidUTF8ExactOutputs() {
    #expect(SafeText.sanitize(bytes: [0x41, 0x80, 0x42]) == "A\u{FFFD}B")
    #expect(SafeText.sanitize(bytes: [0xE3, 0x81]) == "\u{FFFD}")
    #expect(SafeText.sanitize(bytes: [0xED, 0xA0, 0x80]) == "\u{FFFD}\u{FFFD}\u{FFFD}")
    #expect(SafeText.sanitize(bytes: AnySequence([0xE3, 0x81, 0x82])) == "あ")
  }

  @Test func noncharactersAreReplaced() {
    var s = String.UnicodeScalarView()
    s.append(contentsOf: [0x61, 0xFFFE, 0x62, 0xFDD0, 0x10FFFF].map { Unicode.Scalar($0)! })
    #expect(SafeText.sanitize(String(s)) == "a\u{FFFD}b\u{FFFD}\u{FFFD}")
  }

  /// One pass over every scalar, shared by the tests below (each of them
  /// alone would walk all 1.1 million scalars again in a debug build).
  struct Census: Sendable {
    /// Forbidden scalars that `replacement(for:)` lets through.
    var missed: [UInt32] = []
    /// In the old hand-made table but no longer replaced.
    var lost: [UInt32] = []
    /// In the old table but not Cf: the extras the rule lists by hand.
    var extras: [UInt32] = []
    /// Replaced as invisible now but not in the old table.
    var added: [UInt32] = []
    /// Where the old noncharacter check and the standard library disagree.
    var nonchars: [UInt32] = []
    /// In the common-text shortcut but something the full rule replaces.
    var shortcutWrong: [UInt32] = []

    init() {
      for v in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(v) else { continue }
        if isForbidden(scalar) && SafeText.replacement(for: scalar) == nil { missed.append(v) }
        let old = SafeTextTests.handMadeTable(v)
        let invisible = SafeText.isInvisible(scalar)
        let noncharacter = scalar.properties.isNoncharacterCodePoint
        if old && !invisible { lost.append(v) }
        if old && scalar.properties.generalCategory != .format { extras.append(v) }
        if invisible && !old { added.append(v) }
        let oldNoncharacter = (v >= 0xFDD0 && v <= 0xFDEF) || (v & 0xFFFE) == 0xFFFE
        if oldNoncharacter != noncharacter { nonchars.append(v) }
        if v >= 0xA0 && SafeText.isCommonText(v) && (invisible || noncharacter) {
          shortcutWrong.append(v)
        }
      }
    }
  }

  static let census = Census()

  /// Every scalar the standard library calls a control, format or separator
  /// character gets a placeholder, so the rule cannot fall behind silently.
  @Test func everyForbiddenScalarIsReplaced() {
    let missed = Self.census.missed
    #expect(missed.isEmpty, "not replaced: \(missed.map { String($0, radix: 16) })")
  }

  /// The hand-made table of format characters (Unicode 15.1) that
  /// `SafeText` carried before it asked the standard library, kept as the
  /// reference the new rule must cover.
  static func handMadeTable(_ v: UInt32) -> Bool {
    switch v {
    case 0x00AD, 0x0600...0x0605, 0x061C, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x115F, 0x1160,
      0x180E, 0x200B...0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064,
      0x2066...0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x110BD, 0x110CD,
      0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001, 0xE0020...0xE007F:
      true
    default: false
    }
  }

  /// Over every scalar: the standard library's Cf covers the old table but
  /// for the listed extras, adds only format characters, and its
  /// noncharacters are exactly the old check's.
  @Test func formatTableMatchesTheStandardLibrary() {
    let c = Self.census
    #expect(c.lost.isEmpty, "the old table's \(c.lost.map { String($0, radix: 16) }) now pass")
    #expect(c.extras == [0x115F, 0x1160, 0x2028, 0x2029, 0x3164, 0xFFA0], "non-Cf extras")
    #expect(
      c.added.allSatisfy { Unicode.Scalar($0)!.properties.generalCategory == .format },
      "only format characters are added: \(c.added.map { String($0, radix: 16) })")
    #expect(
      c.nonchars.isEmpty, "noncharacters disagree at \(c.nonchars.map { String($0, radix: 16) })")
  }

  /// The shortcut past common CJK and emoji ranges skips nothing the full
  /// rule would replace.
  @Test func commonTextHoldsNothingToReplace() {
    let wrong = Self.census.shortcutWrong
    #expect(wrong.isEmpty, "\(wrong.map { String($0, radix: 16) })")
  }

  /// The byte shortcut `sanitize` takes first passes only scalars it would keep,
  /// and sends every other one the full way.
  @Test func plainlySafeBytesHoldNothingToReplace() {
    var passed = 0
    for v in UInt32(0)...0xFFFF {  // four-byte forms always go the full way
      guard let scalar = Unicode.Scalar(v), SafeText.isPlainlySafe("a\(scalar)b") else { continue }
      #expect(SafeText.replacement(for: scalar) == nil, "U+\(String(v, radix: 16))")
      passed += 1
    }
    #expect(passed == 0x5F + 0x7000 - 0xC0)  // printable ASCII, U+3000–9FFF but U+3100–31BF
    #expect(SafeText.sanitize("星屑の\u{1B}[2J") == "星屑の\u{241B}[2J")
  }

  @Test func placeholdersAreThemselvesSafe() {
    let placeholders =
      (0...0x1F).map { Unicode.Scalar(0x2400 + $0)! }
      + [
        "\u{2421}", SafeText.c1Placeholder, SafeText.formatPlaceholder, SafeText.invalidPlaceholder,
      ]
    for p in placeholders {
      #expect(SafeText.replacement(for: p) == nil)
      #expect(p.properties.generalCategory == .otherSymbol || p.value == 0x2047)
    }
  }

  @Test func seededFuzzNeverLeaksForbiddenScalars() {
    var rng = SplitMix64(seed: 0x5AFE_7E47)
    let interesting: [UInt8] = [0x1B, 0x9B, 0xC2, 0xE2, 0x80, 0x8E, 0xAE, 0xED, 0xEF, 0xBB, 0xBF]
    for _ in 0..<2_000 {
      let count = Int(rng.next() % 24)
      let bytes = (0..<count).map { _ -> UInt8 in
        rng.next() % 2 == 0
          ? interesting[Int(rng.next() % UInt64(interesting.count))]
          : UInt8(truncatingIfNeeded: rng.next())
      }
      let out = SafeText.sanitize(bytes: bytes)
      expectClean(out)
      // Same result as the obvious scalar-by-scalar definition.
      var reference = String.UnicodeScalarView()
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        reference.append(SafeText.replacement(for: scalar) ?? scalar)
      }
      #expect(out.unicodeScalars.elementsEqual(reference))
    }
  }
}
