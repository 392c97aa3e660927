import Schedule

/// The rows of one section that a tracker's row stands for (`Joins`): left out of its
/// pages, its counts (tabs, headings, `b`), search and notifications.
public struct JoinedRows: Equatable, Sendable {
  /// Who they are.
  public private(set) var ids: Set<SerialID> = []
  /// The weekdays that list one of them: only those days' lists are filtered.
  public private(set) var days: Set<Weekday> = []

  public init() {}

  /// Adds the row `id` listed on `day`.
  mutating func insert(_ id: SerialID, on day: Weekday) {
    ids.insert(id)
    days.insert(day)
  }

  /// Whether none is hidden.
  public var isEmpty: Bool { ids.isEmpty }

  /// Whether the row `id` is hidden.
  public func contains(_ id: SerialID) -> Bool { !ids.isEmpty && ids.contains(id) }
}
