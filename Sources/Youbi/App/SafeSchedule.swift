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

  /// Sanitizes every title, author and note of the first section; the other
  /// fields (times, dates, links) were checked when read and are kept as they are.
  ///
  /// - Complexity: O(total text).
  public init(_ raw: Schedule) {
    self.init(raw.sections[0], title: raw.sections[0].title ?? raw.title)
  }

  /// Sanitizes every title, author and note of one section, shown under `title`.
  public init(_ raw: Schedule.Section, title: String?) {
    var days: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      days[day] = raw[day].map { serial in
        var safe = serial
        safe.title = SafeText.sanitize(serial.title)
        safe.author = serial.author.map(SafeText.sanitize)
        safe.note = serial.note.map(SafeText.sanitize)
        return safe
      }
    }
    self.days = days
    self.title = title.map(SafeText.sanitize)
  }

  /// The serials of `day`.
  public subscript(day: Weekday) -> [Serial] { days[day] ?? [] }
}
