import TerminalUI
import TestSupport
import Testing

@testable import CursesTerminal

/// One row of a decoding table: bytes as a terminal sends them, and what they mean.
struct Encoded: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let expected: [DecodedInput]

  init(_ name: String, _ text: String, _ expected: DecodedInput...) {
    self.init(name, Array(text.utf8), expected)
  }

  init(_ name: String, bytes: [UInt8], _ expected: DecodedInput...) {
    self.init(name, bytes, expected)
  }

  init(_ name: String, _ bytes: [UInt8], _ expected: [DecodedInput]) {
    self.name = name
    self.bytes = bytes
    self.expected = expected
  }

  var testDescription: String { name }
}

private let esc = "\u{1B}"
private func key(_ k: Key) -> DecodedInput { .key(k) }
private func char(_ c: Unicode.Scalar) -> DecodedInput { .key(.char(c)) }
private func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> DecodedInput {
  .mouse(MouseEvent(kind, x: x, y: y))
}

/// Decodes `bytes` all at once, then resolves anything pending as if time had passed.
private func decodeAll(_ bytes: [UInt8], oneByteAtATime: Bool = false) -> [DecodedInput] {
  var d = InputDecoder()
  var out: [DecodedInput] = []
  if oneByteAtATime {
    for b in bytes { out += d.feed([b], at: .zero) }
  } else {
    out = d.feed(bytes, at: .zero)
  }
  return out + d.expire(at: .seconds(10))
}

@Suite struct InputDecoderTests {
  static let keys: [Encoded] = [
    Encoded("ASCII and UTF-8", "a月😀", char("a"), char("月"), char("😀")),
    Encoded(
      "controls", "\r\n\t\u{7F}\u{08}\u{01}", key(.enter), key(.enter), key(.tab),
      key(.backspace), key(.backspace), char("\u{01}")),
    Encoded(
      "CSI arrows", "\(esc)[A\(esc)[B\(esc)[C\(esc)[D", key(.up), key(.down), key(.right),
      key(.left)),
    Encoded(
      "SS3 arrows", "\(esc)OA\(esc)OB\(esc)OC\(esc)OD", key(.up), key(.down), key(.right),
      key(.left)),
    Encoded(
      "modified arrows", "\(esc)[1;5C\(esc)[1;2A\(esc)[1;3D\(esc)O5B", key(.right),
      key(.up), key(.left), key(.down)),
    Encoded("rxvt modified arrows", "\(esc)[a\(esc)Od", key(.up), key(.left)),
    Encoded(
      "Home in every form", "\(esc)[1~\(esc)[7~\(esc)[H\(esc)OH\(esc)[1;5H\(esc)[7^\(esc)[7$",
      key(.home), key(.home), key(.home), key(.home), key(.home), key(.home), key(.home)),
    Encoded(
      "End in every form", "\(esc)[4~\(esc)[8~\(esc)[F\(esc)OF\(esc)[4;2~\(esc)[8@",
      key(.end), key(.end), key(.end), key(.end), key(.end), key(.end)),
    Encoded(
      "PgUp and PgDn", "\(esc)[5~\(esc)[6~\(esc)[5;5~\(esc)[6^\(esc)[5$", key(.pageUp),
      key(.pageDown), key(.pageUp), key(.pageDown), key(.pageUp)),
    Encoded("Insert and Delete are read whole and dropped", "\(esc)[2~\(esc)[3~\(esc)[3;5~"),
    Encoded(
      "F1–F4 as SS3 and modified CSI", "\(esc)OP\(esc)OS\(esc)[1;2P\(esc)O2Q",
      key(.function(1)), key(.function(4)), key(.function(1)), key(.function(2))),
    Encoded(
      "F-keys as CSI ~",
      "\(esc)[11~\(esc)[15~\(esc)[17~\(esc)[21~\(esc)[23~\(esc)[24~\(esc)[24;5~",
      key(.function(1)), key(.function(5)), key(.function(6)), key(.function(10)),
      key(.function(11)), key(.function(12)), key(.function(12))),
    Encoded("Linux console F1–F5", "\(esc)[[A\(esc)[[E", key(.function(1)), key(.function(5))),
    Encoded("Shift-Tab", "\(esc)[Z", key(.backTab)),
    Encoded(
      "keypad in application mode", "\(esc)OM\(esc)Oq\(esc)Ok", key(.enter), char("1"),
      char("+")),
  ]

