import Schedule

/// Who a serial is, for remembering it: its source's id when it has one, else its
/// title; never its position, and never its author.
///
/// Marks and stars follow a serial when the schedule file is edited: entries
/// reordered, moved to another day, given a note, a time or a new spelling of the
/// author. An id (`"id"` in Youbi's own format, an iCalendar `UID`, a source's id)
/// identifies it whatever its title says; without one only a change of title makes
/// it a different serial. Whitespace is normalised (trimmed, runs collapsed to one
/// space) so fixing a stray space keeps the marks. Case and everything else count:
/// "One Piece" and "ONE PIECE" are different strings in a file a person wrote and
/// guessing otherwise could merge two serials.
///
/// Built from the raw schedule text, not the sanitized text the view draws:
/// two titles that differ only in control characters would sanitize alike.
///
/// Its hash is worked out once, when it is made: the counts of unread serials
/// look up every identity of a day's list, and hashing strings each time
/// cost a frame over 100,000 entries more than the frame itself.
public struct SerialID: Hashable, Sendable, CustomStringConvertible {
  /// The normalised title, or the id.
  public let text: String
  /// Whether `text` is an id rather than a title.
  public let isSourceID: Bool
  /// The hash of `text` and `isSourceID` (this process's seed, as every hash).
  private let digest: Int

  /// The serial known by `title`.
  public init(title: String) { self.init(text: Self.normalized(title), isSourceID: false) }

  /// The serial known by its source's `id`.
  public init(id: String) { self.init(text: Self.normalized(id), isSourceID: true) }

  private init(text: String, isSourceID: Bool) {
    self.text = text
    self.isSourceID = isSourceID
    var hasher = Hasher()
    hasher.combine(text)
    hasher.combine(isSourceID)
    digest = hasher.finalize()
  }

  public static func == (a: SerialID, b: SerialID) -> Bool {
    a.digest == b.digest && a.isSourceID == b.isSourceID && a.text == b.text
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

  /// The identity of `serial`: its source's id, else its own id, when it has a
  /// non-empty one; else its title.
  public init(_ serial: Serial) {
    if let id = serial.origin?.id ?? serial.id, !Self.normalized(id).isEmpty {
      self.init(id: id)
    } else {
      self.init(title: serial.title)
    }
  }

  /// The title it is known by; nil for one known by an id.
  public var title: String? { isSourceID ? nil : text }

  public var description: String { isSourceID ? "id " + text : text }

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
