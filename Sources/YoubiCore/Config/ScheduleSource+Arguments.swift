import Schedule

extension ScheduleSource {
  /// The source a command-line operand, `$YOUBI_SCHEDULE` or a config line
  /// names: `-` is standard input, text written as a URL (a scheme, then
  /// `://`) a subscription, anything else a file.
  ///
  /// A URL must be `http` or `https` (`WebURL`'s checks); any other scheme
  /// is refused rather than taken for a file name.
  public init(naming text: String) throws(WebURL.Problem) {
    if text == "-" {
      self = .standardInput
    } else if Self.isWrittenAsURL(text) {
      self = .url(try WebURL(checking: text))
    } else {
      self = .file(text)
    }
  }

  /// Whether `text` starts with a URL scheme and `://` (`https://`, `ftp://`).
  public static func isWrittenAsURL(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
      return false
    }
    let scheme = text[..<colon]
    guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
    else { return false }
    return scheme.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-"
          || $0 == ".")
    }
  }
}
