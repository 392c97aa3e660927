import Schedule

/// Who a serial is, for remembering it: its title and author, never its position.
///
/// Marks and stars follow a serial when the schedule file is edited: entries
/// reordered, moved to another day, given a note or a time. Only a change of
/// title or author makes it a different serial. Whitespace is normalised
/// (trimmed, runs collapsed to one space) so fixing a stray space keeps the
/// marks, and an empty author is no author. Case and everything else count:
/// "One Piece" and "ONE PIECE" are different strings in a file a person wrote
/// and guessing otherwise could merge two serials.
///
/// Built from the raw schedule text, not the sanitized text the view draws:
/// two titles that differ only in control characters would sanitize alike.
public struct SerialID: Hashable, Sendable, CustomStringConvertible {
  public let title: String
  public let author: String?

  public init(title: String, author: String? = nil) {
    self.title = Self.normalized(title)
    let author = author.map(Self.normalized)
    self.author = author?.isEmpty == false ? author : nil
  }

  /// The identity of `serial`.
  public init(_ serial: Serial) { self.init(title: serial.title, author: serial.author) }

  public var description: String { author.map { "\(title) / \($0)" } ?? title }

  /// Trims white space and collapses each run of it to one space.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
