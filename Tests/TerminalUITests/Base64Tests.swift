import Testing

@testable import TerminalUI

@Suite struct Base64Tests {
  /// RFC 4648 §10 test vectors.
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func encodesTheRFCVectors(input: String, expected: String) {
    #expect(Base64.encode(Array(input.utf8)) == expected)
  }

  @Test func encodesEveryByteValue() {
    #expect(Base64.encode([0xFF, 0x00, 0xFE]) == "/wD+")
  }
}

@Suite struct ClipboardSequenceTests {
  @Test func osc52CarriesTheTextAsBase64() {
    #expect(ControlSequence.clipboard("hi").bytes == Array("\u{1B}]52;c;aGk=\u{07}".utf8))
    // A hostile text cannot end the sequence: it is all base64.
    let hostile = ControlSequence.clipboard("\u{07}\u{1B}]0;x\u{07}")
    #expect(hostile.bytes.filter { $0 == 0x07 || $0 == 0x1B }.count == 2)
  }
}
