/// An `http` or `https` URL that has been checked, the only kind Youbi will
/// hand to a browser.
///
/// A schedule's `url` is untrusted. The only way to make a `WebURL` is
/// `init(checking:)`, so code that opens links takes a `WebURL` and can never
/// be given a `file:`, `javascript:` or shell-looking string, as
/// `SafeSchedule` and `Canvas.draw` make raw text impossible to draw. The
/// checks:
///
/// - the scheme is `http` or `https` (any case), followed by `//` and a host;
/// - the host is not empty, and there is no user name or password
///   (`https://bank.example@evil.example/` is refused);
/// - a port, if any, is 1–65535;
/// - no whitespace, control, format (bidi, zero-width) or noncharacter code
///   points anywhere: such characters must be percent-encoded. Other
///   non-ASCII text (an IRI such as `https://例え.jp/作品`) is allowed;
/// - at most `maxLength` bytes.
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
  /// The longest URL accepted, in UTF-8 bytes.
  public static let maxLength = 2048

  public enum Scheme: String, Sendable {
    case http, https
  }

  /// The URL exactly as written. The only stored property, so a `Serial`
  /// with no URL or one costs the same 16 bytes.
  public let text: String

  public var scheme: Scheme { Self.parts(of: text).scheme }
  /// The host as written: a name, an IPv4 address or a bracketed IPv6 one.
  public var host: String { Self.parts(of: text).host }

  public var description: String { text }

  /// Why text is not an acceptable URL.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong
    /// A code point that must be percent-encoded.
    case forbiddenCharacter(Unicode.Scalar)
    /// No `scheme://` at the start.
    case notAURL
    /// A scheme other than http and https, as written (cut short).
    case scheme(String)
    case noHost
    case userInfo
    case badPort

    public var description: String {
      switch self {
      case .tooLong: "URL is longer than \(WebURL.maxLength) bytes"
      case .forbiddenCharacter(let s):
        s == " "
          ? "URL contains a space; write it as %20"
          : "URL contains \(WebURL.codePoint(s)), which must be percent-encoded"
      case .notAURL: "expected an http:// or https:// URL"
      case .scheme(let scheme):
        "URL scheme \"\(scheme)\" is not allowed; use http or https"
      case .noHost: "URL has no host"
      case .userInfo: "URL has a user name or password, which is not allowed"
      case .badPort: "URL has an invalid port; expected 1 to 65535"
      }
    }
  }

  /// Checks `text`; see the type's documentation for the rules.
  public init(checking text: String) throws(Problem) {
    guard text.utf8.count <= Self.maxLength else { throw .tooLong }
    var text = text
    // Most URLs are printable ASCII, which needs no look at each scalar. The bytes are
    // walked in place and nothing is allocated: a big file has a URL an item.
    if !text.withUTF8({ u in u.allSatisfy { $0 > 0x20 && $0 < 0x7F } }) {
      for scalar in text.unicodeScalars where Self.mustBeEncoded(scalar) {
        throw .forbiddenCharacter(scalar)
      }
    }
    try text.withUTF8 { u in Result { () throws(Problem) in _ = try Self.locate(utf8: u) } }.get()
    self.text = text
  }

  /// The scheme and host of a URL that passed the checks.
  static func parts(of text: String) -> (scheme: Scheme, host: String) {
    do {
      return try split(text)
    } catch {
      preconditionFailure("a WebURL is checked when it is made")
    }
  }

  /// Finds the scheme and host, checking the structure around them.
  ///
  /// Works on the UTF-8 bytes: every delimiter is ASCII, and walking bytes
  /// rather than `Character`s keeps a file of 100,000 URLs fast to load.
  static func split(_ text: String) throws(Problem) -> (scheme: Scheme, host: String) {
    var text = text
    return try text.withUTF8 { u in
      Result { () throws(Problem) in
        let (scheme, host) = try locate(utf8: u)
        return (scheme, String(decoding: UnsafeBufferPointer(rebasing: u[host]), as: UTF8.self))
      }
    }.get()
  }

  /// The scheme and where the host is in `u`, checking the structure around them.
  static func locate(utf8 u: UnsafeBufferPointer<UInt8>) throws(Problem) -> (
    scheme: Scheme, host: Range<Int>
  ) {
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    func isHex(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
    guard let colon = u.firstIndex(of: UInt8(ascii: ":")) else { throw .notAURL }
    let isScheme =
      colon > 0 && isLetter(u[0])
      && u[0..<colon].allSatisfy { b in
        isLetter(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
          || b == UInt8(ascii: ".")
      }
    guard isScheme else { throw .notAURL }
    let scheme = try Self.scheme(u[0..<colon])
    let slash = UInt8(ascii: "/")
    guard colon + 2 < u.count, u[colon + 1] == slash, u[colon + 2] == slash else {
      throw .noHost
    }
    let start = colon + 3
    var end = start
    while end < u.count && u[end] != slash && u[end] != UInt8(ascii: "?")
      && u[end] != UInt8(ascii: "#")
    {
      end += 1
    }
    let authority = start..<end
    if u[authority].contains(UInt8(ascii: "@")) { throw .userInfo }
    var host = authority
    if start < end && u[start] == UInt8(ascii: "[") {
      // An IPv6 literal; the port, if any, follows the `]`.
      guard let close = u[authority].firstIndex(of: UInt8(ascii: "]")) else { throw .noHost }
      host = start..<(close + 1)
      if close + 1 < end {
        guard u[close + 1] == UInt8(ascii: ":") else { throw .noHost }
        try checkPort(u[(close + 2)..<end])
      }
      let inside = u[(start + 1)..<close]
      guard !inside.isEmpty,
        inside.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
      else { throw .noHost }
    } else if let colonInHost = u[authority].lastIndex(of: UInt8(ascii: ":")) {
      host = start..<colonInHost
      try checkPort(u[(colonInHost + 1)..<end])
      if u[host].contains(UInt8(ascii: ":")) { throw .noHost }
    }
    guard !host.isEmpty else { throw .noHost }
    return (scheme, host)
  }

  /// `http` or `https` in any case; the scheme as written (cut short, lowercased) in the
  /// problem otherwise.
  static func scheme(_ name: Slice<UnsafeBufferPointer<UInt8>>) throws(Problem) -> Scheme {
    let lower = name.lazy.map { $0 | 0x20 }  // letters only matter: the rest fails either way
    if lower.elementsEqual("http".utf8) { return .http }
    if lower.elementsEqual("https".utf8) { return .https }
    throw .scheme(String(String(decoding: name, as: UTF8.self).lowercased().prefix(20)))
  }

  static func checkPort(_ digits: Slice<UnsafeBufferPointer<UInt8>>) throws(Problem) {
    guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { throw .badPort }
    let port = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    guard (1...65_535).contains(port) else { throw .badPort }
  }

  /// Whitespace, controls, format and other default-ignorable characters
  /// (Hangul fillers, variation selectors), separators, noncharacters,
  /// private-use and unassigned code points: invisible or ambiguous in a URL,
  /// so they must be percent-encoded.
  static func mustBeEncoded(_ s: Unicode.Scalar) -> Bool {
    if s.value <= 0x20 || s.value == 0x7F { return true }
    if s.isASCII { return false }
    let properties = s.properties
    if properties.isNoncharacterCodePoint || properties.isWhitespace
      || properties.isDefaultIgnorableCodePoint
    {
      return true
    }
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse,
      .surrogate, .unassigned:
      return true
    default:
      return false
    }
  }

  static func codePoint(_ s: Unicode.Scalar) -> String {
    let hex = String(s.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
