import Schedule

/// Placing the schedules again as today and the calendar's date move (`Placement`).
extension AppState {
  /// Reads every section again whose schedule is placed within another horizon than the
  /// one today and the date shown (the calendar's selected date while it is open) need; a
  /// section being read is read again once that read is in (placed within the horizon
  /// asked for then). While the references are put off, nothing: every section is read
  /// again once they are in. Standard input cannot be read again: its sections keep the
  /// start's placement (a run that reads it places two years each way).
  mutating func placeAgainIfNeeded() -> [Effect] {
    guard placement.weeks != nil, !references.deferred else { return [] }
    let shown =
      switch mode {
      case .week: todayDate
      case .calendar: sections[current].calendar.selectedDate
      }
    placement.follow(today: todayDate, shown: shown)
    var effects: [Effect] = []
    for i in sections.indices
    where sections[i].schedule != nil && !sections[i].reload.loading
      && sections[i].placed != placement.horizon && sections[i].source != .standardInput
    {
      guard let path = readPath(of: sections[i].source) else { continue }
      let load = read(path, pages: sections[i].pagePaths, for: [i])
      if !effects.contains(load) { effects.append(load) }
    }
    return effects
  }

  /// The read of `path` (and its other `pages`) for the sections at `indices`, placed
  /// within the horizon they are to be placed within now: they wait for it, and take
  /// that horizon with its result (`loaded`).
  mutating func read(_ path: String, pages: [String] = [], for indices: [Int]) -> Effect {
    for i in indices {
      sections[i].reload.loading = true
      sections[i].reload.placing = placement.horizon
    }
    return .load(path: path, pages: pages, horizon: placement.horizon)
  }
}
