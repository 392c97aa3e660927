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
  /// The weekdays with an entry limited by dates (`start`, `end`, `skip`): only their
  /// lists differ from one date to the next.
  private let dated: Set<Weekday>

  /// Sanitizes every title, author and note of the first section; the other
  /// fields (times, dates, links) were checked when read and are kept as they are.
  ///
  /// - Complexity: O(total text).
  public init(_ raw: Schedule) {
    self.init(raw.sections[0], title: raw.sections[0].title ?? raw.title)
  }

  /// Sanitizes every title, author and note of one section, shown under `title`,
  /// and orders each day by release time (`orderedByTime`).
  public init(_ raw: Schedule.Section, title: String?) {
    var days: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      days[day] = raw[day].orderedByTime().map { serial in
        var safe = serial
        safe.title = SafeText.sanitize(serial.title)
        safe.author = serial.author.map(SafeText.sanitize)
        safe.note = serial.note.map(SafeText.sanitize)
        return safe
      }
    }
    self.days = days
    self.dated = Set(Weekday.allCases.filter { days[$0]!.contains(where: \.isDated) })
    self.title = title.map(SafeText.sanitize)
  }

  /// Whether `day`'s list can change from one date to the next (an entry of it has dates).
  public func isDated(_ day: Weekday) -> Bool { dated.contains(day) }

  /// The serials of `day`.
  public subscript(day: Weekday) -> [Serial] { days[day] ?? [] }
}
