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
///
/// Its hash is worked out once, when it is made: the counts of unread serials
/// look up every identity of a day's list, and hashing two strings each time
/// cost a frame over 100,000 entries more than the frame itself.
public struct SerialID: Hashable, Sendable, CustomStringConvertible {
  public let title: String
  public let author: String?
  /// The hash of `title` and `author` (this process's seed, as every hash).
  private let digest: Int

  public init(title: String, author: String? = nil) {
    self.title = Self.normalized(title)
    let author = author.map(Self.normalized)
    self.author = author?.isEmpty == false ? author : nil
    var hasher = Hasher()
    hasher.combine(self.title)
    hasher.combine(self.author)
    digest = hasher.finalize()
  }

  public static func == (a: SerialID, b: SerialID) -> Bool {
    a.digest == b.digest && a.title == b.title && a.author == b.author
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

  /// The identity of `serial`.
  public init(_ serial: Serial) { self.init(title: serial.title, author: serial.author) }

  public var description: String { author.map { "\(title) / \($0)" } ?? title }

  /// Trims white space and collapses each run of it to one space.
  ///
  /// Text that is already normal (the usual case) is returned as it is, with
  /// no copy: every serial of a schedule gets an identity when it loads.
  static func normalized(_ text: String) -> String {
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
