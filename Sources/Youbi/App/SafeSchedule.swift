import TerminalUI

/// A schedule whose every string has been through `SafeText`: the only kind the UI draws.
///
/// Schedule text is untrusted (an escape sequence in a title could rewrite the
/// screen or set the window title). Making it safe once, when it arrives — on
/// the loader's thread for a large file — keeps the frames cheap, and the type
/// makes it impossible to hand raw text to the view.
///
/// The search index is built here too, from the safe text (what is shown is
/// what is searched), so a large file is folded once, off the UI thread.
public struct SafeSchedule: Equatable, Sendable {
  public let title: String?
  /// Serials per day, indexed by `Weekday.rawValue`.
  private let days: [[Serial]]
  /// Every title, author and note, folded for search.
  public let searchIndex: SearchIndex

  /// Sanitizes every title, author and note, and folds them for search.
  ///
  /// - Complexity: O(total text).
  public init(_ raw: Schedule) {
    let days = Weekday.allCases.map { day in
      raw[day].map {
        Serial(
          title: SafeText.sanitize($0.title), author: $0.author.map(SafeText.sanitize),
          note: $0.note.map(SafeText.sanitize))
      }
    }
    self.days = days
    title = raw.title.map(SafeText.sanitize)
    searchIndex = SearchIndex(days: days)
  }

  /// The serials of `day`.
  public subscript(day: Weekday) -> [Serial] { days[day.rawValue] }

  /// Equal when title and serials are; the index follows from them.
  public static func == (a: SafeSchedule, b: SafeSchedule) -> Bool {
    a.title == b.title && a.days == b.days
  }
}