  static let mice: [Encoded] = [
    Encoded(
      "X10 press and release", "\(esc)[M !!\(esc)[M#\"#", mouse(.press, 0, 0),
      mouse(.release, 1, 2)),
    Encoded("X10 q+% is a wheel report, never a q", "\(esc)[Mq+%", mouse(.wheelDown, 10, 4)),
    Encoded(
      "X10 raw bytes past column 95", bytes: [0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x21],
      mouse(.press, 222, 0)),
    Encoded(
      "SGR press, drag, release",
      "\(esc)[<0;5;3M\(esc)[<32;6;3M\(esc)[<32;7;4M\(esc)[<0;7;4m", mouse(.press, 4, 2),
      mouse(.drag, 5, 2), mouse(.drag, 6, 3), mouse(.release, 6, 3)),
    Encoded(
      "SGR wheel", "\(esc)[<64;2;2M\(esc)[<65;2;2M", mouse(.wheelUp, 1, 1),
      mouse(.wheelDown, 1, 1)),
    Encoded(
      "SGR past column 223", "\(esc)[<0;300;50M\(esc)[<0;300;50m", mouse(.press, 299, 49),
      mouse(.release, 299, 49)),
    Encoded(
      "urxvt 1015", "\(esc)[32;5;3M\(esc)[35;5;3M", mouse(.press, 4, 2),
      mouse(.release, 4, 2)),
    Encoded("motion with no button down is not a drag", "\(esc)[<32;5;3M\(esc)[<35;6;3M"),
    Encoded(
      "middle and right buttons are read and dropped",
      "\(esc)[<1;5;3M\(esc)[<2;5;3M\(esc)[<2;5;3m\(esc)[M\"!!"),
  ]

  static let others: [Encoded] = [
    Encoded(
      "bracketed paste is text, not keys", "\(esc)[200~hello q\r\(esc)[A\(esc)[201~",
      .paste("hello q\r\u{1B}[A")),
    Encoded(
      "an ESC in a paste that is not the end marker stays text",
      "\(esc)[200~a\(esc)[20x\(esc)\(esc)[201~", .paste("a\u{1B}[20x\u{1B}")),
    Encoded("DECRPM reply for mode 2026", "\(esc)[?2026;2$y", .modeReport(mode: 2026, setting: 2)),
    Encoded("focus events", "\(esc)[I\(esc)[O"),
    Encoded("OSC ended by BEL and by ST", "\(esc)]11;rgb:0000/0000/0000\u{07}\(esc)]0;t\(esc)\\"),
    Encoded("DCS, APC, PM", "\(esc)P1$r0m\(esc)\\\(esc)_Gi=1;OK\(esc)\\\(esc)^x\(esc)\\"),
    Encoded("replies and keys no one asked for", "\(esc)[12;40R\(esc)[?1;2c\(esc)[97;5u"),
    Encoded("Alt+key is no Escape", "\(esc)x\(esc)月\(esc)\r"),
    Encoded(
      "a CSI too long to keep is skipped whole",
      "\(esc)[" + String(repeating: "1;", count: 100) + "A"),
  ]

