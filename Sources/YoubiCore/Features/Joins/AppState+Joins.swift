import Schedule

/// Keeping the joins of sources in step with the sections (`Joins`).
extension AppState {
  /// Works out, for every section that is not a tracker's list, the rows a tracker's
  /// row stands for, and hides them; returns whether any section's changed.
  ///
  /// Called when the state is made and when a section loads or reloads (a tracker's
  /// list fetched, a file read again), never per frame.
  ///
  /// - Complexity: O(rows of every section).
  @discardableResult
  mutating func refreshJoins() -> Bool {
    let trackers = sections.filter { account(of: $0) != nil }.compactMap(\.schedule)
    let joins = Joins(trackers: trackers)
    var changed = false
    for s in sections.indices {
      var joined = JoinedRows()
      if !joins.isEmpty, account(of: sections[s]) == nil, let schedule = sections[s].schedule {
        for day in Weekday.allCases {
          let list = schedule[day]
          let ids = schedule.identities[day.rawValue]
          for i in list.indices where joins.isJoined(list[i]) { joined.insert(ids[i], on: day) }
        }
      }
      guard sections[s].joined != joined else { continue }
      sections[s].refilter(rows: listRows) { $0.joined = joined }
      changed = true
    }
    if changed {
      clampLists()
      notifications.stale = true
    }
    return changed
  }
}
