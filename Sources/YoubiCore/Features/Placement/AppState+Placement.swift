import Schedule

/// Placing the schedules again around the date the pager goes to (`Placement`).
extension AppState {
  /// The date the sections must be placed near: the calendar's selected date while it is
  /// open, else today.
  var placementDate: CivilDate {
    switch mode {
    case .week: todayDate
    case .calendar: sections[current].calendar.selectedDate
    }
  }

  /// Reads every section again whose schedule is placed around another date than the one
  /// `placementDate` needs; a section being read is read again once that read is in (it
  /// was placed around the date asked for then). While the references are put off,
  /// nothing: every section is read again once they are in.
  mutating func placeAgainIfNeeded() -> [Effect] {
    guard placement.weeks != nil, !references.deferred else { return [] }
    placement.follow(placementDate)
    var effects: [Effect] = []
    for i in sections.indices
    where sections[i].schedule != nil && !sections[i].reload.loading
      && sections[i].placedAround != placement.around
    {
      guard let path = readPath(of: sections[i].source) else { continue }
      let load = read(path, pages: sections[i].pagePaths, for: [i])
      if !effects.contains(load) { effects.append(load) }
    }
    return effects
  }

  /// The read of `path` (and its other `pages`) for the sections at `indices`, placed
  /// around the date they are to be placed around now: they wait for it, and take that
  /// placement with its result (`loaded`).
  mutating func read(_ path: String, pages: [String] = [], for indices: [Int]) -> Effect {
    for i in indices {
      sections[i].reload.loading = true
      sections[i].reload.placing = placement.around
    }
    return .load(path: path, pages: pages, around: placement.around)
  }
}
