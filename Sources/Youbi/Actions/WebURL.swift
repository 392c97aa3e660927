/// An `http` or `https` URL that has been checked: the only kind of text the opener takes.
///
/// A schedule is untrusted, so its links are too. The check keeps anything
/// but a web address away from the browser (`file:`, `javascript:`, a bare
/// `-option`), and refuses characters that could hide what the link is or
/// break it apart: white space, control characters (C0, DEL, C1), and
/// invisible format characters (bidi overrides, zero-width spaces). Other
/// non-ASCII text, such as a Japanese path, is kept as written.
///
/// The opener never passes it through a shell (it is one argument of an
/// argument vector), so `$(…)`, backquotes, `;` and quotes in it are inert.
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
  /// The URL exactly as written in the schedule.
  public let text: String

  /// Longer than this is not a link a person put in a schedule.
  public static let maxLength = 8192

  /// The checked URL; nil unless `text` is an absolute http(s) URL with a host.
  public init?(_ text: String) {
    guard text.utf8.count <= Self.maxLength else { return nil }
    let lower = text.prefix(8).lowercased()
    let rest: Substring
    if lower.hasPrefix("https://") {
      rest = text.dropFirst(8)
    } else if lower.hasPrefix("http://") {
      rest = text.dropFirst(7)
    } else {
      return nil
    }
    // The authority (user info, host, port) runs to the first '/', '?' or '#'.
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    guard !host.isEmpty, !host.hasPrefix(":") else { return nil }
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if v < 0x21 || (0x7F...0x9F).contains(v) { return nil }
      let properties = scalar.properties
      if properties.isWhitespace || properties.generalCategory == .format
        || properties.isNoncharacterCodePoint || properties.generalCategory == .surrogate
        || properties.generalCategory == .privateUse
      {
        return nil
      }
    }
    self.text = text
  }

  public var description: String { text }
}
