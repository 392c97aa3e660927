/// One serial published on a weekday.
public struct Serial: Equatable, Sendable {
  public var title: String
  public var author: String?
  public var note: String?

  public init(title: String, author: String? = nil, note: String? = nil) {
    self.title = title
    self.author = author
    self.note = note
  }
}

/// A week of serials. Strings are raw (untrusted); they are made safe when drawn.
public struct Schedule: Equatable, Sendable {
  /// Optional title shown in the UI.
  public var title: String?
  /// Serials per day; every weekday has an entry (possibly empty).
  public var days: [Weekday: [Serial]]

  public init(title: String? = nil, days: [Weekday: [Serial]] = [:]) {
    self.title = title
    var all: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases { all[day] = days[day] ?? [] }
    self.days = all
  }

  /// The serials of `day` (empty when none).
  public subscript(day: Weekday) -> [Serial] { days[day] ?? [] }
}
