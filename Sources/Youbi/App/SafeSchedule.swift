import Schedule
import TerminalUI

/// A schedule whose every string has been through `SafeText`: the only kind the UI draws.
///
/// Schedule text is untrusted (an escape sequence in a title could rewrite the
/// screen or set the window title). Making it safe once, when it arrives — on
/// the loader's thread for a large file — keeps the frames cheap, and the type
/// makes it impossible to hand raw text to the view.
public struct SafeSchedule: Equatable, Sendable {
  public let title: String?
  private let days: [Weekday: [Serial]]

  /// Sanitizes every title, author and note.
  ///
  /// - Complexity: O(total text).
  public init(_ raw: Schedule) {
    var days: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      days[day] = raw[day].map {
        Serial(
          title: SafeText.sanitize($0.title), author: $0.author.map(SafeText.sanitize),
          note: $0.note.map(SafeText.sanitize))
      }
    }
    self.days = days
    title = raw.title.map(SafeText.sanitize)
  }

  /// The serials of `day`.
  public subscript(day: Weekday) -> [Serial] { days[day] ?? [] }
}
