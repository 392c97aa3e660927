import Testing

@testable import Schedule

@Suite struct WebURLTests {
  static let good: [(String, WebURL.Scheme, String)] = [
    ("https://example.com", .https, "example.com"),
    ("http://example.com/a/b?c=d#e", .http, "example.com"),
    ("HTTPS://Example.COM/", .https, "Example.COM"),
    ("https://example.com:8443/x", .https, "example.com"),
    ("https://192.0.2.1/", .https, "192.0.2.1"),
    ("https://[2001:db8::1]:443/", .https, "[2001:db8::1]"),
    ("https://例え.jp/作品?話=3", .https, "例え.jp"),
    ("https://example.com?q", .https, "example.com"),
    ("https://a.b/%20space", .https, "a.b"),
  ]

  @Test(arguments: good)
  func acceptsHTTPAndHTTPS(_ text: String, _ scheme: WebURL.Scheme, _ host: String) throws {
    let url = try WebURL(checking: text)
    #expect(url.text == text)
    #expect(url.scheme == scheme)
    #expect(url.host == host)
  }

  static let bad: [(String, WebURL.Problem)] = [
    ("ftp://example.com", .scheme("ftp")),
    ("file:///etc/passwd", .scheme("file")),
    ("javascript:alert(1)", .scheme("javascript")),
    ("data:text/html,hi", .scheme("data")),
    ("example.com", .notAURL),
    ("//example.com", .notAURL),
    ("1http://x", .notAURL),
    ("https:example.com", .noHost),
    ("https://", .noHost),
    ("https:///path", .noHost),
    ("https://:80/", .noHost),
    ("https://[::1/", .noHost),
    ("https://user:pass@example.com/", .userInfo),
    ("https://bank.example@evil.example/", .userInfo),
    ("https://example.com:0/", .badPort),
    ("https://example.com:65536/", .badPort),
    ("https://example.com:/", .badPort),
    ("https://example.com:8x/", .badPort),
    ("https://exa mple.com", .forbiddenCharacter(" ")),
    ("https://example.com/\u{1B}[2J", .forbiddenCharacter("\u{1B}")),
    ("https://example.com/\n", .forbiddenCharacter("\n")),
    ("https://example.com/\u{9B}", .forbiddenCharacter("\u{9B}")),
    ("https://example.com/\u{202E}gpj.exe", .forbiddenCharacter("\u{202E}")),
    ("https://exa\u{200B}mple.com", .forbiddenCharacter("\u{200B}")),
    ("https://example.com/\u{3000}", .forbiddenCharacter("\u{3000}")),
    ("https://example.com/\u{3164}", .forbiddenCharacter("\u{3164}")),
    ("https://example.com/\u{FFFE}", .forbiddenCharacter("\u{FFFE}")),
    ("https://example.com/\u{E000}", .forbiddenCharacter("\u{E000}")),
    ("https://example.com/" + String(repeating: "a", count: WebURL.maxLength), .tooLong),
  ]

  @Test(arguments: bad)
  func refusesEverythingElse(_ text: String, _ problem: WebURL.Problem) {
    #expect(throws: problem) { try WebURL(checking: text) }
  }

  @Test func problemsReadAsMessages() {
    #expect(
      WebURL.Problem.forbiddenCharacter("\u{202E}").description
        == "URL contains U+202E, which must be percent-encoded")
    #expect(
      WebURL.Problem.scheme("ftp").description
        == #"URL scheme "ftp" is not allowed; use http or https"#)
  }
}