  static let badUTF8: [Encoded] = [
    Encoded("FF then q", bytes: [0xFF, 0x71], char("q")),
    Encoded("a lone continuation byte", bytes: [0x80, 0xBF, 0x71], char("q")),
    Encoded("a lead byte cut short", bytes: [0xE6, 0x9C, 0x71], char("q")),
    Encoded("overlong", bytes: [0xC0, 0xAF, 0xE0, 0x80, 0xAF, 0x71], char("q")),
    Encoded("surrogate", bytes: [0xED, 0xA0, 0x80, 0x71], char("q")),
    Encoded("past U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80, 0x71], char("q")),
    Encoded("a bad byte after ESC costs only itself", bytes: [0x1B, 0xFF, 0x5B, 0x41], key(.up)),
    Encoded("a C1 CSI byte is not a sequence", bytes: [0x9B, 0x41], char("A")),
  ]

  /// Each row decodes as expected, consumes its bytes whole (a key typed
  /// after it comes through alone), and decodes the same fed one byte at a time.
  @Test(arguments: keys + mice + others + badUTF8)
  func decodes(_ row: Encoded) {
    let bytes = row.bytes + Array("z".utf8)
    let expected = row.expected + [char("z")]
    #expect(decodeAll(bytes) == expected)
    #expect(decodeAll(bytes, oneByteAtATime: true) == expected, "one byte at a time")
  }

  @Test func loneEscapeIsEscapeOnlyAfterTheDelay() {
    var d = InputDecoder()
    #expect(d.feed([0x1B], at: .milliseconds(100)) == [])
    #expect(d.deadline == .milliseconds(125))
    #expect(d.expire(at: .milliseconds(124)) == [])
    #expect(d.expire(at: .milliseconds(125)) == [key(.escape)])
    #expect(d.deadline == nil)
  }

  @Test func escapeTwiceIsTwoPresses() {
    var d = InputDecoder()
    #expect(d.feed([0x1B, 0x1B], at: .zero) == [key(.escape)])
    #expect(d.expire(at: .milliseconds(25)) == [key(.escape)])
  }

  @Test func aSequenceSplitAcrossReadsIsStillOneKey() {
    var d = InputDecoder()
    #expect(d.feed([0x1B], at: .zero) == [])
    #expect(d.feed(Array("[1".utf8), at: .milliseconds(5)) == [])
    #expect(d.feed(Array("~".utf8), at: .milliseconds(10)) == [key(.home)])
  }

  @Test(arguments: ["\(esc)[", "\(esc)[<0;5", "\(esc)[M", "\(esc)[Mq", "\(esc)[Mq+", "\(esc)O"])
  func aTruncatedSequenceIsDroppedAtTheDelayAndKeysFlowAgain(prefix: String) {
    var d = InputDecoder()
    #expect(d.feed(Array(prefix.utf8), at: .zero) == [])
    #expect(d.expire(at: .milliseconds(25)) == [])
    #expect(d.feed(Array("q".utf8), at: .milliseconds(30)) == [char("q")])
  }

  @Test func aPasteWaitsLongerThanAnEscape() {
    var d = InputDecoder()
    #expect(d.feed(Array("\(esc)[200~ab".utf8), at: .zero) == [])
    #expect(d.expire(at: .milliseconds(400)) == [])
    #expect(d.feed(Array("c".utf8), at: .milliseconds(400)) == [])
    #expect(d.expire(at: .milliseconds(899)) == [])
    // The end marker never came: what arrived is still a paste, never keys.
    #expect(d.expire(at: .milliseconds(900)) == [.paste("abc")])
    #expect(d.feed(Array("q".utf8), at: .seconds(1)) == [char("q")])
  }

  @Test func aPasteIsCapped() {
    let big = String(repeating: "x", count: InputDecoder.pasteLimit + 1000)
    let out = decodeAll(Array("\(esc)[200~\(big)\(esc)[201~q".utf8))
    #expect(out.count == 2)
    #expect(out.first == .paste(String(repeating: "x", count: InputDecoder.pasteLimit)))
    #expect(out.last == char("q"))
  }

  @Test func dragNeedsTheButtonHeldAndReleaseEndsIt() {
    var d = InputDecoder()
    #expect(d.feed(Array("\(esc)[<32;5;3M".utf8), at: .zero) == [])
    #expect(d.feed(Array("\(esc)[<0;5;3M".utf8), at: .zero) == [mouse(.press, 4, 2)])
    #expect(d.buttonDown)
    #expect(
      d.feed(Array("\(esc)[<0;6;3m\(esc)[<32;7;3M".utf8), at: .zero) == [mouse(.release, 5, 2)])
    #expect(!d.buttonDown)
  }

  /// Whatever garbage comes first, once it has timed out a `q` is a `q`.
  @Test func randomBytesNeverSwallowWhatFollows() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    for round in 0..<2000 {
      var d = InputDecoder()
      let count = Int.random(in: 0...40, using: &rng)
      let bytes = (0..<count).map { _ in
        // Mostly the bytes sequences are made of, so the states get visited.
        Bool.random(using: &rng)
          ? Array("\u{1B}[O<;?$~0123456789MmAZ\u{07}\\]P".utf8).randomElement(using: &rng)!
          : UInt8.random(in: 0...255, using: &rng)
      }
      _ = d.feed(bytes, at: .zero)
      _ = d.expire(at: .seconds(1))
      #expect(d.deadline == nil, "seed \(seed), round \(round): \(bytes)")
      #expect(
        d.feed([0x71], at: .seconds(2)) == [char("q")], "seed \(seed), round \(round): \(bytes)")
    }
  }
}
