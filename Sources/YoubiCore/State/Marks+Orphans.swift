import Schedule

/// Forgetting the marks of a serial that matches nothing in its schedule any more.
///
/// An edit that changes what identifies a serial (its title, its id) leaves its marks
/// matching nothing. They are kept while the backlog still looks back at them, in case
/// the edit is undone, then forgotten. Forgetting leaves `keptFrom` behind, a date
/// that only moves later (a merge takes the later one), so a copy that still holds the
/// marks does not bring them back.
extension Marks {
  /// The serials of `schedule` holding a mark of a release before `date`: those that
  /// `forget(_:in:before:)` would change.
  ///
  /// - Complexity: O(marks of the schedule).
  public func marked(in schedule: ScheduleKey, before date: CivilDate) -> Set<SerialID> {
    var ids = Set<SerialID>()
    for (id, entry) in schedules[schedule] ?? [:] where entry.hasMark(before: date) {
      ids.insert(id)
    }
    return ids
  }

  /// Forgets the marks of releases of `id` before `date`; its star stays.
  public mutating func forget(_ id: SerialID, in schedule: ScheduleKey, before date: CivilDate) {
    guard schedules[schedule]?[id] != nil else { return }
    update(id, in: schedule) { entry in
      entry.keptFrom = max(entry.keptFrom ?? date, date)
      entry.forgetBeforeKept()
    }
  }
}

extension Marks.Entry {
  /// Whether a release before `date` is marked (seen or not: a tombstone is a mark too).
  func hasMark(before date: CivilDate) -> Bool {
    seen.keys.contains { $0 < date } || read.keys.contains { $0.monday.adding(days: 6) < date }
      || items.values.contains { $0.date < date }
  }

  /// Whether the release on `date` is one `keptFrom` forgets.
  func isForgotten(_ date: CivilDate) -> Bool {
    guard let keptFrom else { return false }
    return date < keptFrom
  }

  /// Drops the marks of releases before `keptFrom`: of dates before it, and of weeks
  /// that end before it.
  mutating func forgetBeforeKept() {
    guard let keptFrom else { return }
    seen = seen.filter { $0.key >= keptFrom }
    read = read.filter { $0.key.monday.adding(days: 6) >= keptFrom }
    episodes = episodes.filter { seen[$0.key] != nil }
    items = items.filter { $0.value.date >= keptFrom }
  }
}
