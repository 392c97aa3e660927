import Testing

@testable import CursesTerminal

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
